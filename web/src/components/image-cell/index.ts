export { isImageValue } from './image';

export { ImageCell, type ImageCellProps } from './image-cell';
export { CropDialog, type CropDialogProps } from './crop-dialog';
export {
  CROP_BOUNDARY,
  CROP_QUALITY,
  CROP_VIEWPORT,
  IMAGE_UPLOAD_ERROR,
  IMAGE_WORKING_ERROR,
  cropToPng,
  isImageValue,
  uploadImage,
  type ImageValue,
} from './image';

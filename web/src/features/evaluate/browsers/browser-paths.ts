// The browsers' links are shared with the app shell (the notifications' entries), so they live in lib/.
export { browserLink } from '../../../lib/watches';

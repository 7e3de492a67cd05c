/**
 * The media feature's public entry: storing, deleting and addressing uploaded pictures, for the
 * features whose records carry one (dishes, menus, the public menu, the demo), and copying a picture
 * of the media library for such a record (`copyMediaImage`), and adding an uploaded record picture to
 * the library (`addUploadToLibrary`).
 */
export {
  copyStoredImage,
  deleteImage,
  type ImageKind,
  imageUrls,
  presentImage,
  storeImage,
} from './image.service.ts';
export { addUploadToLibrary, copyMediaImage } from './media-library.service.ts';

import type { ImageVariants } from './workshop.ts';

// Its own module, free of zod, so the public menu's hydration script can import it without the
// workshop's schemas.

/**
 * The sizes of a picture: its variants when the server made them, or its one URL in every size
 * (a new file shown in the owner's preview, an image known only by its path).
 */
export const pictureOf = (url: string | null, variants: ImageVariants | null): ImageVariants | null =>
  variants ?? (url ? { thumb: url, card: url, full: url } : null);

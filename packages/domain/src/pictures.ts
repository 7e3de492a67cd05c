import type { ImageVariants } from './workshop.ts';

// Its own module, free of zod, so the public menu's hydration script can import it without the
// workshop's schemas.

/**
 * The one shape of a dish photo, width over height (issue 11 item 4; docs/decisions.md "First run,
 * photos and copy"). The dish form crops to it once, the server's dish variants are cut to it, and
 * every menu template shows it whole, so no template cuts the owner's framing a second time.
 */
export const DISH_IMAGE_ASPECT = 4 / 3;

/**
 * The sizes of a picture: its variants when the server made them, or its one URL in every size
 * (a new file shown in the owner's preview, an image known only by its path).
 */
export const pictureOf = (url: string | null, variants: ImageVariants | null): ImageVariants | null =>
  variants ?? (url ? { thumb: url, card: url, full: url } : null);

/**
 * The web fonts a menu may use: 50 of the most used families of the Google Fonts library, most
 * popular first. The specification fetched them from a fonts service and kept the first 50 (doc 1
 * §7, §9); a fixed list keeps the owner area free of third-party calls and gives every menu the same
 * choice.
 */
export const menuFonts = [
  'Roboto',
  'Open Sans',
  'Noto Sans',
  'Montserrat',
  'Lato',
  'Poppins',
  'Inter',
  'Roboto Condensed',
  'Oswald',
  'Raleway',
  'Nunito',
  'Nunito Sans',
  'Ubuntu',
  'Rubik',
  'Playfair Display',
  'Merriweather',
  'Roboto Slab',
  'PT Sans',
  'Kanit',
  'Work Sans',
  'Lora',
  'DM Sans',
  'Mukta',
  'Fira Sans',
  'Quicksand',
  'Barlow',
  'Noto Serif',
  'Manrope',
  'Inconsolata',
  'Titillium Web',
  'Mulish',
  'IBM Plex Sans',
  'PT Serif',
  'Heebo',
  'Karla',
  'Libre Baskerville',
  'Josefin Sans',
  'Bebas Neue',
  'Libre Franklin',
  'Source Code Pro',
  'Dancing Script',
  'Arimo',
  'Cabin',
  'Dosis',
  'EB Garamond',
  'Pacifico',
  'Lobster',
  'Abril Fatface',
  'Caveat',
  'Cormorant Garamond',
] as const;

export type MenuFont = (typeof menuFonts)[number];

/** The fonts of a new menu (the server's defaults). */
export const defaultMenuFonts = { primary: 'Roboto', secondary: 'Open Sans', tertiary: 'Lato' } as const;

// Its own module, free of zod, so the public menu's hydration script can import it cheaply.

/**
 * The restaurant's profile (doc 2 §2 Settings screen, §3 Restaurant): social links, the public
 * menu's call-to-action button, the QR code settings, and the rules that turn them into links.
 */

/** Social media kinds (doc 2 §3). */
export const socialMedia = ['facebook', 'instagram', 'twitter', 'yelp', 'website'] as const;
export type SocialMedia = (typeof socialMedia)[number];
export const socialMediaLabels: Record<SocialMedia, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  yelp: 'Yelp',
  website: 'Website',
};

/** CTA types (doc 1 §3, doc 2 §3); the first is the default. */
export const ctaTypes = [
  'link',
  'take_me_there',
  'website',
  'order_online',
  'order_ahead',
  'call_to_order',
] as const;
export type CtaType = (typeof ctaTypes)[number];
/** What each type is called in the form, and the button's text when the owner gives none. */
export const ctaTypeLabels: Record<CtaType, string> = {
  link: 'Visit us',
  take_me_there: 'Take me there',
  website: 'Visit our website',
  order_online: 'Order online',
  order_ahead: 'Order ahead',
  call_to_order: 'Call to order',
};

/** CTA colours (doc 2 §3): one of the shown menu's three colours; the first is the default. */
export const ctaColors = ['primary', 'secondary', 'tertiary'] as const;
export type CtaColor = (typeof ctaColors)[number];

/** The button as the restaurant stores it (doc 2 §3 `cta`). */
export interface RestaurantCta {
  type: CtaType;
  label: string;
  link: string;
  newTab: boolean;
  color: CtaColor;
  lightText: boolean;
  enabled: boolean;
}

/** A restaurant that never set its button: off, "link" type, primary colour, light text, new tab. */
export const defaultRestaurantCta: RestaurantCta = {
  type: 'link',
  label: '',
  link: '',
  newTab: true,
  color: 'primary',
  lightText: true,
  enabled: false,
};

/**
 * The fields a QR card template may hold (doc 2 §3), each with the most characters it keeps: an SSID
 * has at most 32 bytes and a WPA passphrase 63 characters; `logo` is a picture's path.
 */
export const qrTemplateFieldMax = {
  title: 80,
  text_top: 160,
  text_bottom: 160,
  text_box_1: 160,
  text_box_2: 160,
  text_box_3: 160,
  wifi_name: 32,
  wifi_password: 63,
  logo: 2000,
} as const;
export type QrCardField = keyof typeof qrTemplateFieldMax;
export const qrTemplateFields = Object.keys(qrTemplateFieldMax) as QrCardField[];

export const MENU_TRANSITION_MAX = 60;
/** doc 2 §5: "Description hint: max 200 characters", counted on the text a reader sees. */
export const RESTAURANT_DESCRIPTION_MAX = 200;
export const DEFAULT_SIDE_DISHES_LABEL = 'Side Dishes';

/**
 * "Website addresses without http get https:// prefixed" (doc 1 §5). Anything with a scheme of its
 * own keeps it (a link checked elsewhere decides whether that scheme is allowed).
 */
export const withHttps = (url: string): string => {
  const trimmed = url.trim();
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return trimmed;
  return `https://${trimmed.replace(/^\/+/, '')}`;
};

/** An http(s) address with a host, or null. */
export function webAddress(url: string): string | null {
  const full = withHttps(url);
  if (!/^https?:\/\//i.test(full) || /\s/.test(full)) return null;
  try {
    const parsed = new URL(full);
    return parsed.hostname.includes('.') || parsed.hostname === 'localhost' ? full : null;
  } catch {
    return null;
  }
}

/** A phone number as people write it: digits with spaces, dots, dashes, brackets, a leading +. */
const PHONE = /^\+?[\d\s().-]{5,30}$/;
export const isPhoneNumber = (value: string): boolean =>
  PHONE.test(value.trim()) && value.replace(/\D/g, '').length >= 5;

/**
 * Is this "take me there" link a street address rather than a web address? Text with a space (or
 * without a dot) is a place to look up: "12 Market St, Springfield". A maps link is an address.
 */
export const isStreetAddress = (value: string): boolean => {
  const trimmed = value.trim();
  return trimmed !== '' && !/^https?:\/\//i.test(trimmed) && (/\s/.test(trimmed) || !trimmed.includes('.'));
};

/**
 * Where the button leads (docs/decisions.md, "Restaurant profile"):
 * - call_to_order: the link is a phone number, dialled with `tel:`;
 * - take_me_there: a maps link as given, or a street address opened as a maps search;
 * - the others: a web address, https:// added when missing.
 * Null when the link cannot be followed (the button is then not drawn).
 */
export function ctaHref(cta: Pick<RestaurantCta, 'type' | 'link'>): string | null {
  const link = cta.link.trim();
  if (link === '') return null;
  if (cta.type === 'call_to_order') {
    const number = link.replace(/^tel:/i, '');
    return isPhoneNumber(number) ? `tel:${number.replace(/[^\d+]/g, '')}` : null;
  }
  if (cta.type === 'take_me_there' && isStreetAddress(link)) {
    return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(link)}`;
  }
  return webAddress(link);
}

/** The button's text: the owner's label, or the type's own words. */
export const ctaLabel = (cta: Pick<RestaurantCta, 'type' | 'label'>): string =>
  cta.label.trim() || ctaTypeLabels[cta.type] || ctaTypeLabels.link;

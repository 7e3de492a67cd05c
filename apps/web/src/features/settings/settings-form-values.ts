import {
  type CtaColor,
  type CtaType,
  defaultLabelling,
  type Labelling,
  type LanguageTag,
  type QrSettings,
  type QrTemplateSlug,
  type Restaurant,
  type RestaurantType,
  type RestaurantUpdateInput,
  type SocialMedia,
  socialMedia,
} from '@carte/domain';

/**
 * The Settings form's values (doc 2 §2). The QR section keeps its values under the names the API
 * uses (`qrSettings`, `selectedQrTemplate`, `templateMeta`), so the QR code section (helper
 * "qrshare", features/sharing) reads and writes them in this same form.
 */
export interface SettingsFormValues {
  name: string;
  restaurantType: RestaurantType;
  /** The saved logo's URL, a new file, or null (none, or removed). */
  logo: File | string | null;
  /** A media library item picked as the new logo (the server copies its picture), or null. */
  logoMedia: string | null;
  /** Rich text (HTML). */
  description: string;
  timeZone: string;
  /** Minutes, 0 to 60; '' while the field is being typed. */
  menu_period_transition: number | string;
  sideDishesLabel: string;
  cta: {
    type: CtaType;
    label: string;
    link: string;
    newTab: boolean;
    color: CtaColor;
    lightText: boolean;
    enabled: boolean;
  };
  /** One address per kind ('' for none). */
  social: Record<SocialMedia, string>;
  qrSettings: QrSettings;
  selectedQrTemplate: QrTemplateSlug;
  templateMeta: Record<string, Record<string, string>>;
  /** Labelling rules (issue 23 §4): what the check before publishing asks and the public menu shows. */
  labelling: Labelling;
  /** The restaurant's languages (issue 24): the default and the others guests may read. */
  languages: { default: LanguageTag; others: LanguageTag[] };
  /** Whether the public menu shows machine drafts before the owner accepts them. */
  showMachineTranslations: boolean;
}

/** The form of the saved restaurant. */
export function settingsFormValues(restaurant: Restaurant): SettingsFormValues {
  const social = Object.fromEntries(socialMedia.map((media) => [media, ''])) as Record<SocialMedia, string>;
  for (const entry of restaurant.social) social[entry.media] = entry.url;
  return {
    name: restaurant.name,
    restaurantType: restaurant.restaurantType,
    logo: restaurant.logoVariants?.card ?? restaurant.logo,
    logoMedia: null,
    description: restaurant.description,
    timeZone: restaurant.timeZone,
    menu_period_transition: restaurant.menu_period_transition,
    sideDishesLabel: restaurant.sideDishesLabel,
    cta: { ...restaurant.cta },
    social,
    qrSettings: { ...restaurant.qrSettings },
    selectedQrTemplate: restaurant.selectedQrTemplate,
    templateMeta: structuredClone(restaurant.templateMeta),
    labelling: { ...defaultLabelling(), ...restaurant.labelling },
    languages: { default: restaurant.languages.default, others: [...restaurant.languages.others] },
    showMachineTranslations: restaurant.showMachineTranslations,
  };
}

/**
 * What the form sends (the logo travels apart, as a file). Social links go in the fixed order of
 * `socialMedia`, empty ones included (the server drops them), so a message about `social.{i}` is
 * shown under that network's field.
 */
export function settingsPayload(values: SettingsFormValues, saved: Restaurant | null): RestaurantUpdateInput {
  return {
    name: values.name,
    restaurantType: values.restaurantType,
    description: values.description,
    timeZone: values.timeZone,
    menu_period_transition: values.menu_period_transition,
    sideDishesLabel: values.sideDishesLabel,
    cta: values.cta,
    social: socialMedia.map((media) => ({ media, url: values.social[media] })),
    qrSettings: values.qrSettings,
    selectedQrTemplate: values.selectedQrTemplate,
    templateMeta: values.templateMeta,
    labelling: values.labelling,
    languages: values.languages,
    showMachineTranslations: values.showMachineTranslations,
    ...(saved?.logo && values.logo === null ? { removeLogo: true } : {}),
    ...(values.logoMedia && !(values.logo instanceof File) ? { logoMedia: values.logoMedia } : {}),
  };
}

/** A payload field's message, shown under the form field it is about. */
export const settingsErrorFields: Record<string, string> = Object.fromEntries(
  socialMedia.map((media, index) => [`social.${index}.url`, `social.${media}`]),
);

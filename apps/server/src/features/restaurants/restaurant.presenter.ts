import {
  type CtaColor,
  type CtaType,
  ctaColors,
  ctaTypes,
  defaultLabelling,
  defaultQrSettings,
  defaultRestaurantCta,
  filterOptionsSchema,
  isRestaurantType,
  presentTranslations,
  type QrTemplateSlug,
  qrTemplateSlugs,
  type Restaurant,
  type RestaurantCta,
  restaurantLanguagesSchema,
  type SocialLink,
  type SocialMedia,
  socialMedia,
  translationSources,
} from '@carte/domain';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { restaurants, SocialLinkData } from '../../db/schema.ts';
import { presentImage } from '../media/index.ts';

export type RestaurantRow = typeof restaurants.$inferSelect;

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

/** Social links as stored, each once, in the form's order of kinds (doc 2 §3: media, icon, url). */
export function presentSocial(stored: readonly SocialLinkData[] | null | undefined): SocialLink[] {
  const byMedia = new Map<SocialMedia, string>();
  for (const entry of stored ?? []) {
    if (isOneOf(socialMedia, entry.media) && entry.url) byMedia.set(entry.media, entry.url);
  }
  return socialMedia.flatMap((media) => {
    const url = byMedia.get(media);
    return url ? [{ media, icon: media, url }] : [];
  });
}

/** The stored button, with the defaults filled in (a restaurant that never saved one has it off). */
export function presentCta(stored: RestaurantRow['cta']): RestaurantCta {
  if (!stored) return { ...defaultRestaurantCta };
  return {
    type: isOneOf<CtaType>(ctaTypes, stored.type) ? stored.type : defaultRestaurantCta.type,
    label: stored.label ?? '',
    link: stored.link ?? '',
    newTab: stored.newTab ?? defaultRestaurantCta.newTab,
    color: isOneOf<CtaColor>(ctaColors, stored.color) ? stored.color : defaultRestaurantCta.color,
    lightText: stored.lightText ?? defaultRestaurantCta.lightText,
    enabled: stored.enabled ?? false,
  };
}

/**
 * The restaurant as GET /api/restaurants answers it (doc 2 §3), naming every field that leaves the
 * server (STYLE rule 2). The lists that live in other features (customizations) and the parent come
 * in as arguments.
 */
export function presentRestaurant(
  storage: Storage,
  row: RestaurantRow,
  extra: Pick<Restaurant, 'customizations' | 'parentRestaurant'>,
): Restaurant {
  const logo = presentImage(storage, row.logo);
  const filterOptions = row.filterOptions ? filterOptionsSchema.safeParse(row.filterOptions) : null;
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    logo: logo.url,
    logoVariants: logo.variants,
    restaurantType: isRestaurantType(row.restaurantType) ? row.restaurantType : 'RESTAURANT',
    timeZone: row.timeZone,
    menu_period_transition: row.menuPeriodTransition,
    sideDishesLabel: row.sideDishesLabel,
    social: presentSocial(row.social),
    qrSettings: { ...defaultQrSettings, ...row.qrSettings },
    selectedQrTemplate: isOneOf<QrTemplateSlug>(qrTemplateSlugs, row.selectedQrTemplate)
      ? row.selectedQrTemplate
      : 'template_1',
    templateMeta: row.qrTemplateMeta ?? {},
    cta: presentCta(row.cta),
    customizations: extra.customizations,
    dietaryConsiderations: {
      diets: row.dietary.diets ?? [],
      foodTypes: row.dietary.foodTypes ?? [],
      other: row.dietary.other ?? [],
    },
    filterOptions: filterOptions?.success ? filterOptions.data : null,
    labelling: { ...defaultLabelling(), ...row.labelling },
    languages: presentLanguages(row.languages),
    showMachineTranslations: row.showMachineTranslations,
    translations: presentTranslations(row.translations),
    parentRestaurant: extra.parentRestaurant,
  };
}

/** The stored languages, read through their schema (a malformed value answers the default). */
export function presentLanguages(stored: unknown): Restaurant['languages'] {
  const parsed = restaurantLanguagesSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : { default: 'en', others: [] };
}

/**
 * The restaurant's texts a diner reads, per translation key (issue 24): description, call to action,
 * filter card, and the labels of its own dietary tags.
 */
export function restaurantSources(
  row: RestaurantRow,
  dietaryNames?: readonly string[],
): Record<string, string> {
  const filterOptions = row.filterOptions ? filterOptionsSchema.safeParse(row.filterOptions) : null;
  return translationSources.restaurant({
    description: row.description,
    cta: row.cta,
    filterOptions: filterOptions?.success ? filterOptions.data : null,
    dietaryNames: dietaryNames ?? [
      ...(row.dietary.diets ?? []),
      ...(row.dietary.foodTypes ?? []),
      ...(row.dietary.other ?? []),
    ],
  });
}

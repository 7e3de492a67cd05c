import { z } from 'zod';
import { labellingSchema } from './allergens.ts';
import { objectId } from './api.ts';
import { filterOptionsSchema } from './filters.ts';
import { messages } from './messages.ts';
import { QR_MAX_BACKGROUND_ALPHA, qrTemplateSlugs } from './qr.ts';
import {
  ctaColors,
  ctaTypes,
  DEFAULT_SIDE_DISHES_LABEL,
  isPhoneNumber,
  isStreetAddress,
  MENU_TRANSITION_MAX,
  qrTemplateFieldMax,
  qrTemplateFields,
  RESTAURANT_DESCRIPTION_MAX,
  socialMedia,
  socialMediaLabels,
  webAddress,
  withHttps,
} from './restaurant-profile.ts';
import { richTextLength } from './rich-text.ts';
import { restaurantTypeLabel, restaurantTypes } from './roles.ts';
import { LANGUAGE_TAGS, restaurantLanguagesSchema, translationsSchema } from './translations.ts';
import { isValidTimeZone, text, whenFieldsPassed } from './validation.ts';
import {
  boolInput,
  customizationSchema,
  dietaryListsSchema,
  imageUrlSchema,
  imageVariantsSchema,
  menuTemplates,
  pictureFieldInput,
} from './workshop.ts';

/**
 * The restaurant (doc 2 §3) as GET /api/restaurants answers it, and the Settings form's payload
 * (doc 2 §2, §5, §7: POST|PUT /api/restaurants/update).
 */

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: messages.colorInvalid });

export const socialLinkSchema = z.object({
  media: z.enum(socialMedia),
  /** The key of the icon the page draws (the media kind). */
  icon: z.string(),
  url: z.string(),
});
export type SocialLink = z.infer<typeof socialLinkSchema>;

export const restaurantCtaSchema = z.object({
  type: z.enum(ctaTypes),
  label: z.string(),
  link: z.string(),
  newTab: z.boolean(),
  color: z.enum(ctaColors),
  lightText: z.boolean(),
  enabled: z.boolean(),
});

export const restaurantQrSettingsSchema = z.object({
  colorDark: hexColor,
  colorLight: hexColor,
  backgroundImageAlpha: z
    .number()
    .min(0, { error: messages.alphaInvalid })
    .max(1, { error: messages.alphaInvalid }),
});

const qrFieldsOutput = z.record(z.string(), z.string());
/** Per-template values of the QR cards, keyed by template slug (doc 2 §3 `templateMeta`). */
export const restaurantQrTemplateMetaSchema = z.record(z.string(), qrFieldsOutput);

/** The languages as the answer carries them. */
const restaurantLanguagesOutputSchema = z.object({
  default: z.enum(LANGUAGE_TAGS),
  others: z.array(z.enum(LANGUAGE_TAGS)),
});

export const restaurantSchema = z.object({
  _id: objectId,
  name: z.string(),
  /** Sanitized rich text. */
  description: z.string(),
  /** The largest variant, what a page shows when it knows nothing of sizes; variants beside it. */
  logo: imageUrlSchema,
  logoVariants: imageVariantsSchema.nullable(),
  restaurantType: z.enum(restaurantTypes),
  timeZone: z.string(),
  menu_period_transition: z.number().int(),
  sideDishesLabel: z.string(),
  social: z.array(socialLinkSchema),
  qrSettings: restaurantQrSettingsSchema,
  selectedQrTemplate: z.enum(qrTemplateSlugs),
  templateMeta: restaurantQrTemplateMetaSchema,
  cta: restaurantCtaSchema,
  customizations: z.array(customizationSchema),
  dietaryConsiderations: dietaryListsSchema,
  filterOptions: filterOptionsSchema.nullable(),
  /** Labelling rules (issue 23 §4). */
  labelling: labellingSchema,
  /** Its languages (issue 24): the default and the others guests may read. */
  languages: restaurantLanguagesOutputSchema,
  /** Whether the public menu shows machine drafts before the owner accepts them. */
  showMachineTranslations: z.boolean(),
  /**
   * Its texts in the other languages: `description`, `cta.label`, `filter.title`,
   * `filter.description`, `filter.name.{name}`, `dietary.{name}`.
   */
  translations: translationsSchema,
  parentRestaurant: z
    .object({ _id: objectId, name: z.string(), social: z.array(socialLinkSchema) })
    .nullable(),
});
export type Restaurant = z.infer<typeof restaurantSchema>;

/** Earlier name of the same answer (the workshop read it first). */
export const workshopRestaurantSchema = restaurantSchema;
export type WorkshopRestaurant = Restaurant;

// ---------- the Settings form ----------

/**
 * The lists and objects the specification sends "as JSON" (doc 2 §7: social, qrSettings, cta,
 * templateMeta): decoded from multipart text by the route, and read here too when a JSON body
 * carries them as JSON text.
 */
const jsonText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }, schema);

/** A number from JSON, or from a multipart text field. */
const wholeNumber = (message: string) =>
  z
    .union([z.number(), z.string().trim().min(1, { error: message })])
    .transform((value) => Number(value))
    .pipe(z.number({ error: message }).int({ error: message }));

export const ctaInputSchema = z
  .object({
    type: z.enum(ctaTypes).optional().default('link'),
    label: text()
      .trim()
      .max(40, { error: messages.textTooLong('Label', 40) })
      .optional()
      .default(''),
    link: text().trim().max(2000, { error: messages.linkInvalid }).optional().default(''),
    newTab: z.boolean().optional().default(true),
    color: z.enum(ctaColors).optional().default('primary'),
    lightText: z.boolean().optional().default(true),
    enabled: z.boolean().optional().default(false),
  })
  .superRefine((cta, ctx) => {
    if (cta.link === '') {
      if (cta.enabled) ctx.addIssue({ code: 'custom', path: ['link'], message: messages.fieldRequired });
      return;
    }
    const valid =
      cta.type === 'call_to_order'
        ? isPhoneNumber(cta.link.replace(/^tel:/i, ''))
        : (cta.type === 'take_me_there' && isStreetAddress(cta.link)) || webAddress(cta.link) !== null;
    if (!valid) {
      ctx.addIssue({
        code: 'custom',
        path: ['link'],
        message: cta.type === 'call_to_order' ? messages.phoneInvalid : messages.linkInvalid,
      });
    }
  })
  // "link with https:// added when missing" (doc 1 §5); phone numbers and street addresses stay.
  .transform((cta) => ({
    ...cta,
    link:
      cta.type === 'call_to_order' || (cta.type === 'take_me_there' && isStreetAddress(cta.link))
        ? cta.link
        : withHttps(cta.link),
  }));
export type CtaInput = z.input<typeof ctaInputSchema>;

const socialInput = z
  .object({
    media: z.enum(socialMedia),
    url: text().trim().max(2000, { error: messages.linkInvalid }),
    /** Sent back as read; the icon is the media kind's. */
    icon: text().max(100).optional(),
  })
  .superRefine((entry, ctx) => {
    if (entry.url !== '' && webAddress(entry.url) === null)
      ctx.addIssue({ code: 'custom', path: ['url'], message: messages.linkInvalid });
  });

/** Social links: one per kind, empty addresses dropped, https:// added when missing. */
export const socialInputSchema = z
  .array(socialInput)
  .max(socialMedia.length * 2, { error: messages.tooManyItems(socialMedia.length * 2) })
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((entry, index) => {
      if (entry.url === '') return;
      if (seen.has(entry.media)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'media'],
          message: messages.socialRepeated(socialMediaLabels[entry.media]),
        });
      }
      seen.add(entry.media);
    });
  })
  .transform((list) =>
    list
      .filter((entry) => entry.url !== '')
      .map((entry) => ({ media: entry.media, url: withHttps(entry.url) })),
  );

export const qrSettingsInputSchema = z.object({
  colorDark: hexColor,
  colorLight: hexColor,
  backgroundImageAlpha: z.coerce
    .number({ error: messages.qrBackgroundAlphaRange })
    .min(0, { error: messages.qrBackgroundAlphaRange })
    // The logo behind the code stays faint enough for the code to scan (qr.ts).
    .max(QR_MAX_BACKGROUND_ALPHA, { error: messages.qrBackgroundAlphaRange }),
});

const qrFieldsInput = z.object(
  Object.fromEntries(
    qrTemplateFields.map((field) => [
      field,
      text()
        .max(qrTemplateFieldMax[field], {
          error: messages.textTooLong('This field', qrTemplateFieldMax[field]),
        })
        .optional(),
    ]),
  ) as Record<keyof typeof qrTemplateFieldMax, z.ZodOptional<z.ZodString>>,
);

/** templateMeta as the QR section sends it: per template slug, the card's text fields (unknown ones dropped). */
export const qrTemplateMetaInputSchema = z.object(
  Object.fromEntries(qrTemplateSlugs.map((slug) => [slug, qrFieldsInput.optional()])) as Record<
    (typeof qrTemplateSlugs)[number],
    z.ZodOptional<typeof qrFieldsInput>
  >,
);

/**
 * The Settings form (doc 2 §2, §5) in JSON, or as multipart text fields with `social`, `qrSettings`,
 * `cta` and `templateMeta` as JSON text and the logo as a file part `logo`. Only the fields sent
 * change. The logo: a file, `logoMedia` (an item of the restaurant's media library), `removeLogo:
 * true` (or `logo` null or '') to clear it, or the path sent back as read to keep it.
 */
export const restaurantUpdateSchema = z
  .object({
    name: text().trim().max(100, { error: messages.nameTooLong }).optional(),
    restaurantType: z.enum(restaurantTypes).optional(),
    description: text()
      .max(5000, { error: messages.textTooLong('Description', RESTAURANT_DESCRIPTION_MAX) })
      .refine((html) => richTextLength(html) <= RESTAURANT_DESCRIPTION_MAX, {
        error: messages.textTooLong('Description', RESTAURANT_DESCRIPTION_MAX),
      })
      .optional(),
    timeZone: text().trim().max(100).refine(isValidTimeZone, { error: messages.timeZoneInvalid }).optional(),
    menu_period_transition: wholeNumber(messages.menuTransitionInvalid)
      .pipe(
        z
          .number()
          .min(0, { error: messages.menuTransitionInvalid })
          .max(MENU_TRANSITION_MAX, { error: messages.menuTransitionInvalid }),
      )
      .optional(),
    /** The upsell label (doc 2 §3); empty means the default "Side Dishes". */
    sideDishesLabel: text()
      .trim()
      .max(40, { error: messages.textTooLong('Upsell label', 40) })
      .transform((value) => value || DEFAULT_SIDE_DISHES_LABEL)
      .optional(),
    cta: jsonText(ctaInputSchema).optional(),
    social: jsonText(socialInputSchema).optional(),
    qrSettings: jsonText(qrSettingsInputSchema).optional(),
    selectedQrTemplate: z.enum(qrTemplateSlugs).optional(),
    templateMeta: jsonText(qrTemplateMetaInputSchema).optional(),
    logo: pictureFieldInput,
    logoMedia: objectId.optional(),
    removeLogo: boolInput.optional(),
    /** Labelling rules (issue 23 §4), replaced whole when sent. */
    labelling: jsonText(labellingSchema).optional(),
    /** Languages (issue 24), replaced whole when sent; a language removed keeps its stored translations. */
    languages: jsonText(restaurantLanguagesSchema).optional(),
    showMachineTranslations: boolInput.optional(),
    /** Translations of the restaurant's texts to merge (issue 24); omitted, unchanged. */
    translations: jsonText(translationsSchema).optional(),
  })
  // "{Type} name cannot be empty" (doc 2 §5), in the type the form sends; without one the service
  // names the stored type.
  .refine((input) => input.name !== '' || input.restaurantType === undefined, {
    error: (issue) =>
      messages.restaurantNameRequired(
        restaurantTypeLabel((issue.input as { restaurantType?: string } | undefined)?.restaurantType),
      ),
    path: ['name'],
    when: whenFieldsPassed('name', 'restaurantType'),
  });
export type RestaurantUpdateInput = z.input<typeof restaurantUpdateSchema>;
export type RestaurantUpdate = z.output<typeof restaurantUpdateSchema>;

/** GET /api/restaurants/templates (doc 1 §3): the menu templates with their template_meta, and the 50 fonts. */
const slotMetaSchema = z.object({ enabled: z.boolean(), default: z.string(), description: z.string() });
const slotsSchema = z.object({
  primary: slotMetaSchema,
  secondary: slotMetaSchema,
  tertiary: slotMetaSchema,
});
export const menuCatalogSchema = z.object({
  templates: z.array(
    z.object({
      name: z.enum(menuTemplates),
      slug: z.string(),
      label: z.string(),
      summary: z.string(),
      template_meta: z.object({ colors: slotsSchema, fonts: slotsSchema }),
    }),
  ),
  fonts: z.array(z.string()),
});
export type MenuCatalog = z.infer<typeof menuCatalogSchema>;

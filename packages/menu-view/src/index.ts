/**
 * @carte/menu-view — the public menu (doc 2 §2–§4), drawn by the server (renderToString), enhanced by
 * apps/web/src/public-menu/main.ts (drawn whole by its app.tsx after the banner's switch), and shown
 * in the owner's preview.
 */
export { compactPayload, DESCRIPTION_ATTRIBUTE, restoreDescriptions } from './compact.ts';
export { pageDescription, pageTitle, serializeForScript } from './embed.ts';
export { ExpiryBanner } from './expiry-banner.tsx';
export {
  activeFilterCount,
  effectiveFilters,
  type FilterChoices,
  filterChoices,
  filterVocabulary,
  greyedNote,
  greyedStatus,
  matchDish,
  readFilterForm,
  toFilterable,
} from './filtering.ts';
export { clockTime, formatOptionPrice, formatPrice, plainText, servedDays, servedHours } from './format.ts';
export { menuJsonLd, schemaDiet } from './json-ld.ts';
export { LanguageSwitch } from './language-switch.tsx';
export { categoryAnchor, findDish } from './lookup.ts';
export { MenuPreview, type MenuPreviewProps, previewImage } from './menu-preview.tsx';
export { SocialIcon } from './parts.tsx';
export { PublicMenuApp } from './public-menu-app.tsx';
export { DeadLinkPage } from './screens.tsx';
export { menuPageCss, menuViewCss } from './styles.ts';
export { englishWords, type MenuWords, menuWords, sortLabels, texts, withLabels } from './texts.ts';
export {
  cleanFontName,
  contrastRatio,
  type FontFaceNeed,
  fontStack,
  menuFontFaces,
  type ResolvedTheme,
  readableOn,
  resolveTheme,
  type TemplateDefinition,
  type TemplateKind,
  templateDefinitions,
  templateFor,
  textOn,
} from './theme.ts';
export type { ExpiryBannerProps, PublicMenuAppProps, PublicMenuPayload, PublicMenuView } from './types.ts';
export {
  type LinkContext,
  languageHref,
  linkLanguage,
  MENU_DATA_ELEMENT_ID,
  MENU_ROOT_ELEMENT_ID,
  menuBasePath,
  type ResolvedPage,
  resolvePage,
  viewHref,
} from './urls.ts';
export { useWords, WordsContext } from './words-context.ts';

import {
  defaultMenuColors,
  defaultMenuCta,
  defaultMenuFonts,
  type Menu,
  type MenuCatalog,
  type MenuInput,
  type MenuTemplate,
} from '@carte/domain';
import { templateByName } from './templates.ts';

type Triple = { primary: string; secondary: string; tertiary: string };

export interface MenuFormValues {
  name: string;
  description: string;
  categories: Array<{ category: string; valid: boolean }>;
  /** A saved picture's URL, a new file, or null. */
  cover: File | string | null;
  logo: File | string | null;
  /** Media library items picked as the new cover and logo (`cover`/`logo` then show their pictures). */
  coverMedia: string | null;
  logoMedia: string | null;
  colors: Triple;
  fonts: Triple;
  selectedTemplate: MenuTemplate;
  showCTA: { title: string; content: string; emails: string[] };
  displayIngredients: boolean;
  displayDietary: boolean;
  displaySideDishes: boolean;
}

/** The form of a saved menu, or of a new one with the defaults of doc 1 §3 (CTA emails: the user's own). */
export function menuFormValues(menu: Menu | null, userEmail: string): MenuFormValues {
  if (!menu) {
    return {
      name: '',
      description: '',
      categories: [],
      cover: null,
      logo: null,
      coverMedia: null,
      logoMedia: null,
      colors: { ...defaultMenuColors },
      fonts: { ...defaultMenuFonts },
      selectedTemplate: 'Classic Template',
      showCTA: { ...defaultMenuCta, emails: [userEmail] },
      displayIngredients: true,
      displayDietary: true,
      displaySideDishes: true,
    };
  }
  return {
    name: menu.name,
    description: menu.description,
    categories: menu.categories.map((item) => ({ ...item })),
    cover: menu.coverVariants?.card ?? menu.cover,
    logo: menu.logoVariants?.card ?? menu.logo,
    coverMedia: null,
    logoMedia: null,
    colors: { ...menu.colors },
    fonts: { ...menu.fonts },
    selectedTemplate: menu.selectedTemplate,
    showCTA: {
      title: menu.showCTA.title,
      content: menu.showCTA.content,
      emails: menu.showCTA.emails.length > 0 ? [...menu.showCTA.emails] : [userEmail],
    },
    displayIngredients: menu.displayIngredients,
    displayDietary: menu.displayDietary,
    displaySideDishes: menu.displaySideDishes,
  };
}

/** What the form sends (pictures travel apart, as files); the template's meta as the catalogue gives it. */
export function menuPayload(values: MenuFormValues, saved: Menu | null, catalog: MenuCatalog): MenuInput {
  const template = templateByName(catalog, values.selectedTemplate);
  return {
    name: values.name,
    description: values.description,
    categories: values.categories,
    colors: values.colors,
    fonts: values.fonts,
    selectedTemplate: values.selectedTemplate,
    templateMeta: { [template.slug]: template.template_meta },
    showCTA: {
      title: values.showCTA.title,
      content: values.showCTA.content,
      emails: values.showCTA.emails.map((email) => email.trim()).filter(Boolean),
    },
    displayIngredients: values.displayIngredients,
    displayDietary: values.displayDietary,
    displaySideDishes: values.displaySideDishes,
    ...(saved?.cover && values.cover === null ? { removeCover: true } : {}),
    ...(saved?.logo && values.logo === null ? { removeLogo: true } : {}),
    ...(values.coverMedia ? { coverMedia: values.coverMedia } : {}),
    ...(values.logoMedia ? { logoMedia: values.logoMedia } : {}),
  };
}

import {
  type CustomerMenu,
  chooseLanguage,
  type PublicDish,
  type PublicMenu,
  translatedText,
} from '@carte/domain';
import type { PublicMenuSource } from './public-menu.data.ts';

/**
 * The diner's language (issue 24 §5): `?lang=` when the restaurant offers it, else the browser's
 * `Accept-Language` among its languages, else the default. `varies` is true when the answer depends
 * on `Accept-Language` (no offered `?lang=`, and the restaurant has other languages): the answer
 * then says `Vary: Accept-Language`. A restaurant with one language answers at once (the hot path).
 */
export function dinerLanguage(
  source: Pick<PublicMenuSource, 'languages'>,
  asked: unknown,
  acceptLanguage: string | undefined,
): { lang: string; varies: boolean } {
  const { languages } = source;
  if (languages.others.length === 0) return { lang: languages.default, varies: false };
  const wanted = typeof asked === 'string' && asked.length <= 35 ? asked : null;
  if (wanted) {
    // `?lang=` alone: is it one the restaurant offers (as itself or by its language)?
    const alone = chooseLanguage(languages, wanted, null);
    const base = (tag: string) => tag.toLowerCase().split('-')[0];
    if (alone !== languages.default || base(wanted) === base(languages.default))
      return { lang: alone, varies: false };
  }
  return { lang: chooseLanguage(languages, null, acceptLanguage ?? null), varies: true };
}

/**
 * The customer answer in `lang`: every text a diner reads replaced by its translation where one is
 * current (per field; machine drafts only when the owner allows them), else left in the default
 * language. A restaurant with one language answers `customer` itself; with others, the answer names
 * the language served and those offered (`language`: the page's switch and links).
 */
export function translateCustomer(
  customer: CustomerMenu,
  source: Pick<PublicMenuSource, 'languages' | 'translations' | 'showMachine' | 'optionIngredients'>,
  lang: string,
): CustomerMenu {
  const { languages } = source;
  if (languages.others.length === 0) return customer;
  const language = { served: lang, default: languages.default, others: languages.others };
  if (lang === languages.default) return { ...customer, language };
  const options = { showMachine: source.showMachine };
  const { translations } = source;
  const text = (key: string, field: string, value: string) =>
    value ? translatedText(translations[key], lang, field, value, options) : value;

  const dishes = new Map<string, PublicDish>();
  const dish = (item: PublicDish): PublicDish => {
    const done = dishes.get(item._id);
    if (done) return done;
    const key = `dish:${item._id}`;
    const own = translations[key];
    const translated: PublicDish = {
      ...item,
      name: text(key, 'name', item.name),
      description: text(key, 'description', item.description),
      ingredients: item.ingredients.map((ingredient) => ({
        ...ingredient,
        name: text(`ingredient:${ingredient._id}`, 'name', ingredient.name),
      })),
      sideDishes: item.sideDishes.map((side) => ({
        ...side,
        name: text(`dish:${side._id}`, 'name', side.name),
      })),
      customizations: item.customizations.map((customization) => {
        // A restaurant-wide customization has its own record; a dish's own lives in the dish's.
        const shared = `customization:${customization._id}`;
        const isOwn = !translations[shared] && own !== undefined;
        const name = isOwn
          ? text(key, `custom.${customization._id}.name`, customization.name)
          : text(shared, 'name', customization.name);
        return {
          ...customization,
          name,
          options: customization.options.map((option) => {
            const ingredient = source.optionIngredients[option._id];
            const optionName = ingredient
              ? text(`ingredient:${ingredient}`, 'name', option.name)
              : isOwn
                ? text(key, `custom.${customization._id}.option.${option._id}`, option.name)
                : text(shared, `option.${option._id}`, option.name);
            return { ...option, name: optionName };
          }),
        };
      }),
    };
    dishes.set(item._id, translated);
    return translated;
  };
  const menu = (item: PublicMenu): PublicMenu => {
    const key = `menu:${item._id}`;
    return {
      ...item,
      name: text(key, 'name', item.name),
      description: text(key, 'description', item.description),
      categories: item.categories.map((category) => ({
        ...category,
        name: text(`category:${category._id}`, 'name', category.name),
        dishes: category.dishes.map(dish),
      })),
    };
  };
  const { restaurant } = customer;
  const filter = restaurant.filterOptions;
  // Dietary tags and filter names keep their names (filters match on them); the page shows labels.
  const labels: Record<string, string> = {};
  for (const [field, entry] of Object.entries(translations.restaurant?.[lang] ?? {})) {
    const name = field.startsWith('dietary.')
      ? field.slice('dietary.'.length)
      : field.startsWith('filter.name.')
        ? field.slice('filter.name.'.length)
        : null;
    if (name === null) continue;
    const label = translatedText(translations.restaurant, lang, field, name, options);
    if (label !== name && entry.text) labels[name] = label;
  }
  return {
    ...customer,
    language: Object.keys(labels).length ? { ...language, labels } : language,
    restaurant: {
      ...restaurant,
      description: text('restaurant', 'description', restaurant.description),
      cta: restaurant.cta
        ? { ...restaurant.cta, label: text('restaurant', 'cta.label', restaurant.cta.label ?? '') }
        : restaurant.cta,
      filterOptions: filter
        ? {
            ...filter,
            title: text('restaurant', 'filter.title', filter.title ?? ''),
            description: text('restaurant', 'filter.description', filter.description ?? ''),
          }
        : filter,
    },
    menus: customer.menus.map(menu),
    menusTimeline: customer.menusTimeline.map((entry) => ({
      ...entry,
      name: text(`menu:${entry._id}`, 'name', entry.name),
    })),
  };
}

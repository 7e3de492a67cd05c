import {
  type AllergenKey,
  allergenOf,
  allergenWords,
  messages,
  type PublicWords,
  publicWords,
} from '@carte/domain';
/**
 * The diner-facing texts of the public menu. The specification's own wording (doc 2 §2, §4, §8) is
 * kept word for word; the rest is ours. Kept in one place so the server page, the hydration script
 * and the owner's preview say the same thing.
 */
export const texts = {
  chooseMenu: 'Choose a menu:',
  noPublishedMenus: 'There are no published menus',
  askToPublish: 'This business has not published a menu yet. Please ask them to publish one.',
  notifyOwner: 'Let the owner know',
  notifySubject: 'Please publish your menu',
  notifyBody:
    'Hello, I tried to see your menu on Carte, but there are no published menus yet. Could you publish one?',
  noMenuNow: 'No menu is being served right now.',
  noDishes: 'This menu has no dishes yet.',
  opensAt: (menu: string, when: string) => `${menu} opens ${when}.`,
  servedWhen: (menu: string, hours: string, days: string) =>
    days ? `${menu} is served ${hours}, ${days}.` : `${menu} is not served at the moment.`,
  servedNext: (when: string) => `Next time: ${when}.`,
  openNow: 'Here is what we are serving right now.',
  nothingOpenNow: 'Nothing is being served right now.',
  deadLinkLede:
    'This link or QR code no longer leads to a menu. The restaurant may have moved or renewed its menu.',
  deadLinkHint: 'Ask a member of staff for the current menu, or scan the code at your table again.',
  selectMenuToPrint: 'Please select a menu!',
  dishNotFound: messages.dishNotFound,
  menuNotFound: messages.menuNotFound,
  backToMenu: (menu: string) => `Back to ${menu}`,
  allMenus: 'All menus',
  menus: 'Menus',
  categories: 'Categories',
  skipToMenu: 'Skip to the menu',
  ingredients: 'Ingredients',
  calories: (value: number) => `${value} cal`,
  /** England's calorie labelling: kilocalories per portion, the portion named. */
  kcal: (value: number, portion: string | null) =>
    portion ? `${value} kcal per ${portion}` : `${value} kcal`,
  alcohol: (value: number) => `${value}% alc.`,
  contains: 'Contains',
  included: 'Included',
  viewDish: 'View details',
  filters: 'Filters',
  filterDiets: 'Diets',
  filterAvoid: 'Avoid',
  filterPreferences: 'Preferences',
  sortBy: 'Sort by',
  sortMenuOrder: 'Menu order',
  apply: 'Apply',
  clearFilters: 'Clear filters',
  greyedCount: (count: number, total: number) =>
    count === 0
      ? `All ${total} dishes match your filters.`
      : `${count} of ${total} dishes ${count === 1 ? "doesn't" : "don't"} match your filters.`,
  notForYou: "Doesn't match your filters:",
  reasonDiet: (name: string) => `not ${name}`,
  reasonFoodType: (name: string) => `contains ${name}`,
  reasonInclude: (name: string) => `no ${name}`,
  reasonExclude: (name: string) => `has ${name}`,
  reportIssue: 'Report an issue',
  reportIntro: 'Something not quite right, or a question about a dish? We would love to hear from you.',
  sendInquiry: 'Send an inquiry',
  issueSubject: 'ISSUE REPORT',
  inquirySubject: 'INQUIRY',
  printMenu: 'Printable menu',
  print: 'Print',
  expiresIn: (minutes: number) => `This menu expires in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  nextStartsAt: (menu: string, time: string) => `The ${menu} menu starts at ${time}.`,
  switchTo: (menu: string) => `Switch to ${menu}`,
  switching: 'Switching…',
  closeBanner: 'Close',
  notOpenYet: (menu: string, time: string) => `${menu} is not served yet. It starts at ${time}.`,
  switchFailed: 'The menu could not be loaded. Please try again.',
  followUs: 'Follow us',
  poweredBy: 'Menu by Carte',
} as const;

export const sortLabels = {
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  'calories-asc': 'Calories: low to high',
  'calories-desc': 'Calories: high to low',
  'alcohol-asc': 'Alcohol: low to high',
  'alcohol-desc': 'Alcohol: high to low',
} as const;

export const socialLabels: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  yelp: 'Yelp',
  website: 'Website',
};

/**
 * The page's words in a language (issue 24 §5): the domain's catalogue (`publicWords`) over the
 * English `texts`, so a word the catalogue does not hold yet stays English. The components read them
 * from the page (`useWords`, words-context.ts); JSX-free helpers take them as an argument.
 */
export interface MenuWords extends Omit<typeof texts, keyof PublicWords>, Omit<PublicWords, 'allergens'> {
  lang: string;
  greyedContains: (names: string) => string;
  greyedMayContain: (names: string) => string;
  greyedUnknown: string;
  /** A dietary tag's or filter's label in the served language (the name itself when untranslated). */
  label: (name: string) => string;
  /** An allergen's short word ("Gluten", "Fruits à coque"). */
  allergen: (key: AllergenKey) => string;
}

const made = new Map<string, MenuWords>();

export function menuWords(lang?: string | null): MenuWords {
  const key = lang ?? 'en';
  let words = made.get(key);
  if (words) return words;
  const { allergens, ...catalogue } = publicWords(lang);
  const english = key === 'en' || publicWords(lang) === publicWords('en');
  words = {
    ...texts,
    ...catalogue,
    lang: key,
    label: (name: string) => name,
    greyedContains: english
      ? allergenWords.greyedContains
      : (names: string) => `${catalogue.contains} ${names}`,
    greyedMayContain: english
      ? allergenWords.greyedMayContain
      : (names: string) => `${catalogue.mayContain} ${names}`,
    greyedUnknown: english ? allergenWords.greyedUnknown : catalogue.allergenNotDeclared,
    allergen: english
      ? (item: AllergenKey) => allergenOf(item).short
      : (item: AllergenKey) => allergens[item].short,
  };
  if (made.size < 100) made.set(key, words);
  return words;
}

/** The English words, the default of every component and helper. */
export const englishWords: MenuWords = menuWords('en');

/** The words with the restaurant's own labels for its dietary tags and filters (issue 24). */
export function withLabels(
  words: MenuWords,
  labels: Readonly<Record<string, string>> | undefined,
): MenuWords {
  if (!labels || Object.keys(labels).length === 0) return words;
  return { ...words, label: (name: string) => labels[name] ?? name };
}

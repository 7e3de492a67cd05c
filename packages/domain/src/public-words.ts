import type { AllergenKey } from './allergens.ts';

/**
 * The public menu's own words (issue 24 §5) in the languages a diner may read: one catalogue, so
 * the server's page, the enhancement script and the owner's preview say the same thing. English is
 * the fallback of every other language. The 14 allergens carry their official names per language
 * (Regulation (EU) No 1169/2011, Annex II, in each language's official text) and the short word a
 * diner reads beside a dish.
 */
export interface PublicWords {
  chooseMenu: string;
  noPublishedMenus: string;
  askToPublish: string;
  notifyOwner: string;
  noMenuNow: string;
  noDishes: string;
  openNow: string;
  nothingOpenNow: string;
  dishNotFound: string;
  menuNotFound: string;
  deadLinkLede: string;
  deadLinkHint: string;
  selectMenuToPrint: string;
  backToMenu: (menu: string) => string;
  allMenus: string;
  menus: string;
  categories: string;
  skipToMenu: string;
  ingredients: string;
  contains: string;
  included: string;
  viewDish: string;
  filters: string;
  filterDiets: string;
  filterAvoid: string;
  filterPreferences: string;
  sortBy: string;
  sortMenuOrder: string;
  apply: string;
  clearFilters: string;
  notForYou: string;
  reportIssue: string;
  reportIntro: string;
  sendInquiry: string;
  /** The default note of a menu's issue-report block (`defaultMenuCta.content`), as a new menu has it. */
  pricesNote: string;
  poweredBy: string;
  printMenu: string;
  print: string;
  expiresIn: (minutes: number) => string;
  nextStartsAt: (menu: string, time: string) => string;
  switchTo: (menu: string) => string;
  switching: string;
  closeBanner: string;
  switchFailed: string;
  followUs: string;
  language: string;
  /** What follows a label before its list: ": ", or French " : " with a no-break space. */
  colon: string;
  allergenHeading: string;
  mayContain: string;
  allergenNone: string;
  allergenNotDeclared: string;
  avoidAllergens: string;
  /** The filter panel's count, reasons and sorts, the banner's "not served yet", units (issue 24 §5). */
  greyedCount: (count: number, total: number) => string;
  reasonDiet: (name: string) => string;
  reasonFoodType: (name: string) => string;
  reasonInclude: (name: string) => string;
  reasonExclude: (name: string) => string;
  notOpenYet: (menu: string, time: string) => string;
  sortLabels: Record<
    'price-asc' | 'price-desc' | 'calories-asc' | 'calories-desc' | 'alcohol-asc' | 'alcohol-desc',
    string
  >;
  calories: (value: number) => string;
  kcal: (value: number, portion: string | null) => string;
  alcohol: (value: number) => string;
  allergens: Record<AllergenKey, { name: string; short: string }>;
}

const allergenTable = (
  rows: Record<AllergenKey, [string, string]>,
): Record<AllergenKey, { name: string; short: string }> =>
  Object.fromEntries(Object.entries(rows).map(([key, [name, short]]) => [key, { name, short }])) as Record<
    AllergenKey,
    { name: string; short: string }
  >;

const en: PublicWords = {
  chooseMenu: 'Choose a menu:',
  noPublishedMenus: 'There are no published menus',
  askToPublish: 'This business has not published a menu yet. Please ask them to publish one.',
  notifyOwner: 'Let the owner know',
  noMenuNow: 'No menu is being served right now.',
  noDishes: 'This menu has no dishes yet.',
  openNow: 'Here is what we are serving right now.',
  nothingOpenNow: 'Nothing is being served right now.',
  dishNotFound: 'Dish not found',
  menuNotFound: 'No menu found',
  deadLinkLede:
    'This link or QR code no longer leads to a menu. The restaurant may have moved or renewed its menu.',
  deadLinkHint: 'Ask a member of staff for the current menu, or scan the code at your table again.',
  selectMenuToPrint: 'Please select a menu!',
  backToMenu: (menu) => `Back to ${menu}`,
  allMenus: 'All menus',
  menus: 'Menus',
  categories: 'Categories',
  skipToMenu: 'Skip to the menu',
  ingredients: 'Ingredients',
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
  notForYou: "Doesn't match your filters:",
  reportIssue: 'Report an issue',
  reportIntro: 'Something not quite right, or a question about a dish? We would love to hear from you.',
  sendInquiry: 'Send an inquiry',
  pricesNote: 'Prices on this menu are set directly by the merchant',
  poweredBy: 'Menu by Carte',
  printMenu: 'Printable menu',
  print: 'Print',
  expiresIn: (minutes) => `This menu expires in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  nextStartsAt: (menu, time) => `The ${menu} menu starts at ${time}.`,
  switchTo: (menu) => `Switch to ${menu}`,
  switching: 'Switching…',
  closeBanner: 'Close',
  switchFailed: 'The menu could not be loaded. Please try again.',
  followUs: 'Follow us',
  language: 'Language',
  colon: ': ',
  allergenHeading: 'Allergens',
  mayContain: 'May contain',
  allergenNone: 'None of the 14 regulated allergens',
  allergenNotDeclared: 'Allergens not declared — ask the staff',
  avoidAllergens: 'Avoid allergens',
  greyedCount: (count, total) =>
    count === 0
      ? `All ${total} dishes match your filters.`
      : `${count} of ${total} dishes ${count === 1 ? "doesn't" : "don't"} match your filters.`,
  reasonDiet: (name) => `not ${name}`,
  reasonFoodType: (name) => `contains ${name}`,
  reasonInclude: (name) => `no ${name}`,
  reasonExclude: (name) => `has ${name}`,
  notOpenYet: (menu, time) => `${menu} is not served yet. It starts at ${time}.`,
  sortLabels: {
    'price-asc': 'Price: low to high',
    'price-desc': 'Price: high to low',
    'calories-asc': 'Calories: low to high',
    'calories-desc': 'Calories: high to low',
    'alcohol-asc': 'Alcohol: low to high',
    'alcohol-desc': 'Alcohol: high to low',
  },
  calories: (value) => `${value} cal`,
  kcal: (value, portion) => (portion ? `${value} kcal per ${portion}` : `${value} kcal`),
  alcohol: (value) => `${value}% alc.`,
  allergens: allergenTable({
    gluten: ['Cereals containing gluten', 'Gluten'],
    crustaceans: ['Crustaceans', 'Crustaceans'],
    eggs: ['Eggs', 'Eggs'],
    fish: ['Fish', 'Fish'],
    peanuts: ['Peanuts', 'Peanuts'],
    soybeans: ['Soybeans', 'Soy'],
    milk: ['Milk', 'Milk'],
    nuts: ['Nuts', 'Tree nuts'],
    celery: ['Celery', 'Celery'],
    mustard: ['Mustard', 'Mustard'],
    sesame: ['Sesame seeds', 'Sesame'],
    sulphites: ['Sulphur dioxide and sulphites', 'Sulphites'],
    lupin: ['Lupin', 'Lupin'],
    molluscs: ['Molluscs', 'Molluscs'],
  }),
};

const fr: PublicWords = {
  chooseMenu: 'Choisissez un menu :',
  noPublishedMenus: "Il n'y a aucun menu publié",
  askToPublish: "Cet établissement n'a pas encore publié de menu. Demandez-lui d'en publier un.",
  notifyOwner: 'Prévenir le propriétaire',
  noMenuNow: "Aucun menu n'est servi en ce moment.",
  noDishes: "Ce menu n'a pas encore de plats.",
  openNow: 'Voici ce que nous servons en ce moment.',
  nothingOpenNow: "Rien n'est servi en ce moment.",
  dishNotFound: 'Plat introuvable',
  menuNotFound: 'Aucun menu trouvé',
  deadLinkLede:
    'Ce lien ou ce QR code ne mène plus à un menu. Le restaurant a peut-être déménagé ou renouvelé son menu.',
  deadLinkHint: 'Demandez le menu actuel au personnel, ou scannez à nouveau le code de votre table.',
  selectMenuToPrint: 'Veuillez choisir un menu !',
  backToMenu: (menu) => `Retour à ${menu}`,
  allMenus: 'Tous les menus',
  menus: 'Menus',
  categories: 'Catégories',
  skipToMenu: 'Aller au menu',
  ingredients: 'Ingrédients',
  contains: 'Contient',
  included: 'Inclus',
  viewDish: 'Voir le détail',
  filters: 'Filtres',
  filterDiets: 'Régimes',
  filterAvoid: 'Éviter',
  filterPreferences: 'Préférences',
  sortBy: 'Trier par',
  sortMenuOrder: 'Ordre du menu',
  apply: 'Appliquer',
  clearFilters: 'Effacer les filtres',
  notForYou: 'Ne correspond pas à vos filtres :',
  reportIssue: 'Signaler un problème',
  reportIntro: 'Quelque chose ne va pas, ou une question sur un plat ? Écrivez-nous.',
  sendInquiry: 'Poser une question',
  pricesNote: "Les prix de ce menu sont fixés directement par l'établissement",
  poweredBy: 'Menu par Carte',
  printMenu: 'Menu imprimable',
  print: 'Imprimer',
  expiresIn: (minutes) => `Ce menu se termine dans ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  nextStartsAt: (menu, time) => `Le menu ${menu} commence à ${time}.`,
  switchTo: (menu) => `Passer à ${menu}`,
  switching: 'Changement…',
  closeBanner: 'Fermer',
  switchFailed: "Le menu n'a pas pu être chargé. Veuillez réessayer.",
  followUs: 'Suivez-nous',
  language: 'Langue',
  colon: '\u00a0: ',
  allergenHeading: 'Allergènes',
  mayContain: 'Peut contenir',
  allergenNone: 'Aucun des 14 allergènes réglementés',
  allergenNotDeclared: 'Allergènes non déclarés — demandez au personnel',
  avoidAllergens: 'Éviter les allergènes',
  greyedCount: (count, total) =>
    count === 0
      ? `Les ${total} plats correspondent à vos filtres.`
      : `${count} plat${count === 1 ? '' : 's'} sur ${total} ne correspond${count === 1 ? '' : 'ent'} pas à vos filtres.`,
  reasonDiet: (name) => `pas ${name}`,
  reasonFoodType: (name) => `contient ${name}`,
  reasonInclude: (name) => `sans ${name}`,
  reasonExclude: (name) => `avec ${name}`,
  notOpenYet: (menu, time) => `${menu} n’est pas encore servi. Il commence à ${time}.`,
  sortLabels: {
    'price-asc': 'Prix croissant',
    'price-desc': 'Prix décroissant',
    'calories-asc': 'Calories croissantes',
    'calories-desc': 'Calories décroissantes',
    'alcohol-asc': 'Alcool croissant',
    'alcohol-desc': 'Alcool décroissant',
  },
  calories: (value) => `${value} kcal`,
  kcal: (value, portion) => (portion ? `${value} kcal pour ${portion}` : `${value} kcal`),
  alcohol: (value) => `${value} % vol.`,
  allergens: allergenTable({
    gluten: ['Céréales contenant du gluten', 'Gluten'],
    crustaceans: ['Crustacés', 'Crustacés'],
    eggs: ['Œufs', 'Œufs'],
    fish: ['Poissons', 'Poisson'],
    peanuts: ['Arachides', 'Arachides'],
    soybeans: ['Soja', 'Soja'],
    milk: ['Lait', 'Lait'],
    nuts: ['Fruits à coque', 'Fruits à coque'],
    celery: ['Céleri', 'Céleri'],
    mustard: ['Moutarde', 'Moutarde'],
    sesame: ['Graines de sésame', 'Sésame'],
    sulphites: ['Anhydride sulfureux et sulfites', 'Sulfites'],
    lupin: ['Lupin', 'Lupin'],
    molluscs: ['Mollusques', 'Mollusques'],
  }),
};

const es: PublicWords = {
  chooseMenu: 'Elija una carta:',
  noPublishedMenus: 'No hay cartas publicadas',
  askToPublish: 'Este establecimiento aún no ha publicado una carta. Pídale que publique una.',
  notifyOwner: 'Avisar al propietario',
  noMenuNow: 'No se sirve ninguna carta en este momento.',
  noDishes: 'Esta carta aún no tiene platos.',
  openNow: 'Esto es lo que servimos ahora.',
  nothingOpenNow: 'No se sirve nada en este momento.',
  dishNotFound: 'Plato no encontrado',
  menuNotFound: 'No se encontró ninguna carta',
  deadLinkLede:
    'Este enlace o código QR ya no lleva a una carta. Puede que el restaurante se haya mudado o renovado su carta.',
  deadLinkHint: 'Pida la carta actual al personal o vuelva a escanear el código de su mesa.',
  selectMenuToPrint: '¡Seleccione una carta!',
  backToMenu: (menu) => `Volver a ${menu}`,
  allMenus: 'Todas las cartas',
  menus: 'Cartas',
  categories: 'Categorías',
  skipToMenu: 'Ir a la carta',
  ingredients: 'Ingredientes',
  contains: 'Contiene',
  included: 'Incluido',
  viewDish: 'Ver detalles',
  filters: 'Filtros',
  filterDiets: 'Dietas',
  filterAvoid: 'Evitar',
  filterPreferences: 'Preferencias',
  sortBy: 'Ordenar por',
  sortMenuOrder: 'Orden de la carta',
  apply: 'Aplicar',
  clearFilters: 'Quitar filtros',
  notForYou: 'No coincide con sus filtros:',
  reportIssue: 'Informar de un problema',
  reportIntro: '¿Algo no está bien o tiene una pregunta sobre un plato? Escríbanos.',
  sendInquiry: 'Hacer una consulta',
  pricesNote: 'Los precios de esta carta los fija directamente el establecimiento',
  poweredBy: 'Carta por Carte',
  printMenu: 'Carta imprimible',
  print: 'Imprimir',
  expiresIn: (minutes) => `Esta carta termina en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  nextStartsAt: (menu, time) => `La carta ${menu} empieza a las ${time}.`,
  switchTo: (menu) => `Cambiar a ${menu}`,
  switching: 'Cambiando…',
  closeBanner: 'Cerrar',
  switchFailed: 'No se pudo cargar la carta. Inténtelo de nuevo.',
  followUs: 'Síganos',
  language: 'Idioma',
  colon: ': ',
  allergenHeading: 'Alérgenos',
  mayContain: 'Puede contener',
  allergenNone: 'Ninguno de los 14 alérgenos regulados',
  allergenNotDeclared: 'Alérgenos no declarados: pregunte al personal',
  avoidAllergens: 'Evitar alérgenos',
  greyedCount: (count, total) =>
    count === 0
      ? `Los ${total} platos coinciden con sus filtros.`
      : `${count} de ${total} platos no coincide${count === 1 ? '' : 'n'} con sus filtros.`,
  reasonDiet: (name) => `no es ${name}`,
  reasonFoodType: (name) => `contiene ${name}`,
  reasonInclude: (name) => `sin ${name}`,
  reasonExclude: (name) => `con ${name}`,
  notOpenYet: (menu, time) => `${menu} aún no se sirve. Empieza a las ${time}.`,
  sortLabels: {
    'price-asc': 'Precio: de menor a mayor',
    'price-desc': 'Precio: de mayor a menor',
    'calories-asc': 'Calorías: de menor a mayor',
    'calories-desc': 'Calorías: de mayor a menor',
    'alcohol-asc': 'Alcohol: de menor a mayor',
    'alcohol-desc': 'Alcohol: de mayor a menor',
  },
  calories: (value) => `${value} kcal`,
  kcal: (value, portion) => (portion ? `${value} kcal por ${portion}` : `${value} kcal`),
  alcohol: (value) => `${value} % vol.`,
  allergens: allergenTable({
    gluten: ['Cereales que contengan gluten', 'Gluten'],
    crustaceans: ['Crustáceos', 'Crustáceos'],
    eggs: ['Huevos', 'Huevos'],
    fish: ['Pescado', 'Pescado'],
    peanuts: ['Cacahuetes', 'Cacahuetes'],
    soybeans: ['Soja', 'Soja'],
    milk: ['Leche', 'Leche'],
    nuts: ['Frutos de cáscara', 'Frutos de cáscara'],
    celery: ['Apio', 'Apio'],
    mustard: ['Mostaza', 'Mostaza'],
    sesame: ['Granos de sésamo', 'Sésamo'],
    sulphites: ['Dióxido de azufre y sulfitos', 'Sulfitos'],
    lupin: ['Altramuces', 'Altramuces'],
    molluscs: ['Moluscos', 'Moluscos'],
  }),
};

const de: PublicWords = {
  chooseMenu: 'Wählen Sie eine Karte:',
  noPublishedMenus: 'Es gibt keine veröffentlichten Karten',
  askToPublish:
    'Dieser Betrieb hat noch keine Karte veröffentlicht. Bitten Sie ihn, eine zu veröffentlichen.',
  notifyOwner: 'Den Inhaber benachrichtigen',
  noMenuNow: 'Im Moment wird keine Karte serviert.',
  noDishes: 'Diese Karte hat noch keine Gerichte.',
  openNow: 'Das servieren wir gerade.',
  nothingOpenNow: 'Im Moment wird nichts serviert.',
  dishNotFound: 'Gericht nicht gefunden',
  menuNotFound: 'Keine Karte gefunden',
  deadLinkLede:
    'Dieser Link oder QR-Code führt zu keiner Karte mehr. Das Restaurant ist vielleicht umgezogen oder hat seine Karte erneuert.',
  deadLinkHint:
    'Fragen Sie das Personal nach der aktuellen Karte oder scannen Sie den Code an Ihrem Tisch erneut.',
  selectMenuToPrint: 'Bitte wählen Sie eine Karte!',
  backToMenu: (menu) => `Zurück zu ${menu}`,
  allMenus: 'Alle Karten',
  menus: 'Karten',
  categories: 'Kategorien',
  skipToMenu: 'Zur Karte springen',
  ingredients: 'Zutaten',
  contains: 'Enthält',
  included: 'Inklusive',
  viewDish: 'Details ansehen',
  filters: 'Filter',
  filterDiets: 'Ernährung',
  filterAvoid: 'Vermeiden',
  filterPreferences: 'Vorlieben',
  sortBy: 'Sortieren nach',
  sortMenuOrder: 'Reihenfolge der Karte',
  apply: 'Anwenden',
  clearFilters: 'Filter löschen',
  notForYou: 'Passt nicht zu Ihren Filtern:',
  reportIssue: 'Problem melden',
  reportIntro: 'Stimmt etwas nicht, oder haben Sie eine Frage zu einem Gericht? Schreiben Sie uns.',
  sendInquiry: 'Anfrage senden',
  pricesNote: 'Die Preise dieser Karte legt der Betrieb selbst fest',
  poweredBy: 'Karte von Carte',
  printMenu: 'Druckbare Karte',
  print: 'Drucken',
  expiresIn: (minutes) => `Diese Karte endet in ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'}.`,
  nextStartsAt: (menu, time) => `Die Karte ${menu} beginnt um ${time}.`,
  switchTo: (menu) => `Zu ${menu} wechseln`,
  switching: 'Wechsel…',
  closeBanner: 'Schließen',
  switchFailed: 'Die Karte konnte nicht geladen werden. Bitte versuchen Sie es erneut.',
  followUs: 'Folgen Sie uns',
  language: 'Sprache',
  colon: ': ',
  allergenHeading: 'Allergene',
  mayContain: 'Kann enthalten',
  allergenNone: 'Keines der 14 kennzeichnungspflichtigen Allergene',
  allergenNotDeclared: 'Allergene nicht angegeben – fragen Sie das Personal',
  avoidAllergens: 'Allergene vermeiden',
  greyedCount: (count, total) =>
    count === 0
      ? `Alle ${total} Gerichte passen zu Ihren Filtern.`
      : `${count} von ${total} Gerichten ${count === 1 ? 'passt' : 'passen'} nicht zu Ihren Filtern.`,
  reasonDiet: (name) => `nicht ${name}`,
  reasonFoodType: (name) => `enthält ${name}`,
  reasonInclude: (name) => `ohne ${name}`,
  reasonExclude: (name) => `mit ${name}`,
  notOpenYet: (menu, time) => `${menu} wird noch nicht serviert. Beginn um ${time}.`,
  sortLabels: {
    'price-asc': 'Preis: aufsteigend',
    'price-desc': 'Preis: absteigend',
    'calories-asc': 'Kalorien: aufsteigend',
    'calories-desc': 'Kalorien: absteigend',
    'alcohol-asc': 'Alkohol: aufsteigend',
    'alcohol-desc': 'Alkohol: absteigend',
  },
  calories: (value) => `${value} kcal`,
  kcal: (value, portion) => (portion ? `${value} kcal pro ${portion}` : `${value} kcal`),
  alcohol: (value) => `${value} % vol.`,
  allergens: allergenTable({
    gluten: ['Glutenhaltiges Getreide', 'Gluten'],
    crustaceans: ['Krebstiere', 'Krebstiere'],
    eggs: ['Eier', 'Eier'],
    fish: ['Fische', 'Fisch'],
    peanuts: ['Erdnüsse', 'Erdnüsse'],
    soybeans: ['Sojabohnen', 'Soja'],
    milk: ['Milch', 'Milch'],
    nuts: ['Schalenfrüchte', 'Schalenfrüchte'],
    celery: ['Sellerie', 'Sellerie'],
    mustard: ['Senf', 'Senf'],
    sesame: ['Sesamsamen', 'Sesam'],
    sulphites: ['Schwefeldioxid und Sulphite', 'Sulfite'],
    lupin: ['Lupinen', 'Lupinen'],
    molluscs: ['Weichtiere', 'Weichtiere'],
  }),
};

const it: PublicWords = {
  chooseMenu: 'Scegli un menù:',
  noPublishedMenus: 'Non ci sono menù pubblicati',
  askToPublish: 'Questo locale non ha ancora pubblicato un menù. Chiedi di pubblicarne uno.',
  notifyOwner: 'Avvisa il titolare',
  noMenuNow: 'Al momento non viene servito nessun menù.',
  noDishes: 'Questo menù non ha ancora piatti.',
  openNow: 'Ecco cosa serviamo adesso.',
  nothingOpenNow: 'Al momento non viene servito nulla.',
  dishNotFound: 'Piatto non trovato',
  menuNotFound: 'Nessun menù trovato',
  deadLinkLede:
    'Questo link o codice QR non porta più a un menù. Il ristorante potrebbe essersi trasferito o aver rinnovato il menù.',
  deadLinkHint: 'Chiedi il menù attuale al personale o scansiona di nuovo il codice al tuo tavolo.',
  selectMenuToPrint: 'Seleziona un menù!',
  backToMenu: (menu) => `Torna a ${menu}`,
  allMenus: 'Tutti i menù',
  menus: 'Menù',
  categories: 'Categorie',
  skipToMenu: 'Vai al menù',
  ingredients: 'Ingredienti',
  contains: 'Contiene',
  included: 'Incluso',
  viewDish: 'Vedi dettagli',
  filters: 'Filtri',
  filterDiets: 'Diete',
  filterAvoid: 'Evita',
  filterPreferences: 'Preferenze',
  sortBy: 'Ordina per',
  sortMenuOrder: 'Ordine del menù',
  apply: 'Applica',
  clearFilters: 'Rimuovi filtri',
  notForYou: 'Non corrisponde ai tuoi filtri:',
  reportIssue: 'Segnala un problema',
  reportIntro: 'Qualcosa non va o hai una domanda su un piatto? Scrivici.',
  sendInquiry: 'Invia una richiesta',
  pricesNote: 'I prezzi di questo menù sono stabiliti direttamente dal locale',
  poweredBy: 'Menù di Carte',
  printMenu: 'Menù stampabile',
  print: 'Stampa',
  expiresIn: (minutes) => `Questo menù termina tra ${minutes} ${minutes === 1 ? 'minuto' : 'minuti'}.`,
  nextStartsAt: (menu, time) => `Il menù ${menu} inizia alle ${time}.`,
  switchTo: (menu) => `Passa a ${menu}`,
  switching: 'Cambio in corso…',
  closeBanner: 'Chiudi',
  switchFailed: 'Impossibile caricare il menù. Riprova.',
  followUs: 'Seguici',
  language: 'Lingua',
  colon: ': ',
  allergenHeading: 'Allergeni',
  mayContain: 'Può contenere',
  allergenNone: 'Nessuno dei 14 allergeni regolamentati',
  allergenNotDeclared: 'Allergeni non dichiarati: chiedi al personale',
  avoidAllergens: 'Evita allergeni',
  greyedCount: (count, total) =>
    count === 0
      ? `Tutti i ${total} piatti corrispondono ai filtri.`
      : `${count} piatt${count === 1 ? 'o' : 'i'} su ${total} non corrispond${count === 1 ? 'e' : 'ono'} ai filtri.`,
  reasonDiet: (name) => `non ${name}`,
  reasonFoodType: (name) => `contiene ${name}`,
  reasonInclude: (name) => `senza ${name}`,
  reasonExclude: (name) => `con ${name}`,
  notOpenYet: (menu, time) => `${menu} non è ancora servito. Inizia alle ${time}.`,
  sortLabels: {
    'price-asc': 'Prezzo crescente',
    'price-desc': 'Prezzo decrescente',
    'calories-asc': 'Calorie crescenti',
    'calories-desc': 'Calorie decrescenti',
    'alcohol-asc': 'Alcol crescente',
    'alcohol-desc': 'Alcol decrescente',
  },
  calories: (value) => `${value} kcal`,
  kcal: (value, portion) => (portion ? `${value} kcal per ${portion}` : `${value} kcal`),
  alcohol: (value) => `${value}% vol.`,
  allergens: allergenTable({
    gluten: ['Cereali contenenti glutine', 'Glutine'],
    crustaceans: ['Crostacei', 'Crostacei'],
    eggs: ['Uova', 'Uova'],
    fish: ['Pesce', 'Pesce'],
    peanuts: ['Arachidi', 'Arachidi'],
    soybeans: ['Soia', 'Soia'],
    milk: ['Latte', 'Latte'],
    nuts: ['Frutta a guscio', 'Frutta a guscio'],
    celery: ['Sedano', 'Sedano'],
    mustard: ['Senape', 'Senape'],
    sesame: ['Semi di sesamo', 'Sesamo'],
    sulphites: ['Anidride solforosa e solfiti', 'Solfiti'],
    lupin: ['Lupini', 'Lupini'],
    molluscs: ['Molluschi', 'Molluschi'],
  }),
};

const pt: PublicWords = {
  chooseMenu: 'Escolha um menu:',
  noPublishedMenus: 'Não há menus publicados',
  askToPublish: 'Este estabelecimento ainda não publicou um menu. Peça-lhe que publique um.',
  notifyOwner: 'Avisar o proprietário',
  noMenuNow: 'Nenhum menu está a ser servido neste momento.',
  noDishes: 'Este menu ainda não tem pratos.',
  openNow: 'Eis o que estamos a servir agora.',
  nothingOpenNow: 'Nada está a ser servido neste momento.',
  dishNotFound: 'Prato não encontrado',
  menuNotFound: 'Nenhum menu encontrado',
  deadLinkLede:
    'Esta ligação ou código QR já não leva a um menu. O restaurante pode ter mudado de local ou renovado o menu.',
  deadLinkHint: 'Peça o menu atual ao pessoal ou leia novamente o código da sua mesa.',
  selectMenuToPrint: 'Selecione um menu!',
  backToMenu: (menu) => `Voltar a ${menu}`,
  allMenus: 'Todos os menus',
  menus: 'Menus',
  categories: 'Categorias',
  skipToMenu: 'Ir para o menu',
  ingredients: 'Ingredientes',
  contains: 'Contém',
  included: 'Incluído',
  viewDish: 'Ver detalhes',
  filters: 'Filtros',
  filterDiets: 'Dietas',
  filterAvoid: 'Evitar',
  filterPreferences: 'Preferências',
  sortBy: 'Ordenar por',
  sortMenuOrder: 'Ordem do menu',
  apply: 'Aplicar',
  clearFilters: 'Limpar filtros',
  notForYou: 'Não corresponde aos seus filtros:',
  reportIssue: 'Comunicar um problema',
  reportIntro: 'Algo não está bem, ou tem uma pergunta sobre um prato? Escreva-nos.',
  sendInquiry: 'Enviar uma pergunta',
  pricesNote: 'Os preços deste menu são definidos diretamente pelo estabelecimento',
  poweredBy: 'Menu por Carte',
  printMenu: 'Menu para imprimir',
  print: 'Imprimir',
  expiresIn: (minutes) => `Este menu termina dentro de ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  nextStartsAt: (menu, time) => `O menu ${menu} começa às ${time}.`,
  switchTo: (menu) => `Mudar para ${menu}`,
  switching: 'A mudar…',
  closeBanner: 'Fechar',
  switchFailed: 'Não foi possível carregar o menu. Tente novamente.',
  followUs: 'Siga-nos',
  language: 'Idioma',
  colon: ': ',
  allergenHeading: 'Alergénios',
  mayContain: 'Pode conter',
  allergenNone: 'Nenhum dos 14 alergénios regulamentados',
  allergenNotDeclared: 'Alergénios não declarados — pergunte ao pessoal',
  avoidAllergens: 'Evitar alergénios',
  greyedCount: (count, total) =>
    count === 0
      ? `Os ${total} pratos correspondem aos seus filtros.`
      : `${count} de ${total} pratos não corresponde${count === 1 ? '' : 'm'} aos seus filtros.`,
  reasonDiet: (name) => `não é ${name}`,
  reasonFoodType: (name) => `contém ${name}`,
  reasonInclude: (name) => `sem ${name}`,
  reasonExclude: (name) => `com ${name}`,
  notOpenYet: (menu, time) => `${menu} ainda não é servido. Começa às ${time}.`,
  sortLabels: {
    'price-asc': 'Preço: do menor ao maior',
    'price-desc': 'Preço: do maior ao menor',
    'calories-asc': 'Calorias: da menor à maior',
    'calories-desc': 'Calorias: da maior à menor',
    'alcohol-asc': 'Álcool: do menor ao maior',
    'alcohol-desc': 'Álcool: do maior ao menor',
  },
  calories: (value) => `${value} kcal`,
  kcal: (value, portion) => (portion ? `${value} kcal por ${portion}` : `${value} kcal`),
  alcohol: (value) => `${value}% vol.`,
  allergens: allergenTable({
    gluten: ['Cereais que contêm glúten', 'Glúten'],
    crustaceans: ['Crustáceos', 'Crustáceos'],
    eggs: ['Ovos', 'Ovos'],
    fish: ['Peixes', 'Peixe'],
    peanuts: ['Amendoins', 'Amendoins'],
    soybeans: ['Soja', 'Soja'],
    milk: ['Leite', 'Leite'],
    nuts: ['Frutos de casca rija', 'Frutos de casca rija'],
    celery: ['Aipo', 'Aipo'],
    mustard: ['Mostarda', 'Mostarda'],
    sesame: ['Sementes de sésamo', 'Sésamo'],
    sulphites: ['Dióxido de enxofre e sulfitos', 'Sulfitos'],
    lupin: ['Tremoço', 'Tremoço'],
    molluscs: ['Moluscos', 'Moluscos'],
  }),
};

const nl: PublicWords = {
  chooseMenu: 'Kies een menukaart:',
  noPublishedMenus: 'Er zijn geen gepubliceerde menukaarten',
  askToPublish: 'Deze zaak heeft nog geen menukaart gepubliceerd. Vraag hen er een te publiceren.',
  notifyOwner: 'Laat het de eigenaar weten',
  noMenuNow: 'Er wordt op dit moment geen menukaart geserveerd.',
  noDishes: 'Deze menukaart heeft nog geen gerechten.',
  openNow: 'Dit serveren we nu.',
  nothingOpenNow: 'Er wordt op dit moment niets geserveerd.',
  dishNotFound: 'Gerecht niet gevonden',
  menuNotFound: 'Geen menukaart gevonden',
  deadLinkLede:
    'Deze link of QR-code leidt niet meer naar een menukaart. Het restaurant is misschien verhuisd of heeft zijn kaart vernieuwd.',
  deadLinkHint: 'Vraag het personeel om de huidige kaart, of scan de code op uw tafel opnieuw.',
  selectMenuToPrint: 'Kies een menukaart!',
  backToMenu: (menu) => `Terug naar ${menu}`,
  allMenus: 'Alle menukaarten',
  menus: 'Menukaarten',
  categories: 'Categorieën',
  skipToMenu: 'Naar de menukaart',
  ingredients: 'Ingrediënten',
  contains: 'Bevat',
  included: 'Inbegrepen',
  viewDish: 'Details bekijken',
  filters: 'Filters',
  filterDiets: 'Diëten',
  filterAvoid: 'Vermijden',
  filterPreferences: 'Voorkeuren',
  sortBy: 'Sorteren op',
  sortMenuOrder: 'Volgorde van de kaart',
  apply: 'Toepassen',
  clearFilters: 'Filters wissen',
  notForYou: 'Past niet bij uw filters:',
  reportIssue: 'Een probleem melden',
  reportIntro: 'Klopt er iets niet, of heeft u een vraag over een gerecht? Laat het ons weten.',
  sendInquiry: 'Een vraag stellen',
  pricesNote: 'De prijzen op deze kaart worden door de zaak zelf bepaald',
  poweredBy: 'Menukaart door Carte',
  printMenu: 'Afdrukbare menukaart',
  print: 'Afdrukken',
  expiresIn: (minutes) => `Deze menukaart eindigt over ${minutes} ${minutes === 1 ? 'minuut' : 'minuten'}.`,
  nextStartsAt: (menu, time) => `De menukaart ${menu} begint om ${time}.`,
  switchTo: (menu) => `Naar ${menu}`,
  switching: 'Bezig met wisselen…',
  closeBanner: 'Sluiten',
  switchFailed: 'De menukaart kon niet worden geladen. Probeer het opnieuw.',
  followUs: 'Volg ons',
  language: 'Taal',
  colon: ': ',
  allergenHeading: 'Allergenen',
  mayContain: 'Kan bevatten',
  allergenNone: 'Geen van de 14 gereglementeerde allergenen',
  allergenNotDeclared: 'Allergenen niet opgegeven — vraag het personeel',
  avoidAllergens: 'Allergenen vermijden',
  greyedCount: (count, total) =>
    count === 0
      ? `Alle ${total} gerechten passen bij uw filters.`
      : `${count} van de ${total} gerechten ${count === 1 ? 'past' : 'passen'} niet bij uw filters.`,
  reasonDiet: (name) => `niet ${name}`,
  reasonFoodType: (name) => `bevat ${name}`,
  reasonInclude: (name) => `zonder ${name}`,
  reasonExclude: (name) => `met ${name}`,
  notOpenYet: (menu, time) => `${menu} wordt nog niet geserveerd. Begint om ${time}.`,
  sortLabels: {
    'price-asc': 'Prijs: laag naar hoog',
    'price-desc': 'Prijs: hoog naar laag',
    'calories-asc': 'Calorieën: laag naar hoog',
    'calories-desc': 'Calorieën: hoog naar laag',
    'alcohol-asc': 'Alcohol: laag naar hoog',
    'alcohol-desc': 'Alcohol: hoog naar laag',
  },
  calories: (value) => `${value} kcal`,
  kcal: (value, portion) => (portion ? `${value} kcal per ${portion}` : `${value} kcal`),
  alcohol: (value) => `${value}% vol.`,
  allergens: allergenTable({
    gluten: ['Glutenbevattende granen', 'Gluten'],
    crustaceans: ['Schaaldieren', 'Schaaldieren'],
    eggs: ['Eieren', 'Eieren'],
    fish: ['Vis', 'Vis'],
    peanuts: ['Aardnoten', 'Pinda’s'],
    soybeans: ['Soja', 'Soja'],
    milk: ['Melk', 'Melk'],
    nuts: ['Noten', 'Noten'],
    celery: ['Selderij', 'Selderij'],
    mustard: ['Mosterd', 'Mosterd'],
    sesame: ['Sesamzaad', 'Sesam'],
    sulphites: ['Zwaveldioxide en sulfieten', 'Sulfieten'],
    lupin: ['Lupine', 'Lupine'],
    molluscs: ['Weekdieren', 'Weekdieren'],
  }),
};

/** The catalogue: English, French, Spanish, German, Italian, Portuguese, Dutch. */
export const PUBLIC_WORDS: Readonly<Record<string, PublicWords>> = { en, fr, es, de, it, pt, nl };

/** The public menu's words in `lang` (a region falls back to its language: "pt-BR" → "pt"), else English. */
export function publicWords(lang: string | null | undefined): PublicWords {
  if (!lang) return en;
  return PUBLIC_WORDS[lang] ?? PUBLIC_WORDS[lang.split('-')[0]!.toLowerCase()] ?? en;
}

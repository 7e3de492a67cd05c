import { ALLERGEN_KEYS, type CustomerMenu, emptyFilterState, PUBLIC_WORDS, publicWords } from '@carte/domain';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { menuWords, PublicMenuApp, type PublicMenuView, pageTitle, viewHref } from '../src/index.ts';
import { customerMenu, lunch, tacoPastor } from './fixtures.ts';

/** The public menu's words and language switch (issue 24 §5). */
const LANGUAGES = ['en', 'fr', 'es', 'de', 'it', 'pt', 'nl'];

describe('the public words catalogue', () => {
  it('holds every word in the seven languages, none empty', () => {
    const keys = Object.keys(PUBLIC_WORDS.en!).sort();
    for (const lang of LANGUAGES) {
      const words = PUBLIC_WORDS[lang];
      expect(words, lang).toBeDefined();
      expect(Object.keys(words!).sort(), lang).toEqual(keys);
      for (const [key, value] of Object.entries(words!)) {
        if (typeof value === 'string') expect(value.trim(), `${lang}.${key}`).not.toBe('');
        if (typeof value === 'function')
          expect((value as (...args: unknown[]) => string)('X', 'Y'), `${lang}.${key}`).toContain('X');
      }
      expect(Object.keys(words!.allergens).sort(), lang).toEqual([...ALLERGEN_KEYS].sort());
    }
  });

  it('names the 14 allergens by the regulation official names per language', () => {
    expect(publicWords('fr').allergens.gluten.name).toBe('Céréales contenant du gluten');
    expect(publicWords('de').allergens.gluten.name).toBe('Glutenhaltiges Getreide');
    expect(publicWords('es').allergens.nuts.name).toBe('Frutos de cáscara');
    expect(publicWords('it').allergens.sulphites.name).toBe('Anidride solforosa e solfiti');
    expect(publicWords('nl').allergens.molluscs.name).toBe('Weekdieren');
    expect(publicWords('pt').allergens.lupin.name).toBe('Tremoço');
  });

  it('falls back to English for other languages and to the language of a region', () => {
    expect(publicWords('ja').chooseMenu).toBe('Choose a menu:');
    expect(publicWords(null).dishNotFound).toBe('Dish not found');
    expect(publicWords('pt-BR').chooseMenu).toBe('Escolha um menu:');
    expect(menuWords('fr').chooseMenu).toBe('Choisissez un menu :');
    expect(menuWords('fr').allergen('nuts')).toBe('Fruits à coque');
    // A word the catalogue does not hold yet stays English.
    expect(menuWords('fr').notifySubject).toBe(menuWords('en').notifySubject);
    // The filter panel's count, reasons and sorts, and the units, read in the language too.
    expect(menuWords('fr').greyedCount(2, 5)).toBe('2 plats sur 5 ne correspondent pas à vos filtres.');
    expect(menuWords('de').reasonFoodType('Nüsse')).toBe('enthält Nüsse');
    expect(menuWords('es').sortLabels['price-asc']).toBe('Precio: de menor a mayor');
    expect(menuWords('fr').kcal(310, '350 g')).toBe('310 kcal pour 350 g');
    expect(menuWords('en').calories(310)).toBe('310 cal');
  });
});

const french = (overrides: Partial<CustomerMenu> = {}): CustomerMenu =>
  customerMenu({ language: { served: 'fr', default: 'en', others: ['fr', 'ar'] }, ...overrides });

const render = (data: CustomerMenu, view: PublicMenuView) =>
  renderToString(<PublicMenuApp data={data} view={view} filters={emptyFilterState()} baseUrl="" />);

describe('the language switch and the links', () => {
  it('lists each language in its own name as plain links to the same screen, the served one current', () => {
    const html = render(french(), { kind: 'chooser' });
    const nav = html.slice(html.indexOf('<nav class="cm-langs"'), html.indexOf('</nav>'));
    expect(nav).toContain('aria-label="Langue"');
    expect(nav).toMatch(/href="\/menu\/[0-9a-f]+\?lang=en" hrefLang="en" lang="en">English<\/a>/);
    expect(nav).toMatch(/hrefLang="fr" lang="fr" aria-current="true">Français<\/a>/);
    expect(nav).toMatch(/hrefLang="ar" lang="ar" dir="rtl">العربية<\/a>/);
    expect(html).toContain('Choisissez un menu :');
  });

  it('keeps the language in the menu, dish and print links', () => {
    const html = render(french(), { kind: 'menu', menuId: lunch._id });
    expect(html).toContain(`/dish/${tacoPastor._id}/menuSelected/${lunch._id}?lang=fr"`);
    expect(html).toContain(`?print=1&amp;menu=${lunch._id}&amp;lang=fr"`);
    const links = { baseUrl: '', restaurantId: 'r1', lang: 'fr' };
    expect(viewHref({ kind: 'menu', menuId: 'm1' }, links)).toBe('/menu/r1?menu=m1&lang=fr');
    expect(viewHref({ kind: 'chooser' }, links)).toBe('/menu/r1?lang=fr');
  });

  it('a restaurant with one language shows no switch and no lang in links', () => {
    const html = render(customerMenu(), { kind: 'menu', menuId: lunch._id });
    expect(html).not.toContain('cm-langs');
    expect(html).not.toContain('lang=');
  });

  it('titles the page in the language', () => {
    expect(pageTitle(french(), { kind: 'dish', menuId: lunch._id, dishId: 'nope' })).toContain(
      'Plat introuvable',
    );
  });
});

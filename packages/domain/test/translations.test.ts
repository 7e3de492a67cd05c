import { describe, expect, it } from 'vitest';
import {
  chooseLanguage,
  mergeTranslations,
  nativeLanguageName,
  presentTranslations,
  restaurantLanguagesSchema,
  translatedText,
  translationState,
} from '../src/translations.ts';

describe('languages', () => {
  it('names each language in itself', () => {
    expect(nativeLanguageName('fr')).toBe('Français');
    expect(nativeLanguageName('es')).toBe('Español');
    expect(nativeLanguageName('de')).toBe('Deutsch');
  });
  it('keeps the others apart from the default, each once', () => {
    expect(restaurantLanguagesSchema.parse({ default: 'en', others: ['fr', 'en', 'fr', 'es'] })).toEqual({
      default: 'en',
      others: ['fr', 'es'],
    });
    expect(restaurantLanguagesSchema.safeParse({ default: 'xx' }).success).toBe(false);
  });
});

describe('translations', () => {
  const sources = { name: 'Onion soup', description: '<p>Hot</p>' };
  it('remembers the source it was made from: a changed source makes it stale', () => {
    const stored = mergeTranslations({}, { fr: { name: 'Soupe à l’oignon' } }, sources, ['fr']);
    expect(translationState(stored.fr?.name, 'Onion soup')).toBe('done');
    expect(translationState(stored.fr?.name, 'French onion soup')).toBe('stale');
    expect(translationState(stored.fr?.description, '<p>Hot</p>')).toBe('missing');
  });
  it('keeps a text sent back unchanged as it was (never marks a stale one fresh); empty removes it', () => {
    const first = mergeTranslations({}, { fr: { name: 'Soupe' } }, sources, ['fr']);
    const changed = { ...sources, name: 'French onion soup' };
    const resent = mergeTranslations(first, presentTranslations(first), changed, ['fr']);
    expect(translationState(resent.fr?.name, changed.name)).toBe('stale');
    expect(mergeTranslations(resent, { fr: { name: '' } }, changed, ['fr'])).toEqual({});
  });
  it('ignores languages the restaurant does not have and fields the entity lacks', () => {
    expect(mergeTranslations({}, { de: { name: 'Suppe' }, fr: { price: '3' } }, sources, ['fr'])).toEqual({});
  });
  it('falls back per field to the source when missing or stale, and shows machine drafts only if allowed', () => {
    const stored = {
      fr: {
        name: { text: 'Soupe', source: 'Onion soup' },
        description: { text: '<p>Chaude</p>', source: '<p>Hot</p>', machine: true },
      },
    };
    expect(translatedText(stored, 'fr', 'name', 'Onion soup')).toBe('Soupe');
    expect(translatedText(stored, 'fr', 'name', 'Leek soup')).toBe('Leek soup');
    expect(translatedText(stored, 'fr', 'description', '<p>Hot</p>')).toBe('<p>Hot</p>');
    expect(translatedText(stored, 'fr', 'description', '<p>Hot</p>', { showMachine: true })).toBe(
      '<p>Chaude</p>',
    );
    expect(translatedText(stored, null, 'name', 'Onion soup')).toBe('Onion soup');
  });
});

describe('choosing the diner’s language', () => {
  const languages = { default: 'en' as const, others: ['fr' as const, 'pt-BR' as const] };
  it('takes ?lang= when offered, else Accept-Language by weight, else the default', () => {
    expect(chooseLanguage(languages, 'fr', 'de')).toBe('fr');
    expect(chooseLanguage(languages, 'xx', 'de;q=0.9, fr-CA;q=0.8')).toBe('fr');
    expect(chooseLanguage(languages, null, 'pt-PT, en;q=0.1')).toBe('pt-BR');
    expect(chooseLanguage(languages, null, 'ja, *;q=0.5')).toBe('en');
    expect(chooseLanguage(languages, 'nonsense', 'q=;;,')).toBe('en');
  });
});

import { describe, expect, it } from 'vitest';
import {
  combineTranslations,
  dishCustomTranslations,
  mergeTranslations,
  prefixTranslations,
  translationSources,
  translationState,
} from '../src/translations.ts';

/** A dish's own customizations' texts live in the dish's translations (issue 24 §2). */
describe("a dish's own customizations", () => {
  const bread = {
    _id: 'c1',
    name: 'Bread',
    options: [
      { _id: 'o1', name: 'Rye', ingredient: null },
      { _id: 'o2', name: null, ingredient: 'i1' },
    ],
  };

  it('name their texts under custom.{id}.…; one argument reads as before', () => {
    expect(translationSources.dish({ name: 'Soup', description: '' })).toEqual({ name: 'Soup' });
    expect(translationSources.dish({ name: 'Soup', description: '<p>Hot</p>' }, [bread])).toEqual({
      name: 'Soup',
      description: '<p>Hot</p>',
      'custom.c1.name': 'Bread',
      'custom.c1.option.o1': 'Rye',
    });
  });

  it('read back with the prefix taken off, each customization only its own', () => {
    const sources = translationSources.dish({ name: 'Soup' }, [bread, { ...bread, _id: 'c2', name: 'Side' }]);
    const stored = mergeTranslations(
      {},
      combineTranslations(
        { fr: { name: 'Soupe' } },
        prefixTranslations({ fr: { name: 'Pain', 'option.o1': 'Seigle' } }, 'custom.c1.'),
        prefixTranslations({ fr: { name: 'Accompagnement' } }, 'custom.c2.'),
      ),
      sources,
      ['fr'],
    );
    expect(dishCustomTranslations(stored, 'c1')).toEqual({
      fr: { name: { text: 'Pain', source: 'Bread' }, 'option.o1': { text: 'Seigle', source: 'Rye' } },
    });
    expect(dishCustomTranslations(stored, 'c3')).toEqual({});
    // A renamed option turns its translation stale.
    expect(translationState(stored.fr!['custom.c1.option.o1'], 'Wholemeal rye')).toBe('stale');
  });
});

import { batches, expectTexts, postJson, type Translator, type TranslatorOptions } from './translator.ts';

/**
 * LibreTranslate's codes for Carte's tags: its languages are mostly bare ISO 639-1 codes; Chinese is
 * `zh-Hans`/`zh-Hant`, and Brazilian Portuguese is read as Portuguese.
 */
export function libreTranslateCode(tag: string): string {
  if (tag === 'zh-Hans' || tag === 'zh-Hant') return tag;
  return tag.split('-')[0]!;
}

/**
 * A LibreTranslate server (self-hostable): `POST {url}/translate` with `{q: [...], source, target,
 * format, api_key}`; an array `q` answers `{translatedText: [...]}` in the same order.
 */
export function createLibreTranslateTranslator(
  settings: { url: string; apiKey: string | null },
  options: TranslatorOptions = {},
): Translator {
  return {
    kind: 'libretranslate',
    async translate(texts, from, to, format) {
      const out: string[] = [];
      for (const batch of batches(texts, 50, 100_000)) {
        const answer = await postJson(
          `${settings.url}/translate`,
          {
            q: batch,
            source: libreTranslateCode(from),
            target: libreTranslateCode(to),
            format,
            ...(settings.apiKey ? { api_key: settings.apiKey } : {}),
          },
          {},
          options,
        );
        const translated = (answer as { translatedText?: unknown } | null)?.translatedText;
        out.push(...expectTexts(translated, batch.length));
      }
      return out;
    },
  };
}

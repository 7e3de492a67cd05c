import { batches, expectTexts, postJson, type Translator, type TranslatorOptions } from './translator.ts';

/**
 * DeepL's target codes for Carte's tags: English and Portuguese need a variant (EN-GB, PT-PT, PT-BR),
 * Chinese its script (ZH-HANS, ZH-HANT); the others are the upper-case language. A language DeepL
 * does not offer is refused by DeepL (the owner reads the clear message).
 */
export function deeplTargetCode(tag: string): string {
  const special: Record<string, string> = {
    en: 'EN-GB',
    pt: 'PT-PT',
    'pt-BR': 'PT-BR',
    'zh-Hans': 'ZH-HANS',
    'zh-Hant': 'ZH-HANT',
  };
  return special[tag] ?? tag.split('-')[0]!.toUpperCase();
}

/** DeepL's source codes are bare languages: EN, PT, ZH. */
export const deeplSourceCode = (tag: string): string => tag.split('-')[0]!.toUpperCase();

/** DeepL takes at most 50 texts and 128 KiB a request. */
const maxTexts = 50;
const maxChars = 100_000;

/**
 * DeepL's API: `POST {url}/v2/translate` with `Authorization: DeepL-Auth-Key …` and a JSON body
 * `{text: [...], source_lang, target_lang, tag_handling}`; it answers `{translations: [{text,
 * detected_source_language}]}` in order. `tag_handling: 'html'` keeps markup.
 */
export function createDeeplTranslator(
  settings: { url: string; apiKey: string },
  options: TranslatorOptions = {},
): Translator {
  return {
    kind: 'deepl',
    async translate(texts, from, to, format) {
      const out: string[] = [];
      for (const batch of batches(texts, maxTexts, maxChars)) {
        const answer = await postJson(
          `${settings.url}/v2/translate`,
          {
            text: batch,
            source_lang: deeplSourceCode(from),
            target_lang: deeplTargetCode(to),
            ...(format === 'html' ? { tag_handling: 'html' } : {}),
          },
          { authorization: `DeepL-Auth-Key ${settings.apiKey}` },
          options,
        );
        const translations = (answer as { translations?: unknown } | null)?.translations;
        const list = Array.isArray(translations) ? translations : null;
        out.push(
          ...expectTexts(
            list?.map((entry) => (entry as { text?: unknown } | null)?.text),
            batch.length,
          ),
        );
      }
      return out;
    },
  };
}

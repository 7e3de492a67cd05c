import type { Config } from '../../config.ts';
import { createDeeplTranslator } from './deepl-translator.ts';
import { createLibreTranslateTranslator } from './libretranslate-translator.ts';
import { createOffTranslator } from './off-translator.ts';
import type { Translator, TranslatorOptions } from './translator.ts';

export type { Translator, TranslatorOptions } from './translator.ts';

/** The translator of TRANSLATE_PROVIDER (loadConfig has required its URL or key). */
export function createTranslator(
  config: Pick<Config, 'translate'>,
  options: TranslatorOptions = {},
): Translator {
  const settings = config.translate;
  switch (settings.provider) {
    case 'off':
      return createOffTranslator();
    case 'libretranslate':
      return createLibreTranslateTranslator(settings, options);
    case 'deepl':
      return createDeeplTranslator(settings, options);
  }
}

import { TranslationUnavailableError } from '../../core/errors.ts';
import type { Translator } from './translator.ts';

/** TRANSLATE_PROVIDER=off (the default): no machine drafts; callers check `kind` before asking. */
export function createOffTranslator(): Translator {
  return {
    kind: 'off',
    async translate() {
      throw new TranslationUnavailableError();
    },
  };
}

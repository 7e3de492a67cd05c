import { TranslationUnavailableError } from '../../core/errors.ts';

/**
 * Machine translation (issue 24 §4), chosen by TRANSLATE_PROVIDER: `off`, `libretranslate` or
 * `deepl`. Texts go out in order and come back in the same order; `html` keeps markup (the dish and
 * menu descriptions are rich text). Any failure — the service down, slow (10 s), refusing or answering
 * something unreadable — is one `TranslationUnavailableError`, so callers write nothing.
 */
export interface Translator {
  readonly kind: 'off' | 'libretranslate' | 'deepl';
  /** `from` and `to` are Carte's language tags (LANGUAGE_TAGS); each adapter maps them to its own codes. */
  translate(texts: string[], from: string, to: string, format: 'text' | 'html'): Promise<string[]>;
}

export const translateTimeoutMs = 10_000;

/**
 * Texts cut into requests of at most `maxTexts` texts and about `maxChars` characters (DeepL takes 50
 * texts and 128 KiB a request), keeping their order. A single longer text goes alone.
 */
export function batches(texts: string[], maxTexts: number, maxChars: number): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let chars = 0;
  for (const text of texts) {
    if (current.length && (current.length >= maxTexts || chars + text.length > maxChars)) {
      out.push(current);
      current = [];
      chars = 0;
    }
    current.push(text);
    chars += text.length;
  }
  if (current.length) out.push(current);
  return out;
}

export interface TranslatorOptions {
  /** The HTTP client (globalThis.fetch unless a test gives another). */
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Where the cause of a failure is written (the owner sees the one clear message). */
  log?: { warn(object: object, message: string): void };
}

/**
 * One JSON POST to the service: its parsed answer, or TranslationUnavailableError for anything else
 * (refused connection, timeout, a non-2xx status, a body that is not JSON).
 */
export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  options: TranslatorOptions,
): Promise<unknown> {
  const send = options.fetch ?? fetch;
  try {
    const response = await send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? translateTimeoutMs),
    });
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, 300);
      options.log?.warn({ status: response.status, detail }, 'translation service refused');
      throw new TranslationUnavailableError();
    }
    return await response.json();
  } catch (error) {
    if (error instanceof TranslationUnavailableError) throw error;
    options.log?.warn({ err: String(error) }, 'translation service unreachable');
    throw new TranslationUnavailableError();
  }
}

/** The answer's texts when they are as many strings as were sent; otherwise the service failed. */
export function expectTexts(texts: unknown, count: number): string[] {
  if (!Array.isArray(texts) || texts.length !== count || !texts.every((text) => typeof text === 'string'))
    throw new TranslationUnavailableError();
  return texts;
}

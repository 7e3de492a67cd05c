import { messages } from '@carte/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTranslator, type Translator } from '../src/adapters/translate/index.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { TranslationUnavailableError } from '../src/core/errors.ts';
import {
  startDeeplStandIn,
  startLibreTranslateStandIn,
  type TranslateStandIn,
} from './support/translate-stand-ins.ts';

/** The machine translation adapters against their services' stand-ins (issue 24 §4). */

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/carte-translate-config', JWT_SECRET: 'x'.repeat(32) };

describe('TRANSLATE_PROVIDER, checked at start', () => {
  it('is off unless set', () => {
    expect(loadConfig(base).translate).toEqual({ provider: 'off' });
  });

  it('refuses a provider it does not know, naming the variable', () => {
    expect(() => loadConfig({ ...base, TRANSLATE_PROVIDER: 'google' })).toThrow(/TRANSLATE_PROVIDER/);
  });

  it('needs LibreTranslate’s address, and takes its key when given', () => {
    expect(() => loadConfig({ ...base, TRANSLATE_PROVIDER: 'libretranslate' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, TRANSLATE_PROVIDER: 'libretranslate' })).toThrow(/LIBRETRANSLATE_URL/);
    expect(() =>
      loadConfig({ ...base, TRANSLATE_PROVIDER: 'libretranslate', LIBRETRANSLATE_URL: 'not a url' }),
    ).toThrow(/LIBRETRANSLATE_URL/);
    expect(
      loadConfig({
        ...base,
        TRANSLATE_PROVIDER: 'libretranslate',
        LIBRETRANSLATE_URL: 'http://translate.local:5000/',
        LIBRETRANSLATE_API_KEY: 'k1',
      }).translate,
    ).toEqual({ provider: 'libretranslate', url: 'http://translate.local:5000', apiKey: 'k1' });
  });

  it('needs a DeepL key; a free key (":fx") goes to api-free.deepl.com, others to api.deepl.com, DEEPL_URL wins', () => {
    expect(() => loadConfig({ ...base, TRANSLATE_PROVIDER: 'deepl' })).toThrow(/DEEPL_API_KEY/);
    const free = loadConfig({ ...base, TRANSLATE_PROVIDER: 'deepl', DEEPL_API_KEY: 'abc:fx' });
    expect(free.translate).toEqual({
      provider: 'deepl',
      url: 'https://api-free.deepl.com',
      apiKey: 'abc:fx',
    });
    const pro = loadConfig({ ...base, TRANSLATE_PROVIDER: 'deepl', DEEPL_API_KEY: 'abc' });
    expect(pro.translate).toMatchObject({ url: 'https://api.deepl.com' });
    const own = loadConfig({
      ...base,
      TRANSLATE_PROVIDER: 'deepl',
      DEEPL_API_KEY: 'abc',
      DEEPL_URL: 'http://127.0.0.1:9/',
    });
    expect(own.translate).toMatchObject({ url: 'http://127.0.0.1:9' });
  });
});

/** What the owner reads whatever went wrong, and the proof it was the translator's own error. */
async function expectUnavailable(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TranslationUnavailableError);
  expect((error as Error).message).toBe(messages.translationUnavailable);
  expect((error as TranslationUnavailableError).statusCode).toBe(502);
}

describe('LibreTranslate adapter', () => {
  let stand: TranslateStandIn;
  let translator: Translator;

  beforeAll(async () => {
    stand = await startLibreTranslateStandIn({ apiKey: 'lt-key' });
    translator = createTranslator(
      { translate: { provider: 'libretranslate', url: stand.url, apiKey: 'lt-key' } },
      { timeoutMs: 300 },
    );
  });
  afterAll(() => stand.close());
  beforeEach(() => {
    stand.mode = 'ok';
    stand.requests.length = 0;
  });

  it('translates texts in order, with the key, in LibreTranslate’s own language codes', async () => {
    expect(await translator.translate(['Soup', 'Bread'], 'en', 'fr', 'text')).toEqual([
      '[fr] Soup',
      '[fr] Bread',
    ]);
    expect(stand.requests[0]).toMatchObject({
      path: '/translate',
      body: { q: ['Soup', 'Bread'], source: 'en', target: 'fr', format: 'text', api_key: 'lt-key' },
    });
    await translator.translate(['Soup'], 'pt-BR', 'zh-Hans', 'text');
    expect(stand.requests[1]?.body).toMatchObject({ source: 'pt', target: 'zh-Hans' });
  });

  it('keeps the markup of rich text (format html)', async () => {
    const [text] = await translator.translate(
      ['<p>Slow-cooked <strong>beef</strong>, <em>carrots</em></p>'],
      'en',
      'fr',
      'html',
    );
    expect(text).toBe('<p>[fr] Slow-cooked <strong>[fr] beef</strong>[fr] , <em>[fr] carrots</em></p>');
    expect(stand.requests[0]?.body).toMatchObject({ format: 'html' });
  });

  it('sends long lists in batches of 50 and puts the answers back in order', async () => {
    const texts = Array.from({ length: 120 }, (_, index) => `Dish ${index}`);
    const out = await translator.translate(texts, 'en', 'de', 'text');
    expect(out).toEqual(texts.map((text) => `[de] ${text}`));
    expect(stand.requests.map((request) => (request.body.q as string[]).length)).toEqual([50, 50, 20]);
  });

  it('answers one clear message when the service fails: 503, slow, garbled, refused, wrong key', async () => {
    stand.mode = '503';
    await expectUnavailable(translator.translate(['Soup'], 'en', 'fr', 'text'));
    stand.mode = 'slow';
    await expectUnavailable(translator.translate(['Soup'], 'en', 'fr', 'text'));
    stand.mode = 'garbled';
    await expectUnavailable(translator.translate(['Soup'], 'en', 'fr', 'text'));
    stand.mode = 'ok';
    const wrongKey = createTranslator({
      translate: { provider: 'libretranslate', url: stand.url, apiKey: 'other' },
    });
    await expectUnavailable(wrongKey.translate(['Soup'], 'en', 'fr', 'text'));
    await stand.down();
    try {
      await expectUnavailable(translator.translate(['Soup'], 'en', 'fr', 'text'));
    } finally {
      await stand.up();
    }
    expect(await translator.translate(['Soup'], 'en', 'fr', 'text')).toEqual(['[fr] Soup']);
  });
});

describe('DeepL adapter', () => {
  let stand: TranslateStandIn;
  let translator: Translator;

  beforeAll(async () => {
    stand = await startDeeplStandIn({ apiKey: 'dl-key:fx' });
    translator = createTranslator(
      { translate: { provider: 'deepl', url: stand.url, apiKey: 'dl-key:fx' } },
      { timeoutMs: 300 },
    );
  });
  afterAll(() => stand.close());
  beforeEach(() => {
    stand.mode = 'ok';
    stand.requests.length = 0;
  });

  it('sends the key in the Authorization header and DeepL’s language codes', async () => {
    expect(await translator.translate(['Soup'], 'en', 'fr', 'text')).toEqual(['[fr] Soup']);
    const [first] = stand.requests;
    expect(first?.path).toBe('/v2/translate');
    expect(first?.headers.authorization).toBe('DeepL-Auth-Key dl-key:fx');
    expect(first?.body).toEqual({ text: ['Soup'], source_lang: 'EN', target_lang: 'FR' });
    await translator.translate(['Soup'], 'fr', 'en', 'text');
    await translator.translate(['Soup'], 'en', 'pt-BR', 'text');
    await translator.translate(['Soup'], 'en', 'pt', 'text');
    await translator.translate(['Soup'], 'pt-BR', 'zh-Hans', 'text');
    expect(
      stand.requests.slice(1).map((request) => [request.body.source_lang, request.body.target_lang]),
    ).toEqual([
      ['FR', 'EN-GB'],
      ['EN', 'PT-BR'],
      ['EN', 'PT-PT'],
      ['PT', 'ZH-HANS'],
    ]);
  });

  it('keeps the markup of rich text with tag_handling html', async () => {
    const [text] = await translator.translate(['<p>Hand-made <b>pasta</b></p>'], 'en', 'it', 'html');
    expect(text).toBe('<p>[it] Hand-made <b>[it] pasta</b></p>');
    expect(stand.requests[0]?.body).toMatchObject({ tag_handling: 'html' });
  });

  it('sends at most 50 texts a request', async () => {
    const texts = Array.from({ length: 101 }, (_, index) => `Option ${index}`);
    expect(await translator.translate(texts, 'en', 'es', 'text')).toEqual(
      texts.map((text) => `[es] ${text}`),
    );
    expect(stand.requests.map((request) => (request.body.text as string[]).length)).toEqual([50, 50, 1]);
  });

  it('answers one clear message when DeepL fails: 503, slow, garbled, refused, wrong key', async () => {
    stand.mode = '503';
    await expectUnavailable(translator.translate(['Soup'], 'en', 'fr', 'text'));
    stand.mode = 'slow';
    await expectUnavailable(translator.translate(['Soup'], 'en', 'fr', 'text'));
    stand.mode = 'garbled';
    await expectUnavailable(translator.translate(['Soup'], 'en', 'fr', 'text'));
    stand.mode = 'ok';
    const wrongKey = createTranslator({ translate: { provider: 'deepl', url: stand.url, apiKey: 'nope' } });
    await expectUnavailable(wrongKey.translate(['Soup'], 'en', 'fr', 'text'));
    await stand.down();
    try {
      await expectUnavailable(translator.translate(['Soup'], 'en', 'fr', 'text'));
    } finally {
      await stand.up();
    }
  });
});

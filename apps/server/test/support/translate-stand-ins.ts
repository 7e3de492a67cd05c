import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * CONTRACT STAND-INS for the machine translation services, for tests only (issue 24 §4: nothing calls
 * the network in tests). Each is a local HTTP server answering its service's documented shape:
 *
 * - LibreTranslate: `POST /translate` with JSON `{q, source, target, format, api_key}`; a string `q`
 *   answers `{translatedText: "…"}`, an array `{translatedText: [...]}`; a wrong key answers 403
 *   `{error}`.
 * - DeepL: `POST /v2/translate` with `Authorization: DeepL-Auth-Key …` and JSON `{text: [...],
 *   source_lang, target_lang, tag_handling}`; answers `{translations: [{detected_source_language,
 *   text}]}`; a wrong key 403, more than 50 texts 413.
 *
 * They "translate" by a rule a test can predict: `[fr] ` before every text, or, for HTML (LibreTranslate's
 * `format: html`, DeepL's `tag_handling: html`), before every text node, so the markup survives as it
 * does with the real services. Each can be switched to failing: `503`, `slow` (answers nothing until
 * closed), `garbled` (a 200 with a shape nobody expects), or `down()` (the port closed: connection
 * refused) and `up()` again.
 */
export type StandInMode = 'ok' | '503' | 'slow' | 'garbled';

export interface TranslateStandIn {
  /** LIBRETRANSLATE_URL or DEEPL_URL for Carte. */
  url: string;
  /** Every request received: its path, its headers and its parsed JSON body. */
  requests: { path: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }[];
  mode: StandInMode;
  /** Changes every translated text before it is answered (a service adding markup of its own). */
  rewrite: ((text: string) => string) | null;
  /** Stops listening: requests then meet a refused connection. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

/** The stand-ins' translation of one text: the target code in brackets before each text (node). */
export function standInTranslation(text: string, target: string, html: boolean): string {
  const mark = `[${target.toLowerCase()}] `;
  if (!html) return `${mark}${text}`;
  return text
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith('<') || part.trim() === '' ? part : `${mark}${part}`))
    .join('');
}

type Handler = (
  request: IncomingMessage,
  body: Record<string, unknown>,
  finish: (text: string) => string,
) => { status: number; json: unknown } | null;

async function startStandIn(handle: Handler): Promise<TranslateStandIn> {
  const hanging = new Set<ServerResponse>();
  const state: TranslateStandIn = {
    url: '',
    requests: [],
    mode: 'ok',
    rewrite: null,
    down: async () => {
      for (const response of hanging) response.destroy();
      hanging.clear();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
    up: async () => {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
    },
    close: async () => {
      for (const response of hanging) response.destroy();
      if (server.listening) await state.down();
    },
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        body = {};
      }
      state.requests.push({ path: request.url ?? '', headers: request.headers, body });
      const send = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (state.mode === 'slow') {
        hanging.add(response);
        return;
      }
      if (state.mode === '503') return send(503, { message: 'Service Unavailable' });
      if (state.mode === 'garbled') return send(200, { unexpected: true });
      const answer = handle(request, body, (text) => (state.rewrite ? state.rewrite(text) : text));
      if (!answer) return send(404, { error: 'Not Found' });
      send(answer.status, answer.json);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  state.url = `http://127.0.0.1:${port}`;
  return state;
}

/** LibreTranslate's `/translate`; `apiKey` set: requests must carry it as `api_key`. */
export function startLibreTranslateStandIn(options: { apiKey?: string } = {}): Promise<TranslateStandIn> {
  return startStandIn((request, body, finish) => {
    if (request.method !== 'POST' || request.url !== '/translate') return null;
    if (options.apiKey && body.api_key !== options.apiKey)
      return { status: 403, json: { error: 'Invalid API key' } };
    const { q, target, format } = body;
    if (typeof target !== 'string' || (typeof q !== 'string' && !Array.isArray(q)))
      return { status: 400, json: { error: 'Invalid request: missing q or target parameter' } };
    const html = format === 'html';
    return {
      status: 200,
      json: {
        translatedText: Array.isArray(q)
          ? q.map((text) => finish(standInTranslation(String(text), target, html)))
          : finish(standInTranslation(q, target, html)),
      },
    };
  });
}

/** DeepL's `/v2/translate`, for one API key. */
export function startDeeplStandIn(options: { apiKey: string }): Promise<TranslateStandIn> {
  return startStandIn((request, body, finish) => {
    if (request.method !== 'POST' || request.url !== '/v2/translate') return null;
    if (request.headers.authorization !== `DeepL-Auth-Key ${options.apiKey}`)
      return { status: 403, json: { message: 'Wrong endpoint or wrong authorization' } };
    const { text, target_lang: target, source_lang: source, tag_handling: tags } = body;
    if (!Array.isArray(text) || typeof target !== 'string')
      return { status: 400, json: { message: "Value for 'target_lang' not supported." } };
    if (text.length > 50) return { status: 413, json: { message: 'Request Entity Too Large' } };
    return {
      status: 200,
      json: {
        translations: text.map((entry) => ({
          detected_source_language: typeof source === 'string' ? source : 'EN',
          text: finish(standInTranslation(String(entry), target, tags === 'html')),
        })),
      },
    };
  });
}

import path from 'node:path';
import { customerMenuSchema, messages, objectId, publicDishSchema } from '@carte/domain';
import { menuPageCss } from '@carte/menu-view';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mediaOrigin } from '../../adapters/storage/index.ts';
import type { Config } from '../../config.ts';
import { NotFoundError } from '../../core/errors.ts';
import { isId } from '../../db/ids.ts';
import { cspHeader, sha256Source } from '../../http/content-security-policy.ts';
import { ok, responses } from '../../http/envelope.ts';
import { acceptedEncodings, createPublicMenuAssets, type PublicMenuAssets } from './public-menu.assets.ts';
import { dinerLanguage, translateCustomer } from './public-menu.languages.ts';
import {
  brotliOf,
  compactRendered,
  gzipOf,
  type Rendered,
  renderCustomerJson,
  renderMenuPage,
  renderNotFoundPage,
  resolveAddress,
} from './public-menu.page.ts';
import type { PageCache } from './public-menu.pages.ts';
import type { PublicMenuService } from './public-menu.service.ts';
import { type PublicMenuState, upcomingState } from './public-menu.state.ts';

export interface PublicMenuPluginOptions {
  publicMenu: PublicMenuService;
  config: Pick<Config, 'publicUrl' | 'webDist' | 'redisUrl' | 'storage' | 's3'>;
  now: () => Date;
}

/**
 * Diners' answers may be held by a CDN for 30 s and served stale for 60 s more while it asks again;
 * browsers always revalidate (max-age=0), which costs a 304 when nothing changed (ETag).
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=60';
/**
 * The security headers of the app's helmet defaults, as constants: helmet builds its middleware on
 * every request (about 0.2 ms, more than the rest of a cached page), and these pages are the hot
 * path. Without X-Frame-Options: the public menu is meant to be framed by any site (the embed
 * code, doc 2 §1), which `frame-ancestors *` says explicitly. The Content-Security-Policy is
 * `pagePolicy`, constant but for the page's own origin.
 */
const pageHeaders = {
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
} as const;

/**
 * The public page's Content-Security-Policy (docs/security.md, "Headers"). The page prints
 * owner-written rich text (sanitized when saved), so it runs no script but its own hydration bundle
 * under `/public-menu/` (`<script type="application/ld+json">` and the page data are data blocks,
 * never run): a CSP host-source needs a host to carry a path, so the page's origin is written in.
 * Its stylesheet is one constant inline `<style>`, allowed by its hash; `style` attributes stay
 * allowed (the theme's colour and font variables, the editor's fonts and sizes in descriptions),
 * and browsers without `style-src-elem` fall back to `style-src`. Images from this origin (uploaded
 * media, `/media/…`) and `data:` (the empty tab icon); fetches and the analytics beacon to this
 * origin; the filter form submits here; any site may frame the page (the embed code).
 */
export function pagePolicy(origin: string, fontStyleHash?: string, mediaOrigin?: string): string {
  const own = `${origin}/public-menu/`;
  return cspHeader({
    'default-src': ["'none'"],
    'script-src': [own],
    'style-src': [own, "'unsafe-inline'"],
    // The page's `@font-face` rules (its menu's fonts, from this origin) come first when it has any.
    'style-src-elem': fontStyleHash ? [own, fontStyleHash, menuStyleHash] : [own, menuStyleHash],
    'style-src-attr': ["'unsafe-inline'"],
    // Stored files may come from a CDN in front of the bucket (S3_PUBLIC_URL).
    'img-src': ["'self'", 'data:', ...(mediaOrigin ? [mediaOrigin] : [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'form-action': ["'self'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ['*'],
  });
}
const menuStyleHash = sha256Source(menuPageCss);

/** A host as a browser may have sent it: names, IPv4, bracketed IPv6, an optional port. */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The origin the browser asked (the proxy's, behind one), or the configured public one. */
function originOf(request: FastifyRequest, publicUrl: string): string {
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return HOST.test(request.host) ? `${protocol}://${request.host}` : new URL(publicUrl).origin;
}

/** Does the If-None-Match header hold this ETag (weak comparison, RFC 9110 §13.1.2)? */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === bare;
  });
}

/** The cache headers of every page and answer `send` sends. */
const cacheHeaders = { 'cache-control': PUBLIC_CACHE_CONTROL, vary: 'Accept-Encoding' } as const;
/** Those of an answer whose language the browser's Accept-Language chose (issue 24). */
const languageCacheHeaders = { ...cacheHeaders, vary: 'Accept-Encoding, Accept-Language' } as const;

/** Below this many bytes a page or answer is sent as it is (compressing would save a packet at most). */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Sends a rendered page with its cache headers: 304 when the client holds it (the ETag is weak, so
 * it names the content whatever the encoding), else brotli or gzip when accepted, each made once.
 */
function send(
  request: FastifyRequest,
  reply: FastifyReply,
  rendered: Rendered,
  headers: Readonly<Record<string, string>> = cacheHeaders,
) {
  reply.headers(headers).header('etag', rendered.etag);
  if (rendered.status === 200 && matches(request.headers['if-none-match'], rendered.etag)) {
    return reply.code(304).send();
  }
  reply.code(rendered.status).type(rendered.type);
  const [encoding] =
    (rendered.length ?? rendered.body.length) >= COMPRESS_THRESHOLD
      ? acceptedEncodings(request.headers['accept-encoding'])
      : [];
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(brotliOf(rendered));
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipOf(rendered));
  return reply.send(rendered.body);
}

/**
 * A page of a restaurant's view, rendered once while the page cache holds it: the key names what
 * the diner sees (the state's `view`: the data's version, the menus shown), so a change never meets
 * old pages, and a minute passing without one draws nothing again.
 */
const memo = (
  pages: PageCache,
  state: PublicMenuState,
  key: string,
  render: () => Rendered,
  expiresAt?: number,
): Rendered =>
  pages.page(
    `${state.view} ${key}`,
    () => {
      const rendered = render();
      // Kept compressed once it is worth compressing (`send` sends smaller bodies as they are).
      return rendered.body.length >= COMPRESS_THRESHOLD ? compactRendered(rendered) : rendered;
    },
    expiresAt,
  );

/** The diner's pages and answers; encapsulated, with pages (not JSON) for its own failures. */
const publicMenuRoutes: FastifyPluginAsyncZod<{
  service: PublicMenuService;
  assets: PublicMenuAssets;
  publicUrl: string;
  mediaOrigin?: string | undefined;
}> = async (app, options) => {
  const { service, assets, publicUrl, mediaOrigin } = options;
  const { pages } = service;
  const notFound = renderNotFoundPage();
  // A page's headers (security, its policy, cache) once per origin the app is reached by (a
  // handful) and set of fonts (a page with web fonts allows its `@font-face` style by its hash).
  const headerSets = new Map<string, Readonly<Record<string, string>>>();
  const headersFor = (origin: string, fontStyleHash: string | undefined, varies = false) => {
    const plain = fontStyleHash ? `${origin} ${fontStyleHash}` : origin;
    const key = varies ? `${plain} lang` : plain;
    let headers = headerSets.get(key);
    if (!headers) {
      headers = {
        ...pageHeaders,
        'content-security-policy': pagePolicy(origin, fontStyleHash, mediaOrigin),
        ...(varies ? languageCacheHeaders : cacheHeaders),
      };
      if (headerSets.size < 1024) headerSets.set(key, headers);
    }
    return headers;
  };
  const sendPage = (request: FastifyRequest, reply: FastifyReply, rendered: Rendered, varies = false) =>
    send(request, reply, rendered, headersFor(originOf(request, publicUrl), rendered.fontStyleHash, varies));
  const fonts = assets.fonts.bind(assets);

  async function page(request: FastifyRequest, reply: FastifyReply) {
    const params = request.params as { restaurantId: string; mapId?: string };
    // A display's address, or a dish page opened from one (`?map=`, menu-view's urls.ts).
    const mapId = params.mapId ?? (request.query as { map?: unknown }).map;
    if (!isId(params.restaurantId) || (mapId !== undefined && !isId(mapId))) {
      return sendPage(request, reply, notFound);
    }
    try {
      const found = await service.current(params.restaurantId, mapId);
      if (!found) return sendPage(request, reply, notFound);
      const { state, source } = found;
      const tags = assets.tags();
      // The diner's language (issue 24): a restaurant with one language skips this.
      const { lang, varies } = dinerLanguage(
        source,
        (request.query as { lang?: unknown }).lang,
        request.headers['accept-language'],
      );
      // By address first (no parsing); else by the screen it means, so odd query strings never
      // draw the same screen twice. The language is part of both (Accept-Language may choose it).
      const addressKey = `${state.view} ${tags.version} ${lang} ${request.url}`;
      let rendered = pages.byAddress(addressKey);
      if (!rendered) {
        const resolved = resolveAddress(state.customer, request.url);
        const key = `${tags.version} ${lang} ${JSON.stringify(resolved)}`;
        rendered = memo(pages, state, key, () =>
          renderMenuPage({
            customer: translateCustomer(state.customer, source, lang),
            etagParts: [source.version, state.signature, lang],
            page: resolved,
            publicUrl,
            tags,
            fonts: (needs) => fonts(needs.faces, needs.first),
          }),
        );
        pages.link(addressKey, `${state.view} ${key}`);
      }
      return sendPage(request, reply, rendered, varies);
    } catch (error) {
      request.log.error({ err: error }, 'public menu page failed');
      return reply
        .headers(headersFor(originOf(request, publicUrl), undefined))
        .code(500)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><html lang="en"><title>Menu</title><p>Something went wrong. Please try again later.</p></html>',
        );
    }
  }

  // These routes compress their own answers (made once per rendered page, or at build time).
  const hidden = { schema: { hide: true }, compress: false as const };
  // Helmet's headers are set as constants instead (pageHeaders), without X-Frame-Options.
  const framable = { ...hidden, helmet: false as const };
  // doc 2 §2. `/menu/{restaurantId}/{mapId}` is a menu display's address: only the display's
  // published menus, keeping mapId in its links; an unknown display answers "No menu found".
  app.get('/menu/:restaurantId', framable, page);
  app.get('/menu/:restaurantId/:mapId', framable, page);
  app.get('/menu/:restaurantId/dish/:dishId/menuSelected/:menuId', framable, page);

  app.get('/public-menu/*', hidden, async (request, reply) => {
    const file = await assets.file(
      (request.params as { '*': string })['*'],
      request.headers['accept-encoding'],
    );
    if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    if (file.encoding) reply.header('content-encoding', file.encoding);
    return reply
      .header('cache-control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      .header('vary', 'Accept-Encoding')
      .type(file.type)
      .send(file.body);
  });

  app.get(
    '/api/menus/customer',
    {
      // Compressed once per state by `send`, like the pages.
      compress: false,
      schema: {
        tags: ['public menu'],
        summary: "A restaurant's public menu now (doc 2 §3 customer menu): no sign-in",
        description: `Published menus open now (own, then the parent's), each with its available categories inside their hours and their available dishes; \`menusTimeline\` lists every published menu's schedule. \`menuId\` names the menu a diner switches to from the expiry banner: when that published menu is not open yet but opens within \`menu_period_transition\` minutes, it is included too, with the categories it shows when it opens. Sent with an ETag (If-None-Match answers 304) and \`Cache-Control: ${PUBLIC_CACHE_CONTROL}\`. With \`mapId\` (a menu display of the restaurant) only that display's published menus (and timeline) are answered; an unknown display answers 404 "No menu found". With \`lang\` (one of the restaurant's languages; else \`Accept-Language\` chooses among them, else the default) the texts are translated where a current translation exists, field by field, and \`language\` names the language served; an unknown language falls back without error.`,
        querystring: z.object({
          restaurantId: objectId,
          menuId: objectId.optional(),
          mapId: objectId.optional(),
          lang: z.string().max(35).optional(),
        }),
        response: responses(customerMenuSchema, [400, 404]),
      },
    },
    async (request, reply) => {
      const { restaurantId, menuId, mapId } = request.query;
      const found = await service.current(restaurantId, mapId);
      if (!found) throw new NotFoundError(messages.menuNotFound);
      const { source, state } = found;
      const { lang, varies } = dinerLanguage(source, request.query.lang, request.headers['accept-language']);
      const plain = () =>
        renderCustomerJson(translateCustomer(state.customer, source, lang), [
          source.version,
          state.signature,
          lang,
        ]);
      // A switch from the banner (doc 2 §4) to a published menu not shown now: rendered once per
      // minute and menu (what it adds depends on the minute; the keys are bounded by the menus).
      const upcoming =
        menuId !== undefined &&
        !state.customer.menus.some((menu) => menu._id === menuId) &&
        source.menus.some((entry) => entry.menu._id === menuId)
          ? menuId
          : null;
      const rendered = upcoming
        ? memo(
            pages,
            state,
            `api upcoming ${upcoming} ${lang} ${state.at - (state.at % 60_000)}`,
            () => {
              const early = upcomingState(source, state, upcoming);
              return early
                ? renderCustomerJson(translateCustomer(early.customer, source, lang), [
                    source.version,
                    early.signature,
                    lang,
                  ])
                : plain();
            },
            state.validUntil,
          )
        : memo(pages, state, `api ${lang}`, plain);
      return send(request, reply, rendered, varies ? languageCacheHeaders : cacheHeaders);
    },
  );

  app.get(
    '/api/restaurant/:restaurantId/menu/:menuId/dish/:dishId',
    {
      schema: {
        tags: ['public menu'],
        summary: 'One dish of a menu served now (doc 2 §7 customerDish): no sign-in',
        description:
          'With `lang` (one of the restaurant languages; else `Accept-Language` chooses among them, else the default) the texts are translated where a current translation exists, field by field.',
        params: z.object({ restaurantId: objectId, menuId: objectId, dishId: objectId }),
        querystring: z.object({ lang: z.string().max(35).optional() }),
        response: responses(publicDishSchema, [400, 404]),
      },
    },
    async (request, reply) => {
      const { restaurantId, menuId, dishId } = request.params;
      let dish = await service.dish(restaurantId, menuId, dishId);
      if (!dish) throw new NotFoundError(messages.dishNotFound);
      const found = await service.current(restaurantId);
      if (found && found.source.languages.others.length > 0) {
        const { lang, varies } = dinerLanguage(
          found.source,
          request.query.lang,
          request.headers['accept-language'],
        );
        // Only the dish's menu is translated (issue 24): the dish as the page shows it in `lang`.
        const menu = found.state.customer.menus.find((entry) => entry._id === menuId);
        const translated = menu
          ? translateCustomer(
              { ...found.state.customer, menus: [menu], menusTimeline: [] },
              found.source,
              lang,
            )
          : null;
        for (const category of translated?.menus[0]?.categories ?? []) {
          const match = category.dishes.find((entry) => entry._id === dishId);
          if (match) dish = match;
        }
        if (varies) reply.header('vary', 'Accept-Language');
      }
      reply.header('cache-control', PUBLIC_CACHE_CONTROL);
      return ok(dish);
    },
  );
};

/**
 * The public menu (doc 2 §2, §3; DESIGN.md path 1): the pages `/menu/…`, the hydration bundle under
 * `/public-menu/`, the customer answer `/api/menus/customer` — over the public-menu service, whose
 * data cache every service that changes a restaurant's public data tells after its commit
 * (`publicMenu.changed(restaurantId)`, core/public-menu-changes.ts). The rendered pages (the
 * service's `pages`, bounded by bytes) are keyed by what the diner sees, so a change never meets
 * old pages and a minute passing draws nothing again. An entry also expires when a subscription
 * period of the restaurant or its parent ends, and after five minutes whatever happens.
 */
export const publicMenuPlugin = fp(
  async (app: FastifyInstance, options: PublicMenuPluginOptions) => {
    const service = options.publicMenu;
    const assets = createPublicMenuAssets({ dir: path.join(options.config.webDist, 'public-menu') });
    await app.register(publicMenuRoutes, {
      service,
      assets,
      publicUrl: options.config.publicUrl,
      mediaOrigin: mediaOrigin(options.config),
    });
  },
  { name: 'carte-public-menu' },
);

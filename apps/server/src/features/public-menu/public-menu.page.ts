import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync } from 'node:zlib';
import { type CustomerMenu, isRightToLeft, type PublicMenu } from '@carte/domain';
import {
  compactPayload,
  DeadLinkPage,
  findDish,
  MENU_DATA_ELEMENT_ID,
  MENU_ROOT_ELEMENT_ID,
  menuFontFaces,
  menuJsonLd,
  menuPageCss,
  PublicMenuApp,
  pageDescription,
  pageTitle,
  type ResolvedPage,
  resolvePage,
  resolveTheme,
  serializeForScript,
  texts,
  viewHref,
} from '@carte/menu-view';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { sha256Source } from '../../http/content-security-policy.ts';
import type { HydrationTags, PageFonts } from './public-menu.assets.ts';

/** A page or answer ready to send many times: the body, its compressed form once asked, its ETag. */
export interface Rendered {
  status: number;
  type: string;
  etag: string;
  body: Buffer;
  /** The body's length when the body itself is made again on demand (`compactRendered`). */
  length?: number;
  /** Told when a compressed copy is added, so the cache holding the page counts it. */
  grown?: () => void;
  gzip?: Buffer;
  br?: Buffer;
  /** A compact page's plain body, once a client asked for it (`compactRendered`). */
  readonly plain?: Buffer | undefined;
  /** The CSP source of the page's second inline style (its `@font-face` rules), when it has one. */
  fontStyleHash?: string;
}

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A weak ETag: a page's `generatedAt` (when its view was first drawn) does not change what it means. */
export const weakEtag = (...parts: string[]): string =>
  `W/"${createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 27)}"`;

const absolute = (url: string, origin: string) => (/^https?:\/\//i.test(url) ? url : `${origin}${url}`);

/** The document around the server-rendered menu (doc 2 §2): head, structured data, page data, script. */
function documentHtml(parts: {
  title: string;
  description: string;
  themeColor: string;
  canonical: string | null;
  image: string | null;
  /** The tab's icon: the restaurant's logo, or none (an empty one, so the browser asks for nothing). */
  icon: string | null;
  noindex: boolean;
  headTags: string;
  /** The `@font-face` rules and the preload of the first screen's face (public-menu.assets.ts). */
  fonts?: PageFonts | null;
  jsonLd: string | null;
  app: string;
  payload: string | null;
  /** The language the page is in (issue 24), and the page in each of the restaurant's languages. */
  lang?: string;
  alternates?: { lang: string; href: string }[];
}): string {
  const lang = parts.lang ?? 'en';
  const meta = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">',
    `<title>${escapeHtml(parts.title)}</title>`,
    parts.description ? `<meta name="description" content="${escapeHtml(parts.description)}">` : '',
    `<meta name="theme-color" content="${escapeHtml(parts.themeColor)}">`,
    `<link rel="icon" href="${escapeHtml(parts.icon ?? 'data:,')}">`,
    parts.noindex ? '<meta name="robots" content="noindex">' : '',
    parts.canonical ? `<link rel="canonical" href="${escapeHtml(parts.canonical)}">` : '',
    (parts.alternates ?? [])
      .map(
        (entry) =>
          `<link rel="alternate" hreflang="${escapeHtml(entry.lang)}" href="${escapeHtml(entry.href)}">`,
      )
      .join(''),
    `<meta property="og:type" content="website"><meta property="og:title" content="${escapeHtml(parts.title)}">`,
    parts.description ? `<meta property="og:description" content="${escapeHtml(parts.description)}">` : '',
    parts.canonical ? `<meta property="og:url" content="${escapeHtml(parts.canonical)}">` : '',
    parts.image ? `<meta property="og:image" content="${escapeHtml(parts.image)}">` : '',
    parts.fonts?.preload ?? '',
    parts.fonts?.css ? `<style>${parts.fonts.css}</style>` : '',
    `<style>${menuPageCss}</style>`,
    parts.headTags,
    parts.jsonLd ? `<script type="application/ld+json">${parts.jsonLd}</script>` : '',
  ].join('');
  const data = parts.payload
    ? `<script type="application/json" id="${MENU_DATA_ELEMENT_ID}">${parts.payload}</script>`
    : '';
  const dir = isRightToLeft(lang) ? ' dir="rtl"' : '';
  return `<!doctype html><html lang="${escapeHtml(lang)}"${dir}><head>${meta}</head><body><div id="${MENU_ROOT_ELEMENT_ID}">${parts.app}</div>${data}</body></html>`;
}

/** The screen an address `/menu/…?…` asks for: the same `resolvePage` the hydration script runs. */
export function resolveAddress(customer: CustomerMenu, url: string): ResolvedPage {
  const mark = url.indexOf('?');
  return resolvePage(customer, mark >= 0 ? url.slice(0, mark) : url, mark >= 0 ? url.slice(mark) : '');
}

/**
 * One public page (doc 2 §2): the screen, drawn by menu-view's `PublicMenuApp`, so the page reads
 * completely without JavaScript; the data the script hydrates from; schema.org JSON-LD; a title
 * and description per screen; theme colour from the shown menu. "Dish not found" answers 404.
 */
export function renderMenuPage(input: {
  customer: CustomerMenu;
  /** What the page is drawn from besides the screen: the data's version and the menus shown now. */
  etagParts: string[];
  page: ResolvedPage;
  publicUrl: string;
  tags: HydrationTags;
  /** The `@font-face` rules for the families and weights asked (the assets' `fonts`). */
  fonts?: (needs: ReturnType<typeof menuFontFaces>) => PageFonts;
}): Rendered {
  const { customer, publicUrl } = input;
  const { view, filters, mapId } = input.page;

  const menuId = view.kind === 'menu' || view.kind === 'dish' || view.kind === 'print' ? view.menuId : null;
  const menu: PublicMenu | undefined = menuId
    ? customer.menus.find((entry) => entry._id === menuId)
    : undefined;
  const dishFound = view.kind === 'dish' && menu ? findDish({ menu }, view.dishId) !== null : false;
  const status = view.kind === 'dish' && !dishFound ? 404 : 200;

  const payload = compactPayload({ data: customer, view, filters, mapId });
  // The shown menu's web fonts (its dish page and printable menu too); the chooser draws in the system's.
  const fonts = menu && input.fonts ? input.fonts(menuFontFaces(resolveTheme(menu))) : null;
  const app = renderToString(
    createElement(PublicMenuApp, { data: customer, view, filters, baseUrl: '', mapId }),
  );
  const language = customer.language;
  const links = {
    baseUrl: publicUrl,
    restaurantId: customer.restaurant._id,
    mapId,
    lang: language?.served ?? null,
  };
  // The same screen in each of the restaurant's languages, and the bare address for the others.
  const alternates =
    language && status === 200
      ? [
          ...[language.default, ...language.others].map((tag) => ({
            lang: tag,
            href: viewHref(view, { ...links, lang: tag }),
          })),
          { lang: 'x-default', href: viewHref(view, { ...links, lang: null }) },
        ]
      : [];
  const html = documentHtml({
    lang: language?.served ?? 'en',
    alternates,
    title: pageTitle(customer, view),
    description: pageDescription(customer, view),
    themeColor: (menu ?? customer.menus[0])?.colors.primary ?? '#ffffff',
    canonical: status === 200 ? viewHref(view, links) : null,
    image: menu?.cover ? absolute(menu.cover, publicUrl) : null,
    icon: customer.restaurant.logoVariants?.thumb ?? customer.restaurant.logo,
    noindex: status !== 200,
    headTags: input.tags.html,
    fonts,
    jsonLd: serializeForScript(menuJsonLd(customer, menu?._id ?? null, publicUrl, mapId)),
    app,
    payload: serializeForScript(payload),
  });
  return {
    status,
    type: 'text/html; charset=utf-8',
    etag: weakEtag(...input.etagParts, input.tags.version, JSON.stringify({ view, filters, mapId })),
    body: Buffer.from(html),
    ...(fonts?.css ? { fontStyleHash: sha256Source(fonts.css) } : {}),
  };
}

/**
 * The page of an address that names no restaurant (or not a well-formed one): "No menu found", in
 * the menu's own look with what a diner can do (a QR code that outlived its restaurant), 404.
 */
export function renderNotFoundPage(): Rendered {
  const html = documentHtml({
    title: texts.menuNotFound,
    description: '',
    themeColor: '#ffffff',
    canonical: null,
    image: null,
    icon: null,
    noindex: true,
    headTags: '',
    jsonLd: null,
    app: renderToString(createElement(DeadLinkPage)),
    payload: null,
  });
  const body = Buffer.from(html);
  return { status: 404, type: 'text/html; charset=utf-8', etag: weakEtag(html), body };
}

/** The customer answer (doc 2 §3) as the API sends it, serialized once per state. */
export function renderCustomerJson(customer: CustomerMenu, etagParts: string[]): Rendered {
  const body = Buffer.from(JSON.stringify({ statusCode: 200, confirmation: 'Success', message: customer }));
  return { status: 200, type: 'application/json; charset=utf-8', etag: weakEtag('api', ...etagParts), body };
}

/** The gzip body, made once per rendered page. */
export function gzipOf(rendered: Rendered): Buffer {
  if (!rendered.gzip) {
    // A compact page's plain body is not kept for this (only a client asking plain keeps it).
    const body =
      rendered.length !== undefined && rendered.br && !rendered.plain
        ? brotliDecompressSync(rendered.br)
        : rendered.body;
    rendered.gzip = gzipSync(body, { level: 6 });
    rendered.grown?.();
  }
  return rendered.gzip;
}

/**
 * The brotli body, made once per rendered page: quality 6 costs about as much time as gzip level 6
 * and is some 15 % smaller on these pages; made once, it is sent many times.
 */
export function brotliOf(rendered: Rendered): Buffer {
  rendered.br ??= brotliCompressSync(rendered.body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 6,
      [constants.BROTLI_PARAM_SIZE_HINT]: rendered.body.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  return rendered.br;
}

/**
 * A page as the page cache keeps it (issue 21): its brotli copy, some 15 % of the page, which
 * nearly every phone accepts. The plain body (and from it the gzip copy) is made from it the first
 * time a client asks for one and then kept, counted by the cache like the gzip copy (`grown`): a
 * page asked plain again is sent as it is, not decompressed once per request (418 µs of 84 KB, ten
 * times the cost of sending it). Pages nobody asks plain stay at their brotli size.
 */
export function compactRendered(rendered: Rendered): Rendered {
  const br = brotliOf(rendered);
  const { status, type, etag, fontStyleHash } = rendered;
  let plain: Buffer | undefined;
  const compact: Rendered = {
    status,
    type,
    etag,
    ...(fontStyleHash ? { fontStyleHash } : {}),
    br,
    length: rendered.body.length,
    get body() {
      if (!plain) {
        plain = brotliDecompressSync(br);
        compact.grown?.();
      }
      return plain;
    },
    get plain() {
      return plain;
    },
  };
  return compact;
}

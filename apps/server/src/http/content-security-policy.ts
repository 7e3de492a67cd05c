import { createHash } from 'node:crypto';
import type { Config } from '../config.ts';

/**
 * Content-Security-Policy (docs/security.md, "Headers"), one policy per kind of page:
 * - the owner app (the SPA's index.html and every other answer helmet covers): `webAppPolicy`;
 * - the public menu `/menu/*`: public-menu.routes.ts, built from `publicMenuPolicy`;
 * - the test checkout pages `/billing/*`: local-checkout.routes.ts;
 * - Swagger UI `/api/docs`: `apiDocsPolicy`, looser, on those routes only.
 */

/** Directive name → sources, in the order they are written. */
export type CspDirectives = Record<string, readonly string[]>;

/** The header value of `directives`. */
export const cspHeader = (directives: CspDirectives): string =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');

/** A CSP hash-source for an inline `<style>` or `<script>` whose text is exactly `text`. */
export const sha256Source = (text: string): string =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Hash-sources of the inline scripts of an HTML document (none in Vite's index.html today). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    // External scripts are allowed by their address; data blocks (JSON) never run.
    if (/\bsrc\s*=/i.test(attributes) || (type && type !== 'module' && !type.includes('javascript')))
      continue;
    hashes.push(sha256Source(match[2] ?? ''));
  }
  return hashes;
}

/** Where Google's reCAPTCHA v3 loads from and draws its frame (when CAPTCHA=recaptcha). */
const recaptcha = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};

/**
 * The owner app. Scripts only from this origin (no inline script, no eval): a token in
 * `localStorage` is out of reach of injected markup. ALTCHA solves in a Web Worker made from a
 * `blob:` URL. Styles may be inline: Mantine writes its theme variables into `<style>` elements at
 * run time, as do Tiptap, react-easy-crop, ALTCHA and the menu preview, and React and Floating UI
 * position with `style` attributes; a nonce would not cover attributes and would need index.html
 * rewritten per answer, and CSS cannot run script. Images also from `data:` and `blob:` (crop
 * previews, picked files). Not framable but by itself.
 */
export function webAppPolicy(options: {
  captcha: Config['captcha'];
  inlineScripts?: readonly string[];
  /** Where stored files are fetched from when not this origin (S3_PUBLIC_URL). */
  mediaOrigin?: string | undefined;
}): CspDirectives {
  const google = options.captcha === 'recaptcha';
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(options.inlineScripts ?? []), ...(google ? recaptcha.script : [])],
    'worker-src': ["'self'", 'blob:'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(options.mediaOrigin ? [options.mediaOrigin] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-src': ["'self'", ...(google ? recaptcha.frame : [])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
}

/**
 * Swagger UI at /api/docs: its own scripts and styles files, inline styles (it sets them at run
 * time), images from `data:` and https (its validator badge), same-origin calls of "Try it out".
 */
export const apiDocsPolicy: CspDirectives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

/**
 * A server-rendered page without script whose only style is one inline `<style>` (the test
 * checkout and billing portal): nothing loads, forms post to this origin, not framable.
 */
export const scriptlessPagePolicy = (inlineStyle: string): CspDirectives => ({
  'default-src': ["'none'"],
  'style-src': [sha256Source(inlineStyle)],
  'form-action': ["'self'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
});

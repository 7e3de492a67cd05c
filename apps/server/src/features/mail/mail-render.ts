import { randomBytes } from 'node:crypto';
import {
  isMailSecretPlaceholder,
  type MailVars,
  mailSecretAddressPlaceholders,
  messages,
} from '@carte/domain';
import sanitizeHtml from 'sanitize-html';
import { wrapInLayout } from './mail-layout.ts';

export interface MailTemplateText {
  subject: string;
  content: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/**
 * `{{name}}` or `{{first|second|third}}` (the first with a value), spaces allowed inside the braces.
 * Names are dotted identifiers such as `user.firstName`.
 */
const placeholderPattern = /\{\{\s*([A-Za-z][\w.]*(?:\s*\|\s*[A-Za-z][\w.]*)*)\s*\}\}/g;

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** One `{{…}}` of a template: its names in order, the value it takes and its secret name, if any. */
export interface PlaceholderUse {
  names: string[];
  value: string;
  /** The first secret name of the chain (mailSecretPlaceholders), or null for an ordinary placeholder. */
  secret: string | null;
}

/**
 * Replaces every placeholder; unknown or empty ones become nothing. A chain naming a secret
 * placeholder is handed to `secret` (default: it becomes nothing), never to `encode`.
 */
export function fillPlaceholders(
  source: string,
  vars: Readonly<Record<string, string | undefined>>,
  encode: (value: string) => string = (value) => value,
  secret: (use: PlaceholderUse) => string = () => '',
): string {
  return source.replace(placeholderPattern, (_match, chain: string) => {
    const names = chain.split('|').map((name) => name.trim());
    let value = '';
    for (const name of names) {
      const candidate = Object.hasOwn(vars, name) ? vars[name] : undefined;
      if (candidate) {
        value = candidate;
        break;
      }
    }
    const secretName = names.find(isMailSecretPlaceholder) ?? null;
    if (secretName) return secret({ names, value, secret: secretName });
    return value ? encode(value) : '';
  });
}

/**
 * Whether `address` is on Carte's own site (PUBLIC_URL): same scheme, host and port, no user info,
 * under its path. The text must also start with the site's origin, so no parser reads another host.
 */
export function isOwnAddress(address: string, publicUrl: string): boolean {
  if (!publicUrl) return false;
  let url: URL;
  let site: URL;
  try {
    url = new URL(address);
    site = new URL(publicUrl);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.origin !== site.origin || url.username || url.password) return false;
  const after = address.slice(site.origin.length, site.origin.length + 1);
  if (!address.toLowerCase().startsWith(site.origin.toLowerCase()) || !['', '/', '?', '#'].includes(after))
    return false;
  const sitePath = site.pathname.replace(/\/$/, '');
  return !sitePath || url.pathname === sitePath || url.pathname.startsWith(`${sitePath}/`);
}

/**
 * Images may come only from Carte's own site or travel inside the mail (`cid:`, `data:` pictures):
 * a remote image tells its host who opened the mail, and when, and can carry anything put in its
 * address. In a stored template `{{publicUrl}}/…` is Carte's own site too.
 */
function imageAllowed(src: string | undefined, publicUrl: string, templateSource: boolean): boolean {
  const value = src?.trim() ?? '';
  if (/^cid:/i.test(value) || /^data:image\/(png|gif|jpe?g|webp);base64,/i.test(value)) return true;
  if (templateSource && /^\{\{\s*publicUrl\s*\}\}\//.test(value)) return true;
  return isOwnAddress(value, publicUrl);
}

/** CSS properties an edited body may use; values may not load anything (no url(), no expression()). */
const allowedStyleProperties = [
  'color',
  'background',
  'background-color',
  'font',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'line-height',
  'letter-spacing',
  'text-align',
  'text-decoration',
  'text-transform',
  'vertical-align',
  'white-space',
  'word-break',
  'overflow-wrap',
  'margin',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border',
  'border-top',
  'border-right',
  'border-bottom',
  'border-left',
  'border-color',
  'border-style',
  'border-width',
  'border-radius',
  'border-collapse',
  'border-spacing',
  'width',
  'min-width',
  'max-width',
  'height',
  'min-height',
  'max-height',
  'display',
];
const safeCssValue = /^(?!.*(?:url\s*\(|expression\s*\(|javascript:|@import|\\))[^<>{};]*$/i;

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'center', 'font'],
  allowedAttributes: {
    '*': ['style', 'align', 'valign', 'width', 'height', 'bgcolor', 'dir', 'title', 'role'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'border'],
    table: ['border', 'cellpadding', 'cellspacing'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    font: ['color', 'face', 'size'],
    ol: ['start', 'type'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'cid', 'data'] },
  allowProtocolRelative: false,
  allowedStyles: {
    '*': Object.fromEntries(allowedStyleProperties.map((property) => [property, [safeCssValue]])),
  },
};

/** What the sanitizer does with the markers that stand for secret placeholders (see sanitizeBody). */
interface SecretMarkers {
  /** Finds every marker; group 1 is its index. */
  pattern: RegExp;
  /** The address a link takes when its whole href is marker `index`, or null to drop the href. */
  linkAddress(index: number): string | null;
  /** The (escaped) text marker `index` becomes inside the link to marker `linkIndex`, or null. */
  textInLink(index: number, linkIndex: number): string | null;
}

/**
 * Keeps formatting, links, own images, inline styles and tables; drops scripts, event handlers,
 * forms, frames, `javascript:` links and remote images. With `markers`, a secret placeholder (already
 * turned into a marker) survives only as the whole href of a link (and as that link's own text);
 * every other marker is removed, in attributes, text or dropped elements alike.
 */
function sanitizeBody(
  html: string,
  options: { publicUrl: string; templateSource: boolean; markers?: SecretMarkers },
): string {
  const { markers } = options;
  const wholeMarker = (value: string | undefined): number | null => {
    if (!markers || value === undefined) return null;
    const found = new RegExp(`^\\s*${markers.pattern.source}\\s*$`).exec(value);
    return found ? Number(found[1]) : null;
  };
  const stripMarkers = (value: string) => (markers ? value.replace(markers.pattern, '') : value);
  // For every open <a>, the marker its whole href was (null: an ordinary link).
  const openLinks: (number | null)[] = [];
  const cleaned = sanitizeHtml(html, {
    ...sanitizeOptions,
    onOpenTag(name, attribs) {
      if (name === 'a') openLinks.push(wholeMarker(attribs.href));
    },
    onCloseTag(name) {
      if (name === 'a') openLinks.pop();
    },
    transformTags: {
      '*': (tagName, attribs) => {
        const kept: sanitizeHtml.Attributes = {};
        for (const [name, value] of Object.entries(attribs)) {
          const index = tagName === 'a' && name === 'href' ? wholeMarker(value) : null;
          if (index !== null) {
            const address = markers?.linkAddress(index) ?? null;
            if (address !== null) kept[name] = address;
          } else {
            kept[name] = stripMarkers(value);
          }
        }
        if (tagName === 'img' && !imageAllowed(kept.src, options.publicUrl, options.templateSource))
          delete kept.src;
        return { tagName, attribs: kept };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
    textFilter: (text) => {
      if (!markers) return text;
      const link = openLinks.at(-1) ?? null;
      return text.replace(markers.pattern, (_marker, index: string) =>
        link === null ? '' : (markers.textInLink(Number(index), link) ?? ''),
      );
    },
  });
  // Whatever the filters did not see (text of a dropped element) goes too.
  return stripMarkers(cleaned);
}

/**
 * Sanitizes an edited body before it is stored: as at every render, without remote images. A
 * template's own placeholders stay as they are (checkMailTemplate refuses misplaced secret ones).
 */
export function sanitizeMailHtml(html: string, publicUrl = ''): string {
  return sanitizeBody(html, { publicUrl, templateSource: true });
}

/** A marker per secret placeholder use: letters and digits only, with a nonce no value can guess. */
function secretMarkers() {
  const nonce = randomBytes(9).toString('hex');
  const uses: PlaceholderUse[] = [];
  return {
    uses,
    pattern: new RegExp(`carte${nonce}s(\\d+)x`, 'g'),
    mark(use: PlaceholderUse): string {
      uses.push(use);
      return `carte${nonce}s${uses.length - 1}x`;
    },
  };
}

const isSecretAddress = (name: string) => (mailSecretAddressPlaceholders as readonly string[]).includes(name);

const chainOf = (use: PlaceholderUse | undefined) => use?.names.join('|') ?? '';

/**
 * The body of a template rendered with its values: every ordinary value HTML-escaped, a secret value
 * only as the whole href of a link that points to `publicUrl` (and as that link's own text).
 */
function renderBody(content: string, vars: Readonly<Record<string, string | undefined>>, publicUrl: string) {
  const secrets = secretMarkers();
  const filled = fillPlaceholders(content, vars, escapeHtml, (use) => secrets.mark(use));
  const ownLink = (index: number) => {
    const value = secrets.uses[index]?.value ?? '';
    return value && isOwnAddress(value, publicUrl) ? value : null;
  };
  return sanitizeBody(filled, {
    publicUrl,
    templateSource: false,
    markers: {
      pattern: secrets.pattern,
      linkAddress: ownLink,
      textInLink: (index, linkIndex) => {
        const sameChain = chainOf(secrets.uses[index]) === chainOf(secrets.uses[linkIndex]);
        const address = ownLink(linkIndex);
        return sameChain && address ? escapeHtml(address) : null;
      },
    },
  });
}

/**
 * Why an edited template cannot be saved, or null: a secret placeholder anywhere but the whole href
 * of a link (or the text of that same link), or in the subject (issue 20).
 */
export function checkMailTemplate(template: MailTemplateText): string | null {
  let inSubject: string | null = null;
  fillPlaceholders(template.subject, {}, undefined, (use) => {
    inSubject ??= use.secret;
    return '';
  });
  if (inSubject) return messages.mailSecretNotInSubject(`{{${inSubject}}}`);
  const secrets = secretMarkers();
  const filled = fillPlaceholders(template.content, {}, undefined, (use) => secrets.mark(use));
  const kept = new Set<number>();
  sanitizeBody(filled, {
    publicUrl: '',
    templateSource: true,
    markers: {
      pattern: secrets.pattern,
      linkAddress: (index) => {
        // Only an address may be a link's address: a bare token never renders.
        const names = secrets.uses[index]?.names ?? [];
        if (names.every((name) => !isMailSecretPlaceholder(name) || isSecretAddress(name))) kept.add(index);
        return '';
      },
      textInLink: (index, linkIndex) => {
        if (chainOf(secrets.uses[index]) !== chainOf(secrets.uses[linkIndex])) return null;
        kept.add(index);
        return '';
      },
    },
  });
  const misplaced = secrets.uses.find((_use, index) => !kept.has(index));
  return misplaced?.secret ? messages.mailSecretOnlyInLink(`{{${misplaced.secret}}}`) : null;
}

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
    if (code[0] === '#') {
      const point =
        code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
      return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : entity;
    }
    return namedEntities[code.toLowerCase()] ?? entity;
  });
}

const stripTags = (html: string) => html.replace(/<[^>]*>/g, '');

/**
 * A plain-text version of (sanitized) mail HTML: block elements become line breaks, list items get a
 * dash, a link becomes `text (url)` (or just the url when the text is the url), images their alt text.
 */
export function htmlToText(html: string): string {
  let text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(head|style|script|title)\b[\s\S]*?<\/\1>/gi, '')
    // Whitespace in HTML source is not significant; the tags decide where lines break.
    .replace(/\s+/g, ' ');
  text = text.replace(
    /<a\b[^>]*?\bhref\s*=\s*"([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
    (_match, href: string, inner: string) => {
      const label = stripTags(inner).trim();
      const url = href.trim();
      if (!/^(https?:|mailto:|tel:)/i.test(decodeEntities(url))) return label;
      const shown = url.replace(/^mailto:/i, '');
      return !label || label === url || label === shown ? shown : `${label} (${shown})`;
    },
  );
  text = text
    .replace(/<img\b[^>]*?\balt\s*=\s*"([^"]*)"[^>]*>/gi, ' $1 ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<hr\b[^>]*>/gi, '\n\n----------\n\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/(td|th)>/gi, ' ')
    .replace(/<\/(div|tr|dt|dd|center)>/gi, '\n')
    .replace(/<(p|h[1-6]|blockquote|ul|ol|table|pre|dl)\b[^>]*>/gi, '\n\n')
    .replace(/<\/(p|h[1-6]|blockquote|ul|ol|table|pre|dl)>/gi, '\n\n');
  return decodeEntities(stripTags(text))
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Renders a template with its values: in the body every value is HTML-escaped, then the body is
 * sanitized (admins edit it) and wrapped in the layout; the subject takes values as they are, on one
 * line. A secret placeholder (link, token) renders only as the whole href of a link to `publicUrl`,
 * nowhere else and never in the subject. `appName` and `publicUrl` also feed the layout.
 */
export function renderMail(
  template: MailTemplateText,
  vars: MailVars,
  options: { publicUrl?: string } = {},
): RenderedMail {
  const values: Record<string, string | undefined> = vars;
  const subject = fillPlaceholders(template.subject, values)
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  const appName = values.appName || 'Carte';
  const publicUrl = values.publicUrl ?? '';
  const body = renderBody(template.content, values, options.publicUrl ?? publicUrl);
  const html = wrapInLayout({
    subject: escapeHtml(subject),
    body,
    appName: escapeHtml(appName),
    publicUrl: escapeHtml(publicUrl),
  });
  const footer = `--\n${appName}${publicUrl ? ` · ${publicUrl}` : ''}`;
  return { subject, html, text: `${htmlToText(body)}\n\n${footer}\n` };
}

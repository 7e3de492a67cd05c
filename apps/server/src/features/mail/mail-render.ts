import type { MailVars } from '@carte/domain';
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

/** Replaces every placeholder; unknown or empty ones become nothing. */
export function fillPlaceholders(
  source: string,
  vars: Readonly<Record<string, string | undefined>>,
  encode: (value: string) => string = (value) => value,
): string {
  return source.replace(placeholderPattern, (_match, names: string) => {
    for (const name of names.split('|')) {
      const value = Object.hasOwn(vars, name.trim()) ? vars[name.trim()] : undefined;
      if (value) return encode(value);
    }
    return '';
  });
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
  allowedSchemesByTag: { img: ['http', 'https', 'cid'] },
  allowProtocolRelative: false,
  allowedStyles: {
    '*': Object.fromEntries(allowedStyleProperties.map((property) => [property, [safeCssValue]])),
  },
};

/**
 * Keeps formatting, links, images, inline styles and tables; drops scripts, event handlers, forms,
 * frames and `javascript:` links. Applied at every render and worth applying when an admin saves.
 */
export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(html, sanitizeOptions);
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
 * line. `appName` and `publicUrl` also feed the layout.
 */
export function renderMail(template: MailTemplateText, vars: MailVars): RenderedMail {
  const values: Record<string, string | undefined> = vars;
  const subject = fillPlaceholders(template.subject, values)
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  const body = sanitizeMailHtml(fillPlaceholders(template.content, values, escapeHtml));
  const appName = values.appName || 'Carte';
  const publicUrl = values.publicUrl ?? '';
  const html = wrapInLayout({
    subject: escapeHtml(subject),
    body,
    appName: escapeHtml(appName),
    publicUrl: escapeHtml(publicUrl),
  });
  const footer = `--\n${appName}${publicUrl ? ` · ${publicUrl}` : ''}`;
  return { subject, html, text: `${htmlToText(body)}\n\n${footer}\n` };
}

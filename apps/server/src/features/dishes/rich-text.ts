import sanitizeHtml from 'sanitize-html';

/**
 * What the dish description editor can produce (doc 1 §9: headers, fonts, sizes, bold, italic,
 * underline, strike, blockquote, lists, indent, links) and nothing more. Fonts and sizes travel as
 * spans with an inline style (or the editor's `ql-*` classes); indentation as a left margin or
 * padding, or a `ql-indent-N` class.
 */
const fontFamily = /^[\w\s,'"-]{1,200}$/;
const length = /^\d{1,4}(\.\d{1,3})?(px|pt|em|rem|%)$/;
const fontSize = /^(\d{1,3}(\.\d{1,3})?(px|pt|em|rem|%)|x?x-small|small|medium|large|x?x-large)$/;
const colour = /^(#[0-9a-f]{3,8}|rgba?\(\s*[\d.\s,%]+\)|[a-z]{3,20})$/i;

const blockStyles = {
  'text-align': [/^(left|right|center|justify)$/],
  'margin-left': [length],
  'padding-left': [length],
};

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'span',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'strike',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
  ],
  allowedAttributes: {
    '*': ['style'],
    a: ['href', 'target', 'rel', 'style'],
    ol: ['start', 'style'],
  },
  allowedClasses: {
    '*': [/^ql-(indent|size|font|align)-[a-z0-9-]{1,30}$/],
  },
  allowedStyles: {
    '*': { ...blockStyles, 'font-family': [fontFamily], 'font-size': [fontSize], color: [colour] },
  },
  // Safe links only: no javascript:, data: or protocol-relative addresses.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link that opens a new tab must not hand the menu page to the opened one.
    a: (tagName, attribs) => {
      const { target, rel: _rel, ...rest } = attribs;
      return {
        tagName,
        attribs: target === '_blank' ? { ...rest, target, rel: 'noopener noreferrer' } : rest,
      };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
};

/**
 * Cleans rich text (a dish's or the restaurant's description) before it is stored: the public menu
 * prints it as HTML. Shared ground (core/) because dishes and the restaurant's profile both use it.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

import sanitizeHtml from 'sanitize-html';

/**
 * What the description editor offers (issue 22: what every menu template can show): paragraphs,
 * bold, italic, bullet and numbered lists, links, and nothing more. Headings and quotes (from older
 * descriptions or a paste) become paragraphs; fonts, sizes, colours, underline, strike and
 * indentation are dropped and their text kept, so one dish cannot break its menu's typography.
 */
const paragraph = (): sanitizeHtml.Tag => ({ tagName: 'p', attribs: {} });

const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'ul', 'ol', 'li', 'a'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    ol: ['start'],
  },
  allowedClasses: {},
  allowedStyles: {},
  // Safe links only: no javascript:, data: or protocol-relative addresses.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    h1: paragraph,
    h2: paragraph,
    h3: paragraph,
    h4: paragraph,
    h5: paragraph,
    h6: paragraph,
    blockquote: paragraph,
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

// Its own module, free of zod, so the public menu's hydration script can import it cheaply.

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

/**
 * Plain text of a rich-text field (a restaurant's description may hold markup, doc 2 §3): tags
 * dropped, block ends as spaces, entities decoded, spaces collapsed. For places that take text only
 * (the chooser's meta description, JSON-LD) and for counting what a reader sees.
 */
export function plainText(html: string): string {
  return html
    .replace(/<\s*(br|\/p|\/div|\/li|\/h[1-6])\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/gi, (match, name: string) => {
      const lower = name.toLowerCase();
      try {
        if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
        if (lower.startsWith('#') && lower !== '#39') return String.fromCodePoint(Number(lower.slice(1)));
      } catch {
        return match;
      }
      return entities[lower] ?? match;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The characters a reader sees in a rich-text field (the "max 200 characters" hint of doc 2 §5). */
export const richTextLength = (html: string): number => [...plainText(html)].length;

/** Prices as USD in en-US (doc 1 §9): 4.5 → "$4.50". */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const formatPrice = (price: number): string => usd.format(price);

/** File sizes as people read them: "820 KB", "3.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** 10036 → "10,036": a count as people read it. */
export const formatCount = (count: number): string => count.toLocaleString('en-US');

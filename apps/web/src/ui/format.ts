/** Prices as USD in en-US (doc 1 §9): 4.5 → "$4.50". */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const formatPrice = (price: number): string => usd.format(price);

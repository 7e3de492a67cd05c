/**
 * Colour contrast of doc 1 §5: a colour is dark when its luma (0–255, Rec. 709 weights) is below 40;
 * dark backgrounds get white text, others black.
 */
export function parseHexColor(hex: string): { r: number; g: number; b: number } | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  let digits = match[1];
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  const value = Number.parseInt(digits, 16);
  return { r: (value >> 16) & 255, g: (value >> 8) & 255, b: value & 255 };
}

export function luma(hex: string): number {
  const rgb = parseHexColor(hex);
  if (!rgb) throw new Error(`Not a colour: ${hex}`);
  return 0.2126 * rgb.r + 0.7152 * rgb.g + 0.0722 * rgb.b;
}

export const isDarkColor = (hex: string): boolean => luma(hex) < 40;

export const textColorOn = (hex: string): '#ffffff' | '#000000' => (isDarkColor(hex) ? '#ffffff' : '#000000');

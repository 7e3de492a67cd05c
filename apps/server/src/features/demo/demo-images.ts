import { DISH_IMAGE_ASPECT } from '@carte/domain';
import sharp from 'sharp';

/**
 * Pictures for the demo menu, drawn here rather than downloaded (the server may have no network):
 * a flat, top-down illustration of each dish on a warm gradient, rendered from SVG to PNG with sharp.
 * No text is drawn, so no font needs to be installed.
 */
export type Illustration =
  | 'taco'
  | 'bowl'
  | 'plate'
  | 'chips'
  | 'corn'
  | 'churros'
  | 'cake'
  | 'glass'
  | 'beer';

export interface Palette {
  /** Background gradient, top-left to bottom-right. */
  from: string;
  to: string;
}

/** Food-colour backgrounds: terracotta, saffron, sage, teal, plum, chili, sky. */
export const palettes = {
  terracotta: { from: '#f4a261', to: '#e76f51' },
  saffron: { from: '#ffd166', to: '#f4a261' },
  sage: { from: '#b7d3a8', to: '#6a994e' },
  teal: { from: '#8ecae6', to: '#219ebc' },
  plum: { from: '#cdb4db', to: '#8e5572' },
  chili: { from: '#ef8354', to: '#c1121f' },
  sky: { from: '#caf0f8', to: '#48cae4' },
} satisfies Record<string, Palette>;

/** Drawn on an 800 × 800 board, written out at OUTPUT pixels (enough for every dish variant). */
const SIZE = 800;
const OUTPUT = 480;
const C = SIZE / 2;

/** A small seeded random source, so every dish keeps its picture between runs. */
function randomFrom(seed: string) {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619) >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A soft shadow from a few stacked translucent ellipses (a blur filter costs more to render than the rest). */
const shadow = (cx: number, cy: number, rx: number, ry: number) =>
  [10, 6, 2]
    .map(
      (grow) =>
        `<ellipse cx="${cx}" cy="${cy}" rx="${rx + grow}" ry="${ry + grow}" fill="#000" opacity="0.06"/>`,
    )
    .join('');

const plate = (radius = 270) => `
  ${shadow(C + 14, C + 22, radius, radius)}
  <circle cx="${C}" cy="${C}" r="${radius}" fill="#fbf7f0"/>
  <circle cx="${C}" cy="${C}" r="${radius - 38}" fill="#f3ede2"/>
  <circle cx="${C}" cy="${C}" r="${radius - 38}" fill="none" stroke="#e6dccb" stroke-width="3"/>`;

/** Scattered herbs or crumbs over a dish. */
function sprinkle(
  random: () => number,
  colors: string[],
  count: number,
  spread: number,
  size = 9,
  center: { x: number; y: number; squash?: number } = { x: C, y: C },
) {
  let out = '';
  for (let i = 0; i < count; i++) {
    const angle = random() * Math.PI * 2;
    const distance = Math.sqrt(random()) * spread;
    const x = center.x + Math.cos(angle) * distance;
    const y = center.y + Math.sin(angle) * distance * (center.squash ?? 1);
    const color = colors[Math.floor(random() * colors.length)];
    out += `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${(size * (0.6 + random() * 0.6)).toFixed(1)}" ry="${(size * 0.55).toFixed(1)}" transform="rotate(${Math.floor(random() * 180)} ${x.toFixed(1)} ${y.toFixed(1)})" fill="${color}"/>`;
  }
  return out;
}

const draw: Record<Illustration, (random: () => number, accent: string) => string> = {
  taco: (random, accent) => {
    let out = plate();
    // Two shells seen from the side, leaning on each other, with the filling showing above the rim.
    for (const [dx, dy, turn] of [
      [-100, 40, -12],
      [100, -30, 12],
    ] as const) {
      const x = C + dx;
      const y = C + dy;
      out += `<g transform="rotate(${turn} ${x} ${y})">
        <ellipse cx="${x}" cy="${y - 6}" rx="128" ry="70" fill="${accent}"/>
        ${sprinkle(random, ['#3a7d44', '#6a994e', '#f1faee', '#d62828'], 22, 115, 13, { x, y: y - 20, squash: 0.45 })}
        <path d="M ${x - 140} ${y} A 140 120 0 0 0 ${x + 140} ${y} Z" fill="#e9b44c"/>
        <path d="M ${x - 140} ${y} A 140 120 0 0 0 ${x + 140} ${y}" fill="none" stroke="#d4962f" stroke-width="10"/>
        <circle cx="${x - 60}" cy="${y + 50}" r="7" fill="#d4962f"/><circle cx="${x + 30}" cy="${y + 75}" r="6" fill="#d4962f"/>
      </g>`;
    }
    return out + sprinkle(random, ['#3a7d44', '#6a994e', '#f1faee', '#d62828'], 26, 200, 9);
  },
  bowl: (random) => {
    let out = plate(285);
    out += `<circle cx="${C}" cy="${C}" r="215" fill="#fff" stroke="#e8e0d2" stroke-width="8"/>`;
    const parts = ['#f7f3e3', '#3d2b1f', '#f4d35e', '#d62828', '#7cb518', '#c08552'];
    const step = (Math.PI * 2) / parts.length;
    parts.forEach((color, i) => {
      const a = i * step - Math.PI / 2;
      const b = a + step;
      const r = 195;
      out += `<path d="M ${C} ${C} L ${C + Math.cos(a) * r} ${C + Math.sin(a) * r} A ${r} ${r} 0 0 1 ${C + Math.cos(b) * r} ${C + Math.sin(b) * r} Z" fill="${color}"/>`;
    });
    out += `<circle cx="${C}" cy="${C}" r="62" fill="#7cb518"/><circle cx="${C - 12}" cy="${C - 10}" r="30" fill="#a7c957"/>`;
    return out + sprinkle(random, ['#2d6a4f', '#f1faee'], 24, 180, 7);
  },
  plate: (random, accent) => {
    let out = plate();
    out += `<ellipse cx="${C}" cy="${C}" rx="170" ry="120" fill="${accent}"/>`;
    out += `<ellipse cx="${C - 30}" cy="${C - 20}" rx="110" ry="70" fill="#f6bd60" opacity="0.85"/>`;
    return out + sprinkle(random, ['#d62828', '#3a7d44', '#fefae0', '#f77f00'], 46, 170, 12);
  },
  chips: (random) => {
    let out = plate(285);
    for (let i = 0; i < 14; i++) {
      const angle = (i / 14) * Math.PI * 2 + random() * 0.2;
      const x = C + Math.cos(angle) * 190;
      const y = C + Math.sin(angle) * 190;
      out += `<path d="M ${x} ${y - 48} L ${x + 44} ${y + 30} L ${x - 44} ${y + 30} Z" fill="#f2c14e" stroke="#d99a2b" stroke-width="4" transform="rotate(${Math.floor(random() * 360)} ${x} ${y})"/>`;
    }
    out += `<circle cx="${C}" cy="${C}" r="118" fill="#fff" stroke="#e6dccb" stroke-width="6"/>
      <circle cx="${C}" cy="${C}" r="96" fill="#8ab17d"/><circle cx="${C - 20}" cy="${C - 18}" r="46" fill="#a3c585"/>`;
    return out + sprinkle(random, ['#d62828', '#fefae0'], 10, 80, 7);
  },
  corn: (random) => {
    let out = plate();
    for (const turn of [-28, 8]) {
      out += `<g transform="rotate(${turn} ${C} ${C})">
        <rect x="${C - 210}" y="${C - 52}" width="420" height="104" rx="52" fill="#f4d35e"/>
        <rect x="${C - 250}" y="${C - 14}" width="60" height="28" rx="10" fill="#7f5539"/>`;
      for (let k = 0; k < 13; k++) {
        out += `<line x1="${C - 180 + k * 30}" y1="${C - 46}" x2="${C - 180 + k * 30}" y2="${C + 46}" stroke="#e9c46a" stroke-width="6"/>`;
      }
      out += '</g>';
    }
    return out + sprinkle(random, ['#fefae0', '#d62828', '#3a7d44'], 40, 160, 8);
  },
  churros: (random) => {
    let out = plate();
    for (let i = 0; i < 5; i++) {
      const turn = -40 + i * 14;
      out += `<g transform="rotate(${turn} ${C} ${C + 30})"><rect x="${C - 200}" y="${C - 20 + i * 6}" width="330" height="40" rx="20" fill="#c8893a" stroke="#a0662a" stroke-width="5"/></g>`;
    }
    out += `<circle cx="${C + 150}" cy="${C - 130}" r="70" fill="#fff" stroke="#e6dccb" stroke-width="6"/><circle cx="${C + 150}" cy="${C - 130}" r="54" fill="#4a2c20"/>`;
    return out + sprinkle(random, ['#fff8e7', '#f1dca7'], 60, 170, 5);
  },
  cake: (random) => {
    let out = plate();
    out += `<path d="M ${C - 160} ${C + 90} L ${C + 170} ${C + 90} L ${C + 170} ${C - 40} L ${C - 160} ${C - 110} Z" fill="#fff3d6"/>
      <path d="M ${C - 160} ${C - 110} L ${C + 170} ${C - 40} L ${C + 170} ${C - 10} L ${C - 160} ${C - 80} Z" fill="#fffaf0"/>
      <circle cx="${C + 60}" cy="${C - 80}" r="30" fill="#e63946"/><path d="M ${C + 60} ${C - 110} l 14 -24" stroke="#2d6a4f" stroke-width="8"/>`;
    return out + sprinkle(random, ['#f4a261'], 14, 150, 6);
  },
  glass: (random, accent) => {
    let out = shadow(C + 16, C + 270, 150, 30);
    out += `<path d="M ${C - 140} ${C - 260} L ${C + 140} ${C - 260} L ${C + 112} ${C + 270} L ${C - 112} ${C + 270} Z" fill="#ffffff" opacity="0.55"/>
      <path d="M ${C - 128} ${C - 170} L ${C + 128} ${C - 170} L ${C + 106} ${C + 250} L ${C - 106} ${C + 250} Z" fill="${accent}"/>`;
    for (let i = 0; i < 4; i++) {
      const x = C - 80 + random() * 120;
      const y = C - 150 + i * 70;
      out += `<rect x="${x}" y="${y}" width="64" height="58" rx="12" fill="#fff" opacity="0.5" transform="rotate(${Math.floor(random() * 40 - 20)} ${x + 32} ${y + 29})"/>`;
    }
    out += `<rect x="${C + 30}" y="${C - 330}" width="18" height="300" rx="9" fill="#f1faee" transform="rotate(14 ${C + 39} ${C - 180})"/>
      <circle cx="${C - 118}" cy="${C - 250}" r="62" fill="#f7e463" stroke="#e9c46a" stroke-width="10"/>
      <path d="M ${C - 118} ${C - 250} l 0 -52 M ${C - 118} ${C - 250} l 45 26 M ${C - 118} ${C - 250} l -45 26" stroke="#fff7b0" stroke-width="6"/>
      <path d="M ${C + 60} ${C - 290} q 40 -40 80 -10 q -40 30 -80 10 z" fill="#52b788"/>`;
    return out;
  },
  beer: (random) => {
    let out = shadow(C + 16, C + 270, 150, 30);
    out += `<rect x="${C - 120}" y="${C - 230}" width="240" height="500" rx="26" fill="#fff" opacity="0.5"/>
      <rect x="${C - 104}" y="${C - 150}" width="208" height="404" rx="18" fill="#f4a300"/>
      <path d="M ${C - 120} ${C - 150} q 30 -70 60 -20 q 30 -60 60 -10 q 30 -60 60 0 q 30 -40 60 30 l 0 20 l -240 0 z" fill="#fffdf5"/>`;
    for (let i = 0; i < 18; i++) {
      out += `<circle cx="${C - 80 + random() * 160}" cy="${C - 100 + random() * 330}" r="${3 + random() * 5}" fill="#ffe08a"/>`;
    }
    out += `<circle cx="${C + 120}" cy="${C - 160}" r="52" fill="#90be6d" stroke="#6a994e" stroke-width="10"/>`;
    return out;
  },
};

/**
 * The SVG of one dish: the gradient, a faint pattern of dots, then the illustration. The picture has
 * the one shape every dish photo has (DISH_IMAGE_ASPECT, 4:3, issue 11 item 4): the square drawing
 * sits in the middle of a wider background, so nothing crops the dish — not the upload's variants,
 * not a template.
 */
export function dishSvg(seed: string, kind: Illustration, palette: Palette, accent = '#bc4749'): string {
  const random = randomFrom(seed);
  const width = Math.round(SIZE * DISH_IMAGE_ASPECT);
  const left = -Math.round((width - SIZE) / 2);
  let dots = '';
  for (let y = 30; y < SIZE; y += 60) {
    for (let x = left + ((y / 60) % 2 ? 60 : 30); x < left + width; x += 60) {
      dots += `<circle cx="${x}" cy="${y}" r="3" fill="#fff" opacity="0.16"/>`;
    }
  }
  // As many pixels as the square pictures had (480 × 480), so the seed stays as quick.
  const height = Math.round(OUTPUT / Math.sqrt(DISH_IMAGE_ASPECT));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(height * DISH_IMAGE_ASPECT)}" height="${height}" viewBox="${left} 0 ${width} ${SIZE}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/>
    </linearGradient>
    <radialGradient id="light" cx="0.35" cy="0.3" r="0.8">
      <stop offset="0" stop-color="#fff" stop-opacity="0.28"/><stop offset="1" stop-color="#fff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect x="${left}" width="${width}" height="${SIZE}" fill="url(#bg)"/>
  ${dots}
  <rect x="${left}" width="${width}" height="${SIZE}" fill="url(#light)"/>
  ${draw[kind](random, accent)}
</svg>`;
}

/** A wide banner for a menu cover: the gradient with a row of plates. */
export function coverSvg(palette: Palette): string {
  const width = 1600;
  const height = 600;
  let plates = '';
  for (let i = 0; i < 5; i++) {
    const x = 160 + i * 320;
    const y = i % 2 ? 360 : 250;
    plates += `${shadow(x + 10, y + 14, 120, 120)}
      <circle cx="${x}" cy="${y}" r="120" fill="#fbf7f0"/><circle cx="${x}" cy="${y}" r="84" fill="${['#e76f51', '#f4d35e', '#6a994e', '#d62828', '#c8893a'][i]}"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width * 0.6}" height="${height * 0.6}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  ${plates}
</svg>`;
}

/** The food truck's logo: a little red truck on a round badge. */
export function logoSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 600 600">
  <circle cx="300" cy="300" r="290" fill="#fff8ef" stroke="#e63946" stroke-width="20"/>
  <rect x="110" y="230" width="270" height="150" rx="22" fill="#e63946"/>
  <path d="M 380 270 L 450 270 L 495 330 L 495 380 L 380 380 Z" fill="#c1121f"/>
  <rect x="400" y="285" width="50" height="40" rx="6" fill="#caf0f8"/>
  <rect x="140" y="255" width="200" height="60" rx="10" fill="#fff8ef"/>
  <path d="M 150 250 L 350 250 L 330 215 L 170 215 Z" fill="#f4a261"/>
  <circle cx="180" cy="390" r="38" fill="#1d3557"/><circle cx="180" cy="390" r="15" fill="#f1faee"/>
  <circle cx="430" cy="390" r="38" fill="#1d3557"/><circle cx="430" cy="390" r="15" fill="#f1faee"/>
</svg>`;
}

/** Renders an SVG to a PNG buffer, as an upload would arrive. */
export async function renderPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer();
}

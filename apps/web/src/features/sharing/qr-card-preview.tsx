import {
  MM_PER_PT,
  QR_CARD,
  QR_CARD_QUIET_ZONE,
  QR_LINE_HEIGHT,
  QR_QUIET_ZONE,
  type QrCardBlock,
  type QrFieldKey,
  type QrSettings,
  type QrTemplateSlug,
  qrCardLayout,
  qrModulePath,
  qrTemplateOf,
  qrTextStyles,
} from '@carte/domain';
import QRCode from 'qrcode';
import { useMemo } from 'react';
import classes from './sharing.module.css';

/**
 * Text is drawn in a group scaled by 1/10, at ten times its size, so browsers never apply their
 * minimum font size to the millimetre-sized type of the card.
 */
const TEXT_SCALE = 10;

const useModules = (url: string) =>
  useMemo(() => QRCode.create(url, { errorCorrectionLevel: 'M' }).modules, [url]);

export interface QrCardPreviewProps {
  url: string;
  settings: QrSettings;
  template: QrTemplateSlug;
  values: Partial<Record<QrFieldKey, string>>;
  /** The restaurant's logo, or null (the card then prints none). */
  logoUrl: string | null;
  /** Display width in px; the height follows the card's 95:130. */
  width?: number;
  /** A thumbnail of the template picker: decorative, hidden from assistive technology. */
  decorative?: boolean;
}

/**
 * The printable card as the PDF draws it (same layout from packages/domain, same colours), live
 * while the owner edits. The PDF shrinks long texts to fit; the preview clamps them.
 */
export function QrCardPreview({
  url,
  settings,
  template,
  values,
  logoUrl,
  width = 260,
  decorative = false,
}: QrCardPreviewProps) {
  const modules = useModules(url);
  const blocks = qrCardLayout(template, values, { hasLogo: logoUrl !== null });
  const { colorDark, colorLight, backgroundImageAlpha } = settings;
  const name = qrTemplateOf(template).name;

  return (
    <svg
      className={classes.card}
      viewBox={`0 0 ${QR_CARD.width} ${QR_CARD.height}`}
      width={width}
      height={Math.round((width * QR_CARD.height) / QR_CARD.width)}
      role="img"
      aria-label={`Table card preview, ${name}`}
      aria-hidden={decorative || undefined}
    >
      <rect width={QR_CARD.width} height={QR_CARD.height} fill={colorLight} />
      {blocks.map((block, index) => (
        <CardBlock
          // Blocks are positional: their order is the template's.
          // biome-ignore lint/suspicious/noArrayIndexKey: the layout has no other identity
          key={index}
          block={block}
          modules={modules}
          url={url}
          logoUrl={logoUrl}
          colorDark={colorDark}
          backgroundImageAlpha={backgroundImageAlpha}
        />
      ))}
    </svg>
  );
}

function CardBlock({
  block,
  modules,
  url,
  logoUrl,
  colorDark,
  backgroundImageAlpha,
}: {
  block: QrCardBlock;
  modules: ReturnType<typeof useModules>;
  url: string;
  logoUrl: string | null;
  colorDark: string;
  backgroundImageAlpha: number;
}) {
  switch (block.kind) {
    case 'logo':
      return logoUrl ? (
        <image
          href={logoUrl}
          x={block.x}
          y={block.y}
          width={block.w}
          height={block.h}
          preserveAspectRatio="xMidYMid meet"
        />
      ) : null;
    case 'text': {
      const box = block.panel ? { x: block.x + 3, y: block.y + 3, w: block.w - 6, h: block.h - 6 } : block;
      return (
        <>
          {block.panel && (
            <rect
              x={block.x}
              y={block.y}
              width={block.w}
              height={block.h}
              rx={2}
              fill={colorDark}
              opacity={0.08}
            />
          )}
          <CardText box={box} text={block.text} style={block.style} color={colorDark} />
        </>
      );
    }
    case 'rule':
      return (
        <line
          x1={block.x}
          x2={block.x}
          y1={block.y + 1}
          y2={block.y + block.h - 1}
          stroke={colorDark}
          strokeOpacity={0.35}
          strokeWidth={0.2}
        />
      );
    case 'wifi':
      return <WifiBlock block={block} color={colorDark} />;
    case 'qr': {
      const unit = block.size / (modules.size + 2 * QR_CARD_QUIET_ZONE);
      const x0 = block.x + QR_CARD_QUIET_ZONE * unit;
      const y0 = block.y + QR_CARD_QUIET_ZONE * unit;
      const side = modules.size * unit;
      const address = url.replace(/^https?:\/\//, '');
      const inner = QR_CARD.width - 2 * QR_CARD.padding;
      const sizeMm = block.urlSize * MM_PER_PT;
      // The PDF sets a long address smaller to keep it on one line; so does the preview.
      const natural = address.length * sizeMm * 0.52;
      return (
        <>
          {logoUrl && backgroundImageAlpha > 0 && (
            <image
              href={logoUrl}
              x={x0}
              y={y0}
              width={side}
              height={side}
              opacity={backgroundImageAlpha}
              preserveAspectRatio="xMidYMid meet"
            />
          )}
          <path
            d={qrModulePath(modules)}
            transform={`translate(${x0} ${y0}) scale(${unit})`}
            fill={colorDark}
            shapeRendering="crispEdges"
          />
          <g transform={`scale(${1 / TEXT_SCALE})`}>
            <text
              x={(QR_CARD.width / 2) * TEXT_SCALE}
              y={(block.urlY + sizeMm) * TEXT_SCALE}
              textAnchor="middle"
              fontSize={sizeMm * TEXT_SCALE}
              fill={colorDark}
              fillOpacity={0.75}
              className={classes.cardFont}
              {...(natural > inner
                ? { textLength: inner * TEXT_SCALE, lengthAdjust: 'spacingAndGlyphs' }
                : {})}
            >
              {address}
            </text>
          </g>
        </>
      );
    }
  }
}

function CardText({
  box,
  text,
  style,
  color,
}: {
  box: { x: number; y: number; w: number; h: number };
  text: string;
  style: keyof typeof qrTextStyles;
  color: string;
}) {
  const { size, bold, maxLines } = qrTextStyles[style];
  let sizeMm = size * MM_PER_PT;
  // A box squeezed by long texts elsewhere: fewer lines, or smaller type when not even one fits.
  const lineHeight = () => sizeMm * QR_LINE_HEIGHT;
  if (box.h < lineHeight()) sizeMm = Math.max(sizeMm * 0.6, box.h / QR_LINE_HEIGHT);
  const lines = Math.max(1, Math.min(maxLines, Math.floor(box.h / lineHeight() + 0.01)));
  return (
    <g transform={`scale(${1 / TEXT_SCALE})`}>
      <foreignObject
        x={box.x * TEXT_SCALE}
        y={box.y * TEXT_SCALE}
        width={box.w * TEXT_SCALE}
        height={box.h * TEXT_SCALE}
      >
        <div className={classes.cardTextBox}>
          <div
            className={`${classes.cardFont} ${classes.cardText}`}
            style={{
              color,
              fontSize: sizeMm * TEXT_SCALE,
              fontWeight: bold ? 700 : 400,
              lineHeight: QR_LINE_HEIGHT,
              WebkitLineClamp: lines,
            }}
          >
            {text}
          </div>
        </div>
      </foreignObject>
    </g>
  );
}

function WifiBlock({ block, color }: { block: Extract<QrCardBlock, { kind: 'wifi' }>; color: string }) {
  const label = 7 * MM_PER_PT;
  const line = 9 * MM_PER_PT;
  const rows: string[] = [];
  if (block.name) rows.push(`Network: ${block.name}`);
  if (block.password) rows.push(`Password: ${block.password}`);
  let y = block.y + 2.2 + label * QR_LINE_HEIGHT + 0.8;
  return (
    <>
      <rect
        x={block.x}
        y={block.y}
        width={block.w}
        height={block.h}
        rx={2}
        fill="none"
        stroke={color}
        strokeOpacity={0.6}
        strokeWidth={0.3}
      />
      <g transform={`scale(${1 / TEXT_SCALE})`} fill={color} className={classes.cardFont} textAnchor="middle">
        <text
          x={(block.x + block.w / 2) * TEXT_SCALE}
          y={(block.y + 2.2 + label) * TEXT_SCALE}
          fontSize={label * TEXT_SCALE}
          fontWeight={700}
          letterSpacing={0.4 * TEXT_SCALE}
        >
          FREE WIFI
        </text>
        {rows.map((row) => {
          const baseline = y + line;
          y += line * QR_LINE_HEIGHT + 0.4;
          return (
            <text
              key={row}
              x={(block.x + block.w / 2) * TEXT_SCALE}
              y={baseline * TEXT_SCALE}
              fontSize={line * TEXT_SCALE}
            >
              {row}
            </text>
          );
        })}
      </g>
    </>
  );
}

/**
 * The bare code on screen (doc 2 §9: 220 × 220), drawn here with the same `qrcode` package and
 * colours as the server's downloads.
 */
export function QrCodeImage({
  url,
  settings,
  logoUrl,
  size = 220,
  label,
}: {
  url: string;
  settings: QrSettings;
  logoUrl: string | null;
  size?: number;
  label: string;
}) {
  const modules = useModules(url);
  const side = modules.size + 2 * QR_QUIET_ZONE;
  return (
    <svg
      className={classes.code}
      viewBox={`0 0 ${side} ${side}`}
      width={size}
      height={size}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill={settings.colorLight} />
      {logoUrl && settings.backgroundImageAlpha > 0 && (
        <image
          href={logoUrl}
          x={QR_QUIET_ZONE}
          y={QR_QUIET_ZONE}
          width={modules.size}
          height={modules.size}
          opacity={settings.backgroundImageAlpha}
          preserveAspectRatio="xMidYMid meet"
        />
      )}
      <path d={qrModulePath(modules, QR_QUIET_ZONE)} fill={settings.colorDark} />
    </svg>
  );
}

import type { MenuTemplate } from '@carte/domain';

interface Colors {
  primary: string;
  secondary: string;
  tertiary: string;
}

/**
 * A small picture of a template's layout, painted with the menu's colours, so the owner sees the
 * choice before saving.
 */
export function TemplateIllustration({ template, colors }: { template: MenuTemplate; colors: Colors }) {
  const common = { width: '100%', viewBox: '0 0 120 80', role: 'img' as const };
  if (template === 'Pizza Restaurant') {
    return (
      <svg {...common} aria-label="Pizza template: checkered band, bold headings, big prices">
        <rect width="120" height="80" fill="#fffaf3" />
        {[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((i) => (
          <rect
            key={i}
            x={i * 10}
            y="0"
            width="5"
            height="5"
            fill={colors.secondary}
            opacity={i % 2 ? 0.9 : 0.5}
          />
        ))}
        <rect x="10" y="12" width="52" height="7" rx="2" fill={colors.primary} />
        <circle cx="100" cy="24" r="12" fill={colors.tertiary} opacity="0.35" />
        <circle
          cx="100"
          cy="24"
          r="8"
          fill="none"
          stroke={colors.primary}
          strokeWidth="1.5"
          strokeDasharray="3 2"
        />
        {[32, 46, 60].map((y) => (
          <g key={y}>
            <rect x="10" y={y} width="44" height="4" rx="2" fill="#3b3b3b" opacity="0.75" />
            <rect x="10" y={y + 6} width="64" height="3" rx="1.5" fill="#9a9a9a" opacity="0.6" />
            <rect x="92" y={y} width="18" height="6" rx="2" fill={colors.tertiary} />
          </g>
        ))}
      </svg>
    );
  }
  if (template === 'Sushi Restaurant') {
    return (
      <svg {...common} aria-label="Sushi template: airy grid of photos with brush accents">
        <rect width="120" height="80" fill="#fbfaf7" />
        <path
          d="M10 16 C 30 10, 60 20, 82 13"
          stroke={colors.secondary}
          strokeWidth="3"
          fill="none"
          strokeLinecap="round"
        />
        <rect x="10" y="20" width="40" height="5" rx="2" fill={colors.primary} />
        {[10, 46, 82].map((x) => (
          <g key={x}>
            <rect x={x} y="32" width="28" height="20" rx="3" fill={colors.primary} opacity="0.12" />
            <circle cx={x + 14} cy="42" r="6" fill="#fff" stroke={colors.secondary} strokeWidth="1.2" />
            <rect x={x} y="56" width="22" height="3.5" rx="1.5" fill={colors.primary} opacity="0.85" />
            <rect x={x} y="62" width="16" height="3" rx="1.5" fill="#9a9a9a" opacity="0.6" />
          </g>
        ))}
      </svg>
    );
  }
  return (
    <svg {...common} aria-label="Classic template: list of dishes with photos">
      <rect width="120" height="80" fill="#ffffff" />
      <rect x="10" y="8" width="48" height="6" rx="2" fill={colors.primary} />
      <rect x="10" y="17" width="100" height="1.5" fill={colors.secondary} />
      {[24, 42, 60].map((y, index) => (
        <g key={y}>
          <rect x="10" y={y} width="22" height="14" rx="2" fill={colors.secondary} opacity="0.2" />
          <rect x="38" y={y + 1} width="40" height="4" rx="2" fill={colors.primary} />
          <rect x="38" y={y + 8} width="56" height="3" rx="1.5" fill="#9a9a9a" opacity="0.6" />
          <rect x="98" y={y + 1} width="12" height="4" rx="2" fill="#3b3b3b" opacity="0.7" />
          {index === 0 && (
            <rect x="8" y={y - 2} width="104" height="18" rx="3" fill={colors.tertiary} opacity="0.18" />
          )}
        </g>
      ))}
    </svg>
  );
}

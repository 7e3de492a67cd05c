import { Group, Text } from '@mantine/core';

interface BrandLogoProps {
  size?: number;
  /** 'light' draws the wordmark in white, for coloured backgrounds. */
  variant?: 'default' | 'light';
  withWordmark?: boolean;
}

/** The Carte mark: a plate seen from above, opening like a "C", and the wordmark. */
export function BrandMark({ size = 32, variant = 'default' }: Pick<BrandLogoProps, 'size' | 'variant'>) {
  const light = variant === 'light';
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" style={{ flex: 'none' }}>
      <rect width="64" height="64" rx="16" fill={light ? '#fff' : 'var(--mantine-primary-color-filled)'} />
      <path
        d="M40.5 22.6a12 12 0 1 0 0 18.8"
        fill="none"
        stroke={light ? 'var(--mantine-primary-color-filled)' : '#fff'}
        strokeWidth="6"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function BrandLogo({ size = 32, variant = 'default', withWordmark = true }: BrandLogoProps) {
  return (
    <Group gap={Math.round(size / 3.5)} wrap="nowrap" aria-label="Carte">
      <BrandMark size={size} variant={variant} />
      {withWordmark && (
        <Text
          component="span"
          fw={800}
          fz={size * 0.72}
          lh={1}
          c={variant === 'light' ? 'white' : 'dark.8'}
          style={{ letterSpacing: '-0.03em' }}
        >
          carte
        </Text>
      )}
    </Group>
  );
}

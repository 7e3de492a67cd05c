import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A status in a table: the text stays the page's own (dark) colour, the coloured dot tells the kind,
 * so small badges keep AA contrast whatever the colour.
 */
export function StatusBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge
      variant="dot"
      color={color}
      c="var(--mantine-color-text)"
      tt="none"
      fw={600}
      // Never clipped to "4…" by a squeezed column (issue 22): the badge keeps its text's width.
      style={{ flexShrink: 0, minWidth: 'max-content', overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {children}
    </Badge>
  );
}

import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways on a phone. The scrolling region can take the focus, so the
 * keyboard scrolls it too (WCAG 2.1.1).
 */
export function ScrollBox({
  minWidth,
  label,
  children,
}: {
  minWidth: number;
  label: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <div style={{ minWidth }}>{children}</div>
    </section>
  );
}

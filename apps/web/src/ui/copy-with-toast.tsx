import { type ReactNode, useEffect, useState } from 'react';
import { copyText } from './clipboard.ts';

/** How long a control shows "Copied" after a copy. */
const COPIED_FOR_MS = 1_000;

/**
 * Mantine's CopyButton, but a refused copy says so with the specification's text (`failure`, e.g.
 * "Error copying log id to clipboard", doc 2 §8) instead of failing silently.
 */
export function CopyWithToast({
  value,
  failure,
  children,
}: {
  value: string;
  failure: string;
  children: (state: { copied: boolean; copy: () => void }) => ReactNode;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = () => {
    void copyText(value, { failure }).then((done) => setCopied(done));
  };
  return <>{children({ copied, copy })}</>;
}

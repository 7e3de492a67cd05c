import { useIsFetching } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';

/**
 * How long no first load may run before the content counts as drawn: a query that another one's
 * answer enables (the dishes after their count) starts within a frame or two.
 */
const QUIET_MS = 120;
/** Past this the content shows as it is, whatever still loads (a slow network must not hide it). */
const GIVE_UP_MS = 6000;

/**
 * Whether the page's first loads are over (issue 22, item 7): true once no query that has no data yet
 * has been fetching for a short quiet time, and true from then on (a refetch of data already shown
 * moves nothing).
 */
export function useFirstLoadsSettled(
  /** The page's own data is in the cache already (a return visit): no skeleton, not even briefly. */
  cachedAtStart = false,
): boolean {
  const loading = useIsFetching({ predicate: (query) => query.state.data === undefined });
  const [settled, setSettled] = useState(cachedAtStart);
  useEffect(() => {
    if (settled) return;
    const giveUp = window.setTimeout(() => setSettled(true), GIVE_UP_MS);
    return () => window.clearTimeout(giveUp);
  }, [settled]);
  useEffect(() => {
    if (settled || loading > 0) return;
    const quiet = window.setTimeout(() => setSettled(true), QUIET_MS);
    return () => window.clearTimeout(quiet);
  }, [settled, loading]);
  return settled;
}

/**
 * Content that shows once, whole, when its first loads are over, with a skeleton of its size
 * meanwhile (issue 22, item 7): its parts mount at once (so their queries start together) but stay
 * out of the layout, and nothing on the page moves when they appear, since nothing follows them.
 * Counts therefore show only when known, never "0" first.
 */
export function SteadyReveal({
  settled,
  skeleton,
  children,
}: {
  /** From `useFirstLoadsSettled`, called by the page (which may start other things on it). */
  settled: boolean;
  skeleton: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      {!settled && skeleton}
      <div style={{ display: settled ? 'contents' : 'none' }} data-settled={settled || undefined}>
        {children}
      </div>
    </>
  );
}

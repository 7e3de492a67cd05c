import { setImmediate } from 'node:timers/promises';

/**
 * Long CPU work in slices: `await pace()` in a loop hands the event loop back to other requests once
 * `sliceMs` have passed since the last time, so a 10 MB import never holds it for longer than that
 * (issue 8: one upload must not freeze every tenant's public menu). Between slices it costs a clock
 * read and a resolved promise.
 */
export function pacer(sliceMs = 5): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await setImmediate();
    since = performance.now();
  };
}

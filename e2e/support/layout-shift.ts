import type { BrowserContext, Page } from 'playwright-core';

/**
 * Cumulative layout shift as a user meets it (issue 22, item 7): a PerformanceObserver for
 * 'layout-shift' is installed before any script of the page runs, and every shift that no input
 * caused is summed over the whole visit. The sum is stricter than the browsers' CLS (the worst
 * 5-second window): a page that jumps twice, seconds apart, counts both jumps.
 */
export async function watchLayoutShifts(target: BrowserContext | Page): Promise<void> {
  await target.addInitScript(() => {
    const store = window as unknown as { __layoutShift: { total: number; shifts: string[] } };
    store.__layoutShift = { total: 0, shifts: [] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: Array<{ node?: Node | null }>;
        }
      >) {
        if (entry.hadRecentInput) continue;
        store.__layoutShift.total += entry.value;
        // What moved, for the failure message: the first source's element, briefly.
        const node = entry.sources?.[0]?.node;
        const element = node instanceof Element ? node : node?.parentElement;
        const name = element
          ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${String(element.className).split(' ')[0]} "${(element.textContent ?? '').trim().slice(0, 40)}"`
          : 'unknown';
        store.__layoutShift.shifts.push(
          `${entry.value.toFixed(3)} at ${Math.round(entry.startTime)} ms: ${name}`,
        );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts summed since the page's document loaded, and what moved. Needs `watchLayoutShifts`. */
export async function layoutShift(page: Page): Promise<{ total: number; shifts: string[] }> {
  // Two frames, so the observer has reported the last layout.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  return page.evaluate(() => {
    const store = (window as unknown as { __layoutShift?: { total: number; shifts: string[] } })
      .__layoutShift;
    if (!store) throw new Error('layout shifts are not watched: call watchLayoutShifts before the visit');
    return { total: store.total, shifts: store.shifts };
  });
}

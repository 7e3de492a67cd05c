import type { Page } from 'playwright-core';
import { waitFor } from '../../apps/server/test/wait-for.ts';

/*
 * What a screen is waited for before it is read, photographed or audited. No vitest here: the
 * screenshots script (scripts/screenshots.ts) uses it too.
 */

/**
 * Waits until no transition or animation with an end is running (a modal or tour fading in or out):
 * axe reads colours as drawn, and half-faded text would read as a contrast failure that no user sees.
 * Spinners and other endless animations are left running.
 */
export async function settled(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let round = 0; round < 3; round++) {
      await frame();
      const finite = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)),
        );
      if (finite.length === 0) return;
      await Promise.race([
        Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, 2_000)),
      ]);
    }
  });
}

const busy = '.mantine-Loader-root:visible, .mantine-Skeleton-root:visible, [aria-busy="true"]:visible';

/**
 * Waits until a screen has drawn its data: the network is quiet, no loader or skeleton is left (lazy
 * chunks and queries take a moment on a busy machine; after 15 s the screen is taken as it is) and
 * its transitions (drawers, fades) have ended.
 */
export async function drawn(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await waitFor(async () => (await page.locator(busy).count()) === 0, {
    timeout: 15_000,
    interval: 200,
  }).catch(() => undefined);
  await settled(page);
}

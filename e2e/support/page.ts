import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { desktop, phone } from './browser.ts';
import { settled } from './settled.ts';

export { drawn, settled } from './settled.ts';

/** Where journeys put their screenshots (gitignored); made on first use. */
export const screenshotsDir = path.resolve(import.meta.dirname, '../../test-results/screenshots');
mkdirSync(screenshotsDir, { recursive: true });
export const screenshotPath = (name: string) => path.join(screenshotsDir, `${name}.png`);

/** Waits for a condition of the page: lazy screens and their data take a moment on a busy machine. */
export const eventually = (check: () => Promise<boolean>, timeout = 15_000) =>
  expect.poll(check, { timeout }).toBe(true);

/** Waits for a toast (or any text) with exactly this wording to show. */
export const toast = (page: Page, text: string) =>
  eventually(() => page.getByText(text, { exact: true }).first().isVisible());

/**
 * axe on the page, or on one part of it (`selector`): serious and critical violations fail the test;
 * every violation is printed so the moderate ones stay in sight.
 */
export async function expectNoSeriousViolation(
  page: Page,
  label: string,
  selector?: string,
  /** The least impact that fails: `moderate` for the every-screen suite (issue 22). */
  least: 'serious' | 'moderate' = 'serious',
) {
  await settled(page);
  const builder = new AxeBuilder({ page });
  const results = await (selector ? builder.include(selector) : builder).analyze();
  const describe = (violation: (typeof results.violations)[number]) =>
    `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes.length}×: ${violation.nodes
      .slice(0, 3)
      .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)} ${node.failureSummary ?? ''}`)
      .join(' | ')})`;
  console.info(
    `axe ${label}: ${results.passes.length} rules pass, ${results.violations.length} violated${
      results.violations.length ? `\n${results.violations.map(describe).join('\n')}` : ''
    }`,
  );
  const impacts = least === 'moderate' ? ['moderate', 'serious', 'critical'] : ['serious', 'critical'];
  const failing = results.violations.filter((violation) => impacts.includes(violation.impact ?? ''));
  expect(failing.map(describe), `${label}: ${impacts.join(', ')} violations`).toEqual([]);
}

/** Nothing on the page is wider than its viewport (no sideways scrolling on a phone). */
export async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * Shows the page at a new size and waits until it has taken it: the window has the width and the
 * layout's transitions (a navbar folding away) have ended.
 */
export async function resize(page: Page, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await page.waitForFunction((width) => window.innerWidth === width, viewport.width);
  await settled(page);
}

/** The same page at 390 px (nothing wider than the phone) and back at 1280 px, both saved. */
export async function shootBoth(page: Page, name: string) {
  await page.screenshot({ path: screenshotPath(`${name}-1280`), fullPage: true });
  await resize(page, phone);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: screenshotPath(`${name}-390`), fullPage: true });
  await resize(page, desktop);
}

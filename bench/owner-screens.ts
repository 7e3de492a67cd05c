/**
 * The owner's screens at 10,000 dishes (issue 21 §6: "the dishes, ingredients and quick-edit screens
 * with 10,000 dishes open in under a second"). Run with `npm run bench:owner-screens`.
 *
 * The built web app (apps/web/dist, built first when missing) served by the app's server, in this
 * process, on a fresh database: the demo restaurant with 10,000 more dishes, 10,000 more ingredients,
 * 600 categories and a category "Bulk board" of 1,000 dishes first in every menu (the restaurant the
 * browser journeys e2e/big-lists.test.ts and e2e/big-screens.test.ts build, e2e/support/big-restaurant.ts).
 * The demo owner signs in once in Debian's headless chromium at 1280×800; then, three times each, a
 * full load of a light screen (Account; the dish form: the dishes screen), a click on the navigation
 * link, and the time until the screen's first row or element is visible:
 * - the dishes screen: the first row of the Dishes table;
 * - the ingredients screen: the first row of the Ingredients table;
 * - quick edit: the first switch of its Dishes section;
 * - the dish form ("Create dish" on the dishes screen): its ingredient box and its side-dish picker
 *   ready ("… dishes: type a name to find one faster");
 * - the dashboard: its category board ("Bulk board").
 * Each full load starts the web app's data afresh (its query cache lives in the page), the scripts
 * come from the browser's cache, as for an owner who opened the app before.
 *
 * It prints every time, the median of 3 with PASS or FAIL against 1,000 ms, and the machine's load
 * average (figures on a shared machine are read against it); it exits 0 either way (1 only when it
 * could not run). With DATABASE_URL it creates (and drops) a database of its own on that server;
 * without it, an embedded PostgreSQL in a temporary folder.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Locator, Page } from 'playwright-core';
import { freePort } from '../apps/server/test/free-port.ts';
import { BOARD_DISHES, BULK, fillDemoMenus, makeDemoBig, signInDemo } from '../e2e/support/big-restaurant.ts';
import { desktop, launchBrowser } from '../e2e/support/browser.ts';
import { buildBenchApp, startBenchRuntime } from './bench-runtime.ts';

const root = path.resolve(import.meta.dirname, '..');
const webDist = path.join(root, 'apps/web/dist');
const TARGET_MS = 1_000;
const RUNS = 3;
/** How long a screen may take before its run counts as not opened. */
const GIVE_UP_MS = 30_000;
/** The light screen each measure starts from (a full load: no list data in the page). */
const LIGHT_SCREEN = '/update-account';

/** The machine's load (figures on a shared machine are read against it). */
const load = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')}`;

interface Screen {
  name: string;
  /** Loads the screen the click starts from and waits until it is ready. */
  start: (page: Page) => Promise<void>;
  /** The navigation link clicked. */
  link: (page: Page) => Locator;
  /** All visible once the screen shows its first row or element. */
  shown: (page: Page) => Locator[];
}

/** A link of the side navigation, by its exact name. */
const navLink = (name: string) => (page: Page) =>
  page.getByRole('navigation').getByRole('link', { name, exact: true }).first();

/** A table's first row of data (not a placeholder row of one wide cell drawn while it loads). */
const firstRow = (page: Page, table: string) =>
  page
    .getByRole('table', { name: table })
    .locator('tbody tr')
    .filter({ has: page.locator('td + td') })
    .first();

async function startFromLightScreen(page: Page) {
  await page.goto(LIGHT_SCREEN);
  await page.getByRole('navigation').getByRole('link', { name: 'Dishes', exact: true }).first().waitFor();
}

const screens: Screen[] = [
  {
    name: 'dishes screen (first row)',
    start: startFromLightScreen,
    link: navLink('Dishes'),
    shown: (page) => [firstRow(page, 'Dishes')],
  },
  {
    name: 'ingredients screen (first row)',
    start: startFromLightScreen,
    link: navLink('Ingredients'),
    shown: (page) => [firstRow(page, 'Ingredients')],
  },
  {
    name: 'quick edit (first switch of Dishes)',
    start: startFromLightScreen,
    link: navLink('Quick edit'),
    shown: (page) => [page.getByRole('region', { name: 'Dishes' }).getByRole('switch').first()],
  },
  {
    name: 'dish form (ingredient box and side-dish picker)',
    async start(page) {
      await page.goto('/create-dish');
      await firstRow(page, 'Dishes').waitFor();
    },
    link: (page) => page.getByRole('link', { name: 'Create dish' }),
    // The ingredient box, and the side-dish picker's line once it knows the list is large.
    shown: (page) => {
      const form = page.getByRole('dialog', { name: 'Create dish' });
      return [
        form.getByPlaceholder('Search ingredients'),
        form.getByText(/dishes: type a name to find one faster/),
      ];
    },
  },
  {
    name: `dashboard (category board of ${BOARD_DISHES.toLocaleString('en')} dishes)`,
    start: startFromLightScreen,
    link: navLink('Dashboard'),
    shown: (page) => [page.getByRole('button', { name: /^Bulk board/ })],
  },
];

/** Milliseconds from the click on the screen's link to its first element visible; null if never. */
async function timeScreen(page: Page, screen: Screen): Promise<number | null> {
  await screen.start(page);
  const link = screen.link(page);
  await link.waitFor();
  const started = performance.now();
  await link.click();
  try {
    for (const element of screen.shown(page))
      await element.waitFor({ state: 'visible', timeout: GIVE_UP_MS });
  } catch {
    return null;
  }
  return Math.round(performance.now() - started);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number | null) => (value === null ? `> ${GIVE_UP_MS.toLocaleString('en')}` : `${value}`);

async function main() {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    console.log('The web app is not built: npm run build -w @carte/web …');
    execFileSync('npm', ['run', 'build', '-w', '@carte/web'], { cwd: root, stdio: 'inherit' });
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const bench = await startBenchRuntime({ WEB_DIST: webDist, PUBLIC_URL: url, SEED_DEMO: 'true' });
  const { runtime } = bench;
  const app = await buildBenchApp(bench);
  const browser = await launchBrowser();
  const results: { name: string; times: (number | null)[]; median: number | null }[] = [];
  try {
    const writing = performance.now();
    await makeDemoBig(runtime.database.url);
    await fillDemoMenus(runtime.database.url);
    console.log(
      `The demo restaurant with ${BULK.toLocaleString('en')} more dishes and ingredients, 600 categories and a ` +
        `board of ${BOARD_DISHES.toLocaleString('en')} dishes, written in ${Math.round(performance.now() - writing)} ms`,
    );
    await app.listen({ port, host: '127.0.0.1' });
    const context = await browser.newContext({ viewport: desktop, baseURL: url });
    const page = await context.newPage();
    await signInDemo(page);
    console.log(`Chromium ${browser.version()}, ${desktop.width}×${desktop.height}, ${RUNS} runs a screen`);
    console.log(`Start: ${load()}\n`);

    for (const screen of screens) {
      const times: (number | null)[] = [];
      for (let run = 0; run < RUNS; run++) times.push(await timeScreen(page, screen));
      const opened = times.filter((time): time is number => time !== null);
      const middle = opened.length === RUNS ? median(opened) : null;
      results.push({ name: screen.name, times, median: middle });
      const pass = middle !== null && middle < TARGET_MS;
      console.log(
        `${pass ? 'PASS' : 'FAIL'}  ${screen.name}: median ${ms(middle)} ms (runs ${times.map(ms).join(', ')} ms; ` +
          `target < ${TARGET_MS.toLocaleString('en')} ms), ${load()}`,
      );
    }
    await context.close();
  } finally {
    await browser.close();
    await app.close();
    await bench.close();
  }
  const failed = results.filter((result) => result.median === null || result.median >= TARGET_MS);
  console.log(
    failed.length === 0
      ? `\nPASS: all ${results.length} owner screens opened in under a second (${load()})`
      : `\nFAIL: ${failed.length} of ${results.length} screens over a second (${failed.map((r) => r.name).join('; ')}; ${load()})`,
  );
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error ?? 'The embedded PostgreSQL stopped while starting.');
    process.exit(1);
  },
);

/**
 * What a phone downloads (issue 11 §6, §7): real chromium (Debian's, through playwright-core),
 * emulating a phone (390 × 844, touch, 3× pixels), with its cache off, records the bytes each
 * response took on the wire (CDP `Network.loadingFinished.encodedDataLength`: compressed body and
 * headers) by resource type, for
 * - `/login` (the owner app's first page),
 * - `/` signed in as the demo owner (after signing in through the login form),
 * - `/menu/{id}` of the demo food truck (the address its QR code leads to), and a menu page of the
 *   demo and of a large restaurant (8 menus × 50 dishes) whose menu is drawn in Playfair Display and
 *   Lato: these are checked against the public menu's budgets (HTML ≤ 40 KB, script ≤ 50 KB,
 *   CSS ≤ 15 KB, web fonts of the first screen ≤ 80 KB).
 *
 * Run with `npm run bench:page-weight` (the web app must be built: `npm run build`; it is built here
 * when missing). Prints PASS or FAIL per budget and exits 0 either way (1 when it could not run).
 * Only the bench's server on 127.0.0.1 is reached; any other host is refused and reported.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { type Browser, chromium } from 'playwright-core';
import { menus, restaurants } from '../apps/server/src/db/schema.ts';
import { seedDemo } from '../apps/server/src/features/demo/demo-seed.ts';
import { writeLargeRestaurant } from '../apps/server/test/large-restaurant.ts';
import { buildBenchApp, startBenchRuntime } from './bench-runtime.ts';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'apps/web');
const KB = 1024;
const budgets = { html: 40 * KB, script: 50 * KB, css: 15 * KB, font: 80 * KB };
const phone = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
};

interface Weight {
  byType: Record<string, number>;
  total: number;
  requests: number;
  elsewhere: string[];
  /** Bytes of woff2 files fetched (the first screen's: nothing scrolls). */
  fonts: number;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const results: { name: string; pass: boolean; detail: string }[] = [];
const check = (name: string, pass: boolean, detail: string) => {
  results.push({ name, pass, detail });
  console.log(`${pass ? 'PASS' : 'FAIL'}  ${name}: ${detail}`);
};

/** Loads `address` in a fresh phone tab of `context`'s browser and adds up what came over the wire. */
async function weigh(
  browser: Browser,
  origin: string,
  address: string,
  before?: (page: import('playwright-core').Page) => Promise<void>,
): Promise<Weight> {
  const context = await browser.newContext({ ...phone, baseURL: origin });
  try {
    const page = await context.newPage();
    if (before) await before(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const types = new Map<string, { type: string; url: string }>();
    const bytes = new Map<string, number>();
    cdp.on('Network.responseReceived', (event) =>
      types.set(event.requestId, { type: event.type, url: event.response.url }),
    );
    cdp.on('Network.loadingFinished', (event) => bytes.set(event.requestId, event.encodedDataLength));
    await page.goto(address, { waitUntil: 'networkidle' });
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(500);
    const byType: Record<string, number> = {};
    let fonts = 0;
    const elsewhere: string[] = [];
    for (const [id, size] of bytes) {
      const entry = types.get(id);
      if (!entry) continue;
      byType[entry.type] = (byType[entry.type] ?? 0) + size;
      if (entry.type === 'Font') fonts += size;
      if (!entry.url.startsWith(origin) && !entry.url.startsWith('data:')) elsewhere.push(entry.url);
    }
    const total = Object.values(byType).reduce((sum, value) => sum + value, 0);
    return { byType, total, requests: bytes.size, elsewhere, fonts };
  } finally {
    await context.close();
  }
}

function print(name: string, weight: Weight) {
  const parts = Object.entries(weight.byType)
    .sort((a, b) => b[1] - a[1])
    .map(([type, size]) => `${type} ${kb(size)}`)
    .join(', ');
  console.log(
    `  ${name.padEnd(44)} ${kb(weight.total).padStart(9)} in ${weight.requests} requests (${parts})`,
  );
  if (weight.elsewhere.length > 0) console.log(`    to other hosts: ${weight.elsewhere.join(', ')}`);
}

function budget(name: string, weight: Weight) {
  const of = (type: string) => weight.byType[type] ?? 0;
  check(`${name}: HTML ≤ 40 KB`, of('Document') <= budgets.html, kb(of('Document')));
  check(`${name}: script ≤ 50 KB`, of('Script') <= budgets.script, kb(of('Script')));
  // The stylesheet is inline in the HTML (counted there); a linked one would count here.
  check(`${name}: CSS files ≤ 15 KB`, of('Stylesheet') <= budgets.css, kb(of('Stylesheet')));
  check(
    `${name}: first-screen web fonts ≤ 80 KB`,
    weight.fonts > 0 && weight.fonts <= budgets.font,
    kb(weight.fonts),
  );
  check(`${name}: nothing from another host`, weight.elsewhere.length === 0, `${weight.elsewhere.length}`);
}

async function main() {
  if (
    !existsSync(path.join(webDir, 'dist/index.html')) ||
    !existsSync(path.join(webDir, 'dist/public-menu/fonts.json'))
  ) {
    console.log('The web app is not built: building apps/web …');
    execFileSync('npm', ['run', 'build', '-w', '@carte/web'], { cwd: root, stdio: 'inherit' });
  }
  const bench = await startBenchRuntime({ WEB_DIST: path.join(webDir, 'dist'), CAPTCHA: 'off' });
  const { runtime } = bench;
  const app = await buildBenchApp(bench);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  });
  try {
    const db = runtime.database.db;
    await seedDemo({ db, storage: runtime.storage, log: { info: () => undefined } });
    const [demo] = await db.select({ id: restaurants.id }).from(restaurants);
    const [allDay] = await db
      .select({ id: menus.id })
      .from(menus)
      .where(and(eq(menus.restaurantId, demo!.id), eq(menus.name, 'All Day')));
    const large = await writeLargeRestaurant(db, {
      fonts: { primary: 'Playfair Display', secondary: 'Lato' },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const signIn = async (page: import('playwright-core').Page) => {
      await page.goto('/login');
      await page.getByLabel('Username or email').fill('demo');
      await page.getByLabel(/^Password/).fill('Demo1234');
      await page.getByRole('button', { name: /sign in/i }).click();
      await page.waitForURL((url) => url.pathname === '/', { timeout: 60_000 });
      await page.goto('about:blank');
    };

    console.log(
      `\nPage weight: bytes over the wire (compressed, with headers), chromium ${browser.version()}, phone 390 × 844, cache off`,
    );
    const login = await weigh(browser, origin, '/login');
    print('/login', login);
    const home = await weigh(browser, origin, '/', signIn);
    print('/ (signed in, demo owner)', home);
    const demoMenu = await weigh(browser, origin, `/menu/${demo!.id}`);
    print('/menu/{demo}', demoMenu);
    const demoAllDay = await weigh(browser, origin, `/menu/${demo!.id}?menu=${allDay!.id}`);
    print('/menu/{demo}?menu={All Day}', demoAllDay);
    const largeChooser = await weigh(browser, origin, `/menu/${large.restaurantId}`);
    print('/menu/{large} (chooser, 8 menus)', largeChooser);
    const largeMenu = await weigh(browser, origin, `/menu/${large.restaurantId}?menu=${large.firstMenuId}`);
    print('/menu/{large}?menu= (50 dishes, Playfair + Lato)', largeMenu);
    console.log('');
    budget('demo menu page (All Day)', demoAllDay);
    budget('large restaurant menu page', largeMenu);
    check(
      'large restaurant chooser: HTML ≤ 40 KB',
      (largeChooser.byType.Document ?? 0) <= budgets.html,
      kb(largeChooser.byType.Document ?? 0),
    );
  } finally {
    await browser.close();
    await app.close();
    await bench.close();
  }
  const failed = results.filter((result) => !result.pass);
  console.log(
    failed.length === 0
      ? `\nPASS: all ${results.length} page-weight budgets met`
      : `\nFAIL: ${failed.length} of ${results.length} budgets missed (${failed.map((r) => r.name).join('; ')})`,
  );
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

import pg from 'pg';
import type { Page } from 'playwright-core';
import { signInThroughUi } from './owner.ts';

/** How many dishes and ingredients a big restaurant gets beside the demo's own (issue 21). */
export const BULK = 10_000;

/**
 * The demo restaurant made big in three statements: 10,000 dishes "Bulk dish 1"… (the oldest first,
 * ids of 24 hex digits), 10,000 ingredients "Bulk spice 1"… and 600 categories "Bulk section 1"…
 * (past the web tables' threshold of 500, not far past it).
 */
export async function makeDemoBig(databaseUrl: string): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    await client.query(
      `INSERT INTO dishes (id, restaurant_id, name, price, position, created_at)
       SELECT substr(md5(random()::text || n::text), 1, 24), u.restaurant_id, 'Bulk dish ' || n,
              (n % 40) + 4.5, n, now() - make_interval(secs => $1::int - n)
       FROM generate_series(1, $1::int) AS n, (SELECT restaurant_id FROM users WHERE username = 'demo') AS u`,
      [BULK],
    );
    await client.query(
      `INSERT INTO ingredients (id, restaurant_id, name, position, created_at)
       SELECT substr(md5(random()::text || n::text), 1, 24), u.restaurant_id, 'Bulk spice ' || n, 1000 + n,
              now() - make_interval(secs => $1::int - n)
       FROM generate_series(1, $1::int) AS n, (SELECT restaurant_id FROM users WHERE username = 'demo') AS u`,
      [BULK],
    );
    await client.query(
      `INSERT INTO categories (id, restaurant_id, name, position)
       SELECT substr(md5(random()::text || n::text), 1, 24), u.restaurant_id, 'Bulk section ' || n, 1000 + n
       FROM generate_series(1, 600) AS n, (SELECT restaurant_id FROM users WHERE username = 'demo') AS u`,
    );
  });
}

/** Runs `work` with a client of the journey's database, closed after. */
async function withClient(databaseUrl: string, work: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/** Signs the demo owner in, with the first-login tour already seen. */
export async function signInDemo(page: Page): Promise<void> {
  await signInThroughUi(page, 'demo', 'Demo1234');
  await page.evaluate(() => {
    const user = JSON.parse(localStorage.getItem('carte.user') ?? '{}') as { _id?: string };
    localStorage.setItem(`carte.tourSeen.${user._id}`, new Date().toISOString());
  });
}

/** How many bulk dishes the demo's big category holds (issue 21: a menu of thousands of dishes). */
export const BOARD_DISHES = 1_000;

/**
 * A category "Bulk board" holding the first 1,000 bulk dishes, first in every menu of the demo: the
 * dashboard's category board and the preview of whichever menu is selected hold a big category.
 */
export async function fillDemoMenus(databaseUrl: string): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    await client.query(
      `WITH demo AS (SELECT restaurant_id FROM users WHERE username = 'demo'),
            board AS (
              INSERT INTO categories (id, restaurant_id, name, position)
              SELECT substr(md5(random()::text), 1, 24), restaurant_id, 'Bulk board', -1 FROM demo
              RETURNING id),
            placed AS (
              INSERT INTO category_dishes (category_id, dish_id, position)
              SELECT board.id, d.id, row_number() OVER (ORDER BY d.position)
              FROM board, dishes d, demo
              WHERE d.restaurant_id = demo.restaurant_id AND d.name LIKE 'Bulk dish %' AND d.position <= $1)
       INSERT INTO menu_categories (menu_id, category_id, position)
       SELECT m.id, board.id, -1 FROM board, menus m, demo WHERE m.restaurant_id = demo.restaurant_id`,
      [BOARD_DISHES],
    );
  });
}

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries `npm run lint` checks (.dependency-cruiser.cjs; docs/decisions.md, "The
 * house"): a small tree shaped like the repository, with one allowed and one forbidden import per
 * rule, must give exactly the forbidden ones; and the repository itself must give none.
 */
const root = path.resolve(import.meta.dirname, '../../..');

const tree: Record<string, string> = {
  // server: core, http, adapters, db, features and the wiring
  'apps/server/src/core/errors.ts': 'export const core = 1;',
  'apps/server/src/core/reaches-feature.ts': "export { entry } from '../features/media/index.ts';",
  // core runs no query: a type of the database is fine, a table (or drizzle) is not
  'apps/server/src/core/transaction.ts': "import type { Db } from '../db/connect.ts';\nexport type Tx = Db;",
  'apps/server/src/core/runs-query.ts': "export { table } from '../db/schema.ts';",
  'apps/server/src/core/runs-drizzle.ts': "export { eq } from 'drizzle-orm';",
  'apps/server/src/db/connect.ts': 'export type Db = { run(): void };',
  'apps/server/src/http/envelope.ts': "export { core } from '../core/errors.ts';",
  'apps/server/src/http/reaches-feature.ts': "export { entry } from '../features/media/index.ts';",
  'apps/server/src/adapters/reaches-http.ts': "export { core } from '../http/envelope.ts';",
  'apps/server/src/db/schema.ts': 'export const table = 1;',
  'apps/server/src/features/media/index.ts': "export { entry } from './image.service.ts';",
  'apps/server/src/features/media/image.service.ts': "export { table as entry } from '../../db/schema.ts';",
  'apps/server/src/features/dishes/dish.service.ts':
    "export { entry } from '../media/index.ts';\nexport { core } from '../../core/errors.ts';",
  'apps/server/src/features/dishes/reaches-private.ts': "export { entry } from '../media/image.service.ts';",
  'apps/server/src/features/dishes/reaches-wiring.ts': "export { services } from '../../services.ts';",
  // no cycles
  'apps/server/src/features/menus/first.ts': "export { second } from './second.ts';\nexport const first = 1;",
  'apps/server/src/features/menus/second.ts': "export { first as second } from './first.ts';",
  'apps/server/src/services.ts':
    "export { entry as services } from './features/dishes/dish.service.ts';\nexport { entry } from './features/media/image.service.ts';",
  // web: features, ui, api, app
  'apps/web/src/ui/button.tsx': 'export const Button = 1;',
  'apps/web/src/ui/reaches-feature.ts': "export { DishThumb } from '../features/dishes/index.ts';",
  'apps/web/src/features/dishes/index.ts': "export { DishThumb } from './dish-thumb.tsx';",
  'apps/web/src/features/dishes/dish-thumb.tsx': "export { Button as DishThumb } from '../../ui/button.tsx';",
  'apps/web/src/features/dishes/dishes-area.ts':
    "export { DishThumb as DishesPage } from './dish-thumb.tsx';",
  'apps/web/src/features/categories/category-form.tsx': "export { DishThumb } from '../dishes/index.ts';",
  'apps/web/src/features/categories/reaches-private.tsx':
    "export { DishThumb } from '../dishes/dish-thumb.tsx';",
  'apps/web/src/features/categories/reaches-app.ts': "export { pages } from '../../app/router.ts';",
  'apps/web/src/app/router.ts':
    "export const pages = () => import('../features/dishes/dishes-area.ts');\nexport const thumb = () => import('../features/dishes/dish-thumb.tsx');",
  'apps/web/src/api/reaches-server.ts': "export { core } from '../../../server/src/http/envelope.ts';",
  // packages
  'packages/domain/src/index.ts': 'export const rule = 1;',
  'packages/domain/src/reaches-menu-view.ts': "export { view } from '../../menu-view/src/index.ts';",
  'packages/menu-view/src/index.ts': "export { rule as view } from '../../domain/src/index.ts';",
  'packages/menu-view/src/reaches-web.ts': "export { Button } from '../../../apps/web/src/ui/button.tsx';",
};

const violationsOf = (result: ICruiseResult) =>
  (result.summary.violations ?? [])
    .map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`)
    .sort();

async function check(baseDir: string) {
  const options = await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.cjs'));
  const { output } = await cruise(['apps', 'packages'], { ...options, baseDir, outputType: 'json' });
  return violationsOf(typeof output === 'string' ? (JSON.parse(output) as ICruiseResult) : output);
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'carte-imports-'));
  for (const [file, text] of Object.entries(tree)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), `${text}\n`);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('import boundaries (npm run lint)', () => {
  it('refuses each forbidden import and nothing else', async () => {
    expect(await check(dir)).toEqual(
      [
        'server-core-imports-no-feature: apps/server/src/core/reaches-feature.ts → apps/server/src/features/media/index.ts',
        'server-core-runs-no-query: apps/server/src/core/runs-query.ts → apps/server/src/db/schema.ts',
        'server-core-runs-no-query: apps/server/src/core/runs-drizzle.ts → drizzle-orm',
        'no-import-cycles: apps/server/src/features/menus/first.ts → apps/server/src/features/menus/second.ts',
        'server-http-imports-no-feature: apps/server/src/http/reaches-feature.ts → apps/server/src/features/media/index.ts',
        'server-adapters-and-db-import-no-feature: apps/server/src/adapters/reaches-http.ts → apps/server/src/http/envelope.ts',
        'server-feature-private: apps/server/src/features/dishes/reaches-private.ts → apps/server/src/features/media/image.service.ts',
        'server-features-import-no-wiring: apps/server/src/features/dishes/reaches-wiring.ts → apps/server/src/services.ts',
        'web-shared-imports-no-feature: apps/web/src/ui/reaches-feature.ts → apps/web/src/features/dishes/index.ts',
        'web-feature-private: apps/web/src/features/categories/reaches-private.tsx → apps/web/src/features/dishes/dish-thumb.tsx',
        'web-app-uses-feature-entries: apps/web/src/app/router.ts → apps/web/src/features/dishes/dish-thumb.tsx',
        'web-features-import-no-app: apps/web/src/features/categories/reaches-app.ts → apps/web/src/app/router.ts',
        'no-app-imports-another-app: apps/web/src/api/reaches-server.ts → apps/server/src/http/envelope.ts',
        'domain-imports-nothing-of-ours: packages/domain/src/reaches-menu-view.ts → packages/menu-view/src/index.ts',
        'menu-view-imports-only-domain: packages/menu-view/src/reaches-web.ts → apps/web/src/ui/button.tsx',
      ].sort(),
    );
  });

  it('finds none in the repository', async () => {
    expect(await check(root)).toEqual([]);
  });
});

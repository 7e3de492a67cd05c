import { defineConfig } from 'vitest/config';

// Three tiers (STYLE rule 12): pure rules (domain's, and the web app's pure modules), the API against a
// real PostgreSQL, browser journeys.
// Two cores: API files run two at a time, each in its own database; journeys run one at a time.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/*/test/**/*.test.ts', 'packages/*/test/**/*.test.tsx'],
          environment: 'node',
        },
      },
      {
        test: {
          // The web app's pure modules (form values, layout tree, drafts…): no DOM, no React.
          name: 'web',
          include: ['apps/web/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A browser on a busy 2-core machine: a screen may take seconds to show what is awaited
          // (as `eventually` allows 15 s); the default second made journeys fail under load.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});

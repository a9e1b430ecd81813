import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 60_000,
    // A file's first start may wait for another worker seeding its demo (once per kind a run).
    hookTimeout: 300_000,
    pool: 'forks',
    // One module graph per worker, not per file: importing the server anew for each of a hundred
    // files cost a quarter of the suite. Files share no state but what test/harness.ts caches on
    // purpose (the seeded copies); no test mocks modules or stubs globals.
    isolate: false,
    globalSetup: ['test/global-setup.ts'],
    maxWorkers: 2,
    env: { NODE_ENV: 'test' },
  },
});

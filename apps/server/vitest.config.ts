import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest files, longest first (seconds in CI, both databases: malformed halves ~110,
 * import-limits ~95, masking ~80, auth-races ~55): started first so that no long file begins late
 * and runs on alone at the end. A clean clone has no timing cache; the base order (largest file
 * first) then put the 218-s sweep at 7 min 45 s into a 12-min run.
 */
const SLOW_FIRST = ['malformed', 'malformed-more', 'import-limits', 'masking', 'auth-races'];

class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = SLOW_FIRST.findIndex((name) => f.moduleId.endsWith(`/test/${name}.test.ts`));
      return i < 0 ? SLOW_FIRST.length : i;
    };
    return sorted
      .map((f, i) => ({ f, i }))
      .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
      .map(({ f }) => f);
  }
}

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
    sequence: { sequencer: SlowFirst },
    env: { NODE_ENV: 'test' },
  },
});

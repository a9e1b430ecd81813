/**
 * Seeds the demo template the e2e servers start from (support.ts demoTemplate), once before the
 * files run, so that its time shows apart from theirs. A file run alone seeds it when it needs it.
 */
import { demoTemplate } from './support.ts';

if (process.env.E2E_FRESH_SEED !== '1' && !process.env.DATABASE_URL) await demoTemplate();

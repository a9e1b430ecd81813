/**
 * Runs the browser test files two at a time, the longest first (seconds on CI's two cores: menus
 * ~470, patrol ~240, inspection-work ~155, the next ones ~120): started last, one of them ran on
 * alone for minutes at the end. The others follow in name order. Arguments name files to run
 * instead of all.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const LONGEST_FIRST = [
  'menus',
  'patrol',
  'inspection-work',
  'console-shell',
  'elevator',
  'call-centre',
  'layout-1440',
  'rescue-units',
  'emergency-code',
];

const all = readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.test.ts'))
  .sort();
const chosen = process.argv.length > 2 ? process.argv.slice(2) : all;
const rank = (f: string) => {
  const i = LONGEST_FIRST.indexOf(f.replace(/\.test\.ts$/, ''));
  return i < 0 ? LONGEST_FIRST.length : i;
};
const files = [...chosen].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
const res = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files], {
  cwd: import.meta.dirname,
  stdio: 'inherit',
});
process.exit(res.status ?? 1);

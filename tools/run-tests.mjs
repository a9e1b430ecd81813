#!/usr/bin/env node
/**
 * `npm test`: lint, types, then every test suite (server on PGlite — and on PostgreSQL when
 * TEST_DATABASE_URL is set —, web units, browser end-to-end). Ends with one line
 * `N passed, N failed` over all suites; exits non-zero if anything failed.
 *
 * The checks (lint, the two type checks, catalogue coverage) and the web units run at the same time,
 * each with its output held and printed whole when it ends; then the server and browser suites, one
 * after the other.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ec-tests-'));
let passed = 0;
let failed = 0;
const problems = [];
/** Seconds each step took, printed at the end (CI's time budget is spent here). */
const timings = [];
const started = Date.now();

/** Runs a command with its output held; prints it under a header when the command ends. */
function run(label, cmd, args, opts = {}) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: opts.cwd ?? root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0', ...opts.env },
    });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('close', (status) => {
      const seconds = Math.round((Date.now() - t0) / 1000);
      const stdout = Buffer.concat(chunks).toString('utf8');
      console.log(`\n=== ${label}: ${cmd} ${args.join(' ')} (${seconds} s, exit ${status})\n${stdout}`);
      timings.push(`${label}: ${seconds} s`);
      resolve({ status, stdout });
    });
  });
}

async function step(label, cmd, args, opts) {
  const res = await run(label, cmd, args, opts);
  if (res.status !== 0) problems.push(label);
  return res;
}

async function vitestSuite(label, cwd) {
  const report = path.join(tmp, `${label.replace(/\W+/g, '-')}.json`);
  const res = await run(
    label,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { cwd },
  );
  if (fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    if (json.numTotalTests === 0) problems.push(`${label}: no tests ran`);
  } else {
    problems.push(`${label}: no report`);
  }
  if (res.status !== 0) problems.push(label);
}

async function browserTests() {
  const e2eTests = fs.existsSync(path.join(root, 'e2e'))
    ? fs.readdirSync(path.join(root, 'e2e')).filter((f) => f.endsWith('.test.ts'))
    : [];
  if (e2eTests.length === 0) return;
  if (!fs.existsSync('/usr/bin/chromium')) {
    // The browser tests use Debian's Chromium, never a downloaded build.
    if (process.getuid?.() === 0) {
      await step('install chromium', 'sh', [
        '-c',
        'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk',
      ]);
    } else {
      console.log(
        "\nThe browser tests need Debian's Chromium: run  sudo apt-get install -y chromium fonts-noto-cjk",
      );
      problems.push('chromium missing');
    }
  }
  if (!fs.existsSync('/usr/bin/chromium')) return;
  // The demo template every e2e server starts from (e2e/support.ts) is seeded once, in this run.
  const res = await run('browser end-to-end', 'npm', ['test', '-w', '@ec/e2e'], {
    env: { E2E_TEMPLATE_ROOT: path.join(tmp, 'e2e-templates') },
  });
  const out = res.stdout ?? '';
  const pass = Number(out.match(/^[#ℹ] pass (\d+)/m)?.[1] ?? 0);
  const fail = Number(out.match(/^[#ℹ] fail (\d+)/m)?.[1] ?? 0);
  passed += pass;
  failed += fail;
  if (res.status !== 0) problems.push('browser end-to-end');
  if (pass + fail === 0) problems.push('browser end-to-end: no tests ran');
}

const webUnits =
  fs.existsSync(path.join(root, 'apps/web/vitest.config.ts')) ||
  fs.existsSync(path.join(root, 'apps/web/vite.config.ts'));

await Promise.all([
  step('lint and format', 'npx', ['biome', 'check', '.']),
  // The web units are light (jsdom, no database): they run beside the checks.
  webUnits ? vitestSuite('web units', path.join(root, 'apps/web')) : null,
  step('types', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']),
  fs.existsSync(path.join(root, 'apps/web/tsconfig.json'))
    ? step('web types', 'npx', ['tsc', '-p', 'apps/web/tsconfig.json', '--noEmit'])
    : null,
  run('catalogue coverage', 'node', ['--import', 'tsx', 'tools/coverage.ts']),
]);

// The suites one after the other: each keeps the machine's cores busy on its own (side by side on
// two cores they took as long in all, and the browser tests' waits ran out more often).
await vitestSuite(
  `server (${process.env.TEST_DATABASE_URL ? 'PGlite + PostgreSQL' : 'PGlite'})`,
  path.join(root, 'apps/server'),
);
await browserTests();

fs.rmSync(tmp, { recursive: true, force: true });
console.log(`\ntimes: ${timings.join('; ')}; total ${Math.round((Date.now() - started) / 1000)} s`);
if (problems.length > 0) console.log(`\nfailed steps: ${problems.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(problems.length > 0 || failed > 0 ? 1 : 0);

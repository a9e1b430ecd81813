/**
 * `npm run budget`: the console's performance budgets (issue 3), measured after `npm run build`
 * in Debian's Chromium against the real server. Prints figures beside their budgets; not a test.
 * - JavaScript (gzip) fetched to show the sign-in page (budget 250 KB);
 * - all JavaScript for the layout with one list page from a cold cache (700 KB);
 * - the largest lazily loaded page chunk (150 KB);
 * - medians of 5 cold runs: sign-in first contentful paint (1.0 s) and first list rows after the
 *   sign-in click (1.0 s).
 * `-- --chunks` lists every file each step fetched; `-- --runs N` changes the number of cold runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchBrowser, ROOT, startServer } from '../e2e/support.ts';

const dist = path.join(ROOT, 'apps/web/dist');
if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build -w @ec/web` first');
  process.exit(2);
}
const gz = (file: string) => gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 5) : 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** gzip size of every JavaScript file the page fetched from the server's dist folder. */
function trackScripts(page: Page) {
  const seen = new Set<string>();
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.endsWith('.js')) seen.add(url.pathname);
  });
  const sizeOf = (p: string) => (fs.existsSync(path.join(dist, p)) ? gz(path.join(dist, p)) : 0);
  return (label?: string) => {
    // `npm run budget -- --chunks` lists what each step fetched, largest first.
    if (label && process.argv.includes('--chunks')) {
      console.log(`\n${label}:`);
      for (const [p, n] of [...seen].map((p) => [p, sizeOf(p)] as const).sort((a, b) => b[1] - a[1]))
        console.log(`  ${kb(n).padStart(7)}  ${p}`);
    }
    return [...seen].reduce((n, p) => n + sizeOf(p), 0);
  };
}

const LIST_PAGE = '/permission/parameterManagement';
const server = await startServer();
const browser = await launchBrowser();
try {
  const fcp: number[] = [];
  const listAfterClick: number[] = [];
  let signInJs = 0;
  let layoutJs = 0;
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const total = trackScripts(page);
    await page.goto(`${server.baseUrl}/#/login?redirect=${encodeURIComponent(LIST_PAGE)}`);
    await page.getByPlaceholder('用户名或手机号').waitFor();
    fcp.push(
      // The paint entry is queued a frame after the paint: wait for it (buffered) rather than read
      // a list that may still be empty. (A string: this runs in the page, with the DOM's types.)
      await page.evaluate<number>(`new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const fcp = list.getEntriesByName('first-contentful-paint')[0];
          if (fcp) resolve(fcp.startTime);
        }).observe({ type: 'paint', buffered: true });
        setTimeout(() => resolve(Number.NaN), 5000);
      })`),
    );
    if (run === 0) signInJs = total('sign-in page');
    await page.getByPlaceholder('用户名或手机号').fill('admin');
    // Typed as a person types (80 ms a key): the console fetches the layout while the password is
    // typed (the budget's own rule), which an instant fill() would leave no time for.
    await page.getByPlaceholder('密码').pressSequentially('Demo@2026', { delay: 80 });
    const t0 = Date.now();
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
    listAfterClick.push(Date.now() - t0);
    if (process.argv.includes('--chunks'))
      console.log(`run ${run}: rows ${listAfterClick.at(-1)} ms after the click`);
    if (run === 0) layoutJs = total('sign-in page, layout and one list page');
    await context.close();
  }
  const entries = new Set(
    [...fs.readFileSync(path.join(dist, 'index.html'), 'utf8').matchAll(/src="\/?([^"]+\.js)"/g)].map(
      (m) => m[1],
    ),
  );
  const chunks = fs
    .readdirSync(path.join(dist, 'assets'))
    .filter(
      (f) =>
        f.endsWith('.js') &&
        !entries.has(`assets/${f}`) &&
        !f.startsWith('vendor') &&
        !f.includes('pdf.worker'),
    )
    .map((f) => ({ f, size: gz(path.join(dist, 'assets', f)) }))
    .sort((a, b) => b.size - a.size);
  const row = (name: string, value: string, budget: string, ok: boolean) =>
    console.log(
      `${name.padEnd(46)} ${value.padStart(10)}   budget ${budget.padEnd(8)} ${ok ? 'within' : 'OVER'}`,
    );
  console.log('\nweb performance budgets (Debian Chromium, headless, this machine)');
  row('sign-in page JavaScript (gzip)', kb(signInJs), '250 KB', signInJs <= 250 * 1024);
  row(`layout + one list page (${LIST_PAGE}), cold`, kb(layoutJs), '700 KB', layoutJs <= 700 * 1024);
  row(
    `largest page chunk (${chunks[0]?.f ?? '-'})`,
    kb(chunks[0]?.size ?? 0),
    '150 KB',
    (chunks[0]?.size ?? 0) <= 150 * 1024,
  );
  row(
    `sign-in first contentful paint, median of ${RUNS}`,
    `${median(fcp).toFixed(0)} ms`,
    '1000 ms',
    median(fcp) <= 1000,
  );
  row(
    `list rows after the sign-in click, median of ${RUNS}`,
    `${median(listAfterClick)} ms`,
    '1000 ms',
    median(listAfterClick) <= 1000,
  );
  console.log(
    `(chunks over 150 KB gzip: ${
      chunks
        .filter((c) => c.size > 150 * 1024)
        .map((c) => `${c.f} ${kb(c.size)}`)
        .join(', ') || 'none'
    })`,
  );
} finally {
  await browser.close();
  await server.stop();
}

/**
 * `npm run budget`: the console's performance budgets (issues 3 and 11), measured after the web build
 * in Debian's Chromium against the real server, each figure beside a baseline measured in the same
 * run: a bare page of React and an antd Table that signs in with the same call and shows the same
 * rows (tools/budget-baseline, built here and served by the same server). The machine is shared and
 * noisy: the ratio, not the milliseconds, says what the console's own work costs. Not a test.
 *
 * The path measured is a newcomer's: a fresh browser profile opens `#/login?redirect=<page>`
 * (default the elevator list, 电梯管理), types the user name and the password as a person types,
 * clicks 登录 and waits for the list's first rows. Per path and median of the cold runs:
 * - bytes on the wire (Chromium's encodedDataLength: compressed bodies and headers) of the sign-in
 *   page (budget 250 KB), and from there to the list (700 KB), static files only (the API apart);
 *   the same page reloaded with a warm cache; the largest script on the wire (150 KB);
 * - sign-in first contentful paint (1,000 ms);
 * - click → first rows: from the click event to the frame that shows the first table row
 *   (1,000 ms), and the main thread's CPU time in that span (from a Chromium trace).
 * `-- --runs N` changes the number of cold runs (5), `-- --page <path>` the list page,
 * `-- --chunks` lists the files each step fetched with their size on the wire.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { build } from 'vite';
import { DEMO_PASSWORD, launchBrowser, ROOT, startServer } from '../e2e/support.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const RUNS = Math.max(1, Number(arg('--runs')) || 5);
const LIST_PAGE = arg('--page') ?? '/basicInformation/theElevatorManagement';
const SHOW_FILES = process.argv.includes('--chunks');
const BASELINE_PREFIX = '/budget-baseline/';

// BUDGET_WEB_DIST: a web build elsewhere (a helper's own build, so as not to race others on apps/web/dist).
const dist = process.env.BUDGET_WEB_DIST ?? path.join(ROOT, 'apps/web/dist');
if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build -w @ec/web` first');
  process.exit(2);
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** What the browser received per response, from the DevTools protocol's network events. */
interface Transfer {
  url: string;
  type: string;
  /** Bytes on the wire: compressed body and headers. */
  wire: number;
  /** Bytes after decoding (the file as it is on disk). */
  body: number;
  cached: boolean;
}

function trackNetwork(cdp: CDPSession) {
  const pending = new Map<string, Transfer>();
  let done: Transfer[] = [];
  cdp.on('Network.responseReceived', (e) => {
    pending.set(e.requestId, {
      url: e.response.url,
      type: e.type,
      wire: 0,
      body: 0,
      cached: !!e.response.fromDiskCache,
    });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const t = pending.get(e.requestId);
    if (t) t.cached = true;
  });
  cdp.on('Network.dataReceived', (e) => {
    const t = pending.get(e.requestId);
    if (t) t.body += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const t = pending.get(e.requestId);
    if (!t) return;
    t.wire = e.encodedDataLength;
    pending.delete(e.requestId);
    done.push(t);
  });
  return {
    enable: () => cdp.send('Network.enable'),
    /** The responses finished since the last call. */
    take: (): Transfer[] => {
      const out = done;
      done = [];
      return out;
    },
  };
}

const isStatic = (t: Transfer) => !new URL(t.url).pathname.startsWith('/monitor/api/');
const sum = (ts: Transfer[], f: (t: Transfer) => number) => ts.filter(isStatic).reduce((n, t) => n + f(t), 0);

function listFiles(label: string, ts: Transfer[]) {
  if (!SHOW_FILES) return;
  console.log(`\n${label}:`);
  for (const t of [...ts].sort((a, b) => b.wire - a.wire)) {
    const p = new URL(t.url).pathname;
    console.log(
      `  ${kb(t.wire).padStart(7)} on the wire  ${kb(t.body).padStart(7)} as file  ${t.cached ? 'cache ' : ''}${p}`,
    );
  }
}

/** In the page: the click's time and the first frame that shows a table row, as user timing marks. */
const MARKS = `(() => {
  document.addEventListener('click', (e) => {
    if (e.target instanceof Element && e.target.closest('button[type=submit]') && !performance.getEntriesByName('ec:click').length)
      performance.mark('ec:click', { startTime: e.timeStamp });
  }, true);
  const seen = new MutationObserver(() => {
    if (!document.querySelector('.ant-table-row')) return;
    seen.disconnect();
    requestAnimationFrame(() => performance.mark('ec:rows'));
  });
  seen.observe(document, { subtree: true, childList: true });
})()`;

const markTime = (page: Page, name: string) =>
  page.evaluate<number>(`performance.getEntriesByName(${JSON.stringify(name)})[0]?.startTime ?? NaN`);

/** The page's main-thread CPU time between two user timing marks, from a Chromium trace. */
async function traceCpu(cdp: CDPSession, run: () => Promise<void>): Promise<number> {
  const events: {
    name: string;
    ph: string;
    pid: number;
    tid: number;
    ts: number;
    tdur?: number;
    cat?: string;
    args?: { name?: string };
  }[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as typeof events)));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories: 'toplevel,disabled-by-default-devtools.timeline,blink.user_timing,__metadata',
    transferMode: 'ReportEvents',
  });
  await run();
  await cdp.send('Tracing.end');
  await complete;
  const mark = (name: string) => events.find((e) => e.name === name && e.cat?.includes('user_timing'));
  const from = mark('ec:click');
  const to = mark('ec:rows');
  if (!from || !to) return Number.NaN;
  const cpu = events
    .filter(
      (e) =>
        e.name === 'RunTask' &&
        e.ph === 'X' &&
        e.pid === from.pid &&
        e.tid === from.tid &&
        e.ts >= from.ts &&
        e.ts <= to.ts,
    )
    .reduce((n, e) => n + (e.tdur ?? 0), 0);
  return cpu / 1000;
}

interface Sample {
  signInWire: number;
  signInFiles: number;
  listWire: number;
  largestScript: { wire: number; url: string };
  fcp: number;
  clickToRows: number;
  /** From the click: the sign-in call answered, the list's first page answered. */
  signedIn: number;
  listAnswered: number;
  cpu: number;
  repeatWire?: number;
}

async function measure(
  context: BrowserContext,
  baseUrl: string,
  baseline: boolean,
  first: boolean,
): Promise<Sample> {
  await context.addInitScript(MARKS);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const net = trackNetwork(cdp);
  await net.enable();
  const url = baseline
    ? `${baseUrl}${BASELINE_PREFIX}`
    : `${baseUrl}/#/login?redirect=${encodeURIComponent(LIST_PAGE)}`;
  const label = baseline ? 'baseline' : 'console';
  await page.goto(url);
  await page.getByPlaceholder('用户名或手机号').waitFor();
  const fcp = await page.evaluate<number>(`new Promise((resolve) => {
    new PerformanceObserver((list) => {
      const fcp = list.getEntriesByName('first-contentful-paint')[0];
      if (fcp) resolve(fcp.startTime);
    }).observe({ type: 'paint', buffered: true });
    setTimeout(() => resolve(Number.NaN), 5000);
  })`);
  await page.waitForLoadState('networkidle');
  const signIn = net.take();
  if (first) listFiles(`${label}: sign-in page`, signIn);

  await page.getByPlaceholder('用户名或手机号').fill('admin');
  // Typed as a person types (80 ms a key): the console fetches the layout and the page while the
  // password is typed, which an instant fill() would leave no time for.
  await page.getByPlaceholder('密码').pressSequentially(DEMO_PASSWORD, { delay: 80 });
  const cpu = await traceCpu(cdp, async () => {
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.locator('.ant-table-row').first().waitFor({ timeout: 60_000 });
    await page.waitForFunction(`performance.getEntriesByName('ec:rows').length > 0`);
  });
  const clickToRows = (await markTime(page, 'ec:rows')) - (await markTime(page, 'ec:click'));
  // Where the time went: the API's answers, from the browser's resource timings.
  const [signedIn, listAnswered] = await page.evaluate<[number, number]>(`(() => {
    const click = performance.getEntriesByName('ec:click')[0].startTime;
    const api = performance.getEntriesByType('resource');
    const end = (path) => (api.find((e) => e.name.includes(path)) ?? { responseEnd: NaN }).responseEnd - click;
    return [end('/monitor/api/oauth/token'), end('/monitor/api/pc/elevator/queryList')];
  })()`);
  await page.waitForLoadState('networkidle');
  const list = net.take();
  if (first) listFiles(`${label}: from the sign-in page to the list's rows`, list);

  const scripts = [...signIn, ...list].filter((t) => t.type === 'Script');
  const largest = scripts.sort((a, b) => b.wire - a.wire)[0];
  const sample: Sample = {
    signInWire: sum(signIn, (t) => t.wire),
    signInFiles: sum(signIn, (t) => t.body),
    listWire: sum(list, (t) => t.wire),
    largestScript: { wire: largest?.wire ?? 0, url: largest ? new URL(largest.url).pathname : '-' },
    fcp,
    clickToRows,
    signedIn,
    listAnswered,
    cpu,
  };
  if (first && !baseline) {
    // The same console again with the browser's cache: hashed files come from it unasked.
    await page.reload();
    await page.locator('.ant-table-row').first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const repeat = net.take();
    listFiles('console: the list reloaded (warm cache)', repeat);
    sample.repeatWire = sum(repeat, (t) => t.wire);
  }
  return sample;
}

// The baseline page, built as the console is and served beside it by the same server.
await build({ configFile: path.join(ROOT, 'tools/budget-baseline/vite.config.ts'), logLevel: 'warn' });
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ec-budget-web-'));
fs.cpSync(dist, webDir, { recursive: true });
fs.cpSync(path.join(ROOT, 'tools/budget-baseline/dist'), path.join(webDir, BASELINE_PREFIX), {
  recursive: true,
});
process.env.WEB_DIR = webDir;

const server = await startServer();
const browser = await launchBrowser();
try {
  const results = { console: [] as Sample[], baseline: [] as Sample[] };
  for (let run = 0; run < RUNS; run++) {
    // Alternate which goes first, so that neither always meets the machine in the same state.
    const order = run % 2 ? (['baseline', 'console'] as const) : (['console', 'baseline'] as const);
    for (const kind of order) {
      const context = await browser.newContext();
      try {
        results[kind].push(await measure(context, server.baseUrl, kind === 'baseline', run === 0));
      } finally {
        await context.close();
      }
    }
    const c = results.console.at(-1)!;
    const b = results.baseline.at(-1)!;
    console.log(
      `run ${run + 1}/${RUNS}: click → rows ${c.clickToRows.toFixed(0)} ms (baseline ${b.clickToRows.toFixed(0)}), ` +
        `CPU ${c.cpu.toFixed(0)} ms (${b.cpu.toFixed(0)}), first paint ${c.fcp.toFixed(0)} ms (${b.fcp.toFixed(0)})`,
    );
  }

  const med = (kind: keyof typeof results, f: (s: Sample) => number) => median(results[kind].map(f));
  const first = results.console[0];
  const row = (
    name: string,
    f: (s: Sample) => number,
    unit: (n: number) => string,
    budget?: number,
    withBaseline = true,
  ) => {
    const c = med('console', f);
    const b = med('baseline', f);
    const verdict =
      budget === undefined ? '' : `${unit(budget).padStart(8)}  ${c <= budget ? 'within' : 'OVER'}`;
    console.log(
      `${name.padEnd(44)} ${unit(c).padStart(9)} ${withBaseline ? unit(b).padStart(10) : ''.padStart(10)} ${
        withBaseline && b > 0 ? `${(c / b).toFixed(1)}×`.padStart(7) : ''.padStart(7)
      }   ${verdict}`,
    );
  };
  const ms = (n: number) => (Number.isNaN(n) ? '-' : `${n.toFixed(0)} ms`);
  console.log(
    `\nweb budgets: ${LIST_PAGE} as admin, Debian Chromium headless, this machine, median of ${RUNS} cold runs`,
  );
  console.log(
    `${''.padEnd(44)} ${'console'.padStart(9)} ${'baseline'.padStart(10)} ${'ratio'.padStart(7)}   budget`,
  );
  row('sign-in page, bytes on the wire', (s) => s.signInWire, kb, 250 * 1024);
  row('  the same files as stored (uncompressed)', (s) => s.signInFiles, kb);
  row('sign-in → list rows, bytes on the wire', (s) => s.listWire, kb, 700 * 1024);
  row('the list reloaded, warm cache, on the wire', (s) => s.repeatWire ?? 0, kb, undefined, false);
  row('largest script on the wire', (s) => s.largestScript.wire, kb, 150 * 1024);
  row('sign-in first contentful paint', (s) => s.fcp, ms, 1000);
  row('click → first list rows', (s) => s.clickToRows, ms, 1000);
  row('  main-thread CPU time in that span', (s) => s.cpu, ms);
  row('  sign-in call answered, after the click', (s) => s.signedIn, ms);
  row(`  the list's first page answered`, (s) => s.listAnswered, ms);
  console.log(
    `(largest script: ${first.largestScript.url}; bytes count static files only, the API calls apart; the baseline is tools/budget-baseline)`,
  );
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(webDir, { recursive: true, force: true });
}

import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser, ROOT } from '../../e2e/support.ts';

/** The wall display the screen is designed for. */
const WALL = { width: 1920, height: 1080 };
const TOKEN_COOKIE = 'Monitor-Token';

/** What the measure reads in the page (the tools' own types know no DOM). */
interface Box {
  textContent: string | null;
  getBoundingClientRect(): { width: number };
}
interface InPage {
  querySelector(s: string): Box | null;
  querySelectorAll(s: string): Iterable<Box>;
}

export interface PaintFigures {
  /** Per run: navigation start → the frame that shows the screen with its figures and charts, ms. */
  screen: number[];
  /** Per run, the same-run baseline: navigation start → the sign-in page's first contentful paint. */
  signIn: number[];
}

export const webBuilt = () => fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'));

/**
 * The data screen's first paint as a wall display opens it: a fresh browser profile (cold cache)
 * with the signed-in cookie opens `#/wisdom/dateKanban` at 1920 × 1080; the time is from navigation
 * start to the first frame in which today's figures show numbers and the screen's charts (at least
 * four, the map among them) are drawn, all from the server's data. Beside it, the sign-in page's
 * first contentful paint in the same browser and run (a page with no data), the baseline.
 */
export async function screenFirstPaint(origin: string, token: string, runs = 5): Promise<PaintFigures> {
  const browser = await launchBrowser();
  const out: PaintFigures = { screen: [], signIn: [] };
  try {
    for (let i = 0; i < runs; i++) {
      const base = await browser.newContext({ viewport: WALL, locale: 'zh-CN' });
      const login = await base.newPage();
      await login.goto(`${origin}/#/login`);
      out.signIn.push(
        await login.evaluate<number>(`new Promise((resolve) => {
          new PerformanceObserver((list) => {
            const fcp = list.getEntriesByName('first-contentful-paint')[0];
            if (fcp) resolve(fcp.startTime);
          }).observe({ type: 'paint', buffered: true });
        })`),
      );
      await base.close();

      const context = await browser.newContext({ viewport: WALL, locale: 'zh-CN' });
      await context.addCookies([{ name: TOKEN_COOKIE, value: token, url: origin }]);
      const page = await context.newPage();
      await page.goto(`${origin}/#/wisdom/dateKanban`);
      // Checked on every animation frame: the first frame where all of it is on screen.
      const painted = await page.waitForFunction(
        () => {
          const d = (globalThis as unknown as { document: InPage }).document;
          const today = d.querySelector('[data-testid="screen-today"]');
          const map = d.querySelector('[data-testid="screen-map"] svg');
          const charts = [...d.querySelectorAll('[data-testid="data-screen"] svg')].filter(
            (e) => e.getBoundingClientRect().width > 100,
          );
          const ready = today && /\d/.test(today.textContent ?? '') && map && charts.length >= 4;
          return ready ? performance.now() : 0;
        },
        undefined,
        { polling: 'raf', timeout: 60_000 },
      );
      out.screen.push((await painted.jsonValue()) as number);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import type { Download, Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD } from './support.ts';

/** Helpers of the elevator browser tests: a token client for setup and checks, and spreadsheet I/O. */

export type Api = <T = unknown>(method: string, path: string, body?: Record<string, unknown>) => Promise<T>;

/** Signs in through the API and returns a caller that unwraps the envelope (throws on errors). */
export async function apiAs(baseUrl: string, username: string): Promise<Api> {
  const password = createHash('sha256').update(DEMO_PASSWORD).digest('hex');
  const res = await fetch(`${baseUrl}/monitor/api/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  });
  const token = ((await res.json()) as { data: { access_token: string } }).data.access_token;
  return async <T>(method: string, path: string, body?: Record<string, unknown>) => {
    let url = `${baseUrl}/monitor/api${path}`;
    const init: RequestInit = { method, headers: { Authorization: `Bearer ${token}` } };
    if (method === 'GET' && body) {
      url += `?${new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
    } else if (body) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
    }
    const r = await fetch(url, init);
    const json = (await r.json()) as { code: number; resultMsg: string; data: T };
    if (!r.ok || json.code !== 200) throw new Error(`${method} ${path}: ${r.status} ${json.resultMsg}`);
    return json.data;
  };
}

/** A registry code no demo elevator has: variety 3110, 青秀区 450103, year 2095–2099, then a serial. */
export const testCode = (year: '2095' | '2096' | '2097' | '2098' | '2099', n: number) =>
  `3110450103${year}${String(n).padStart(6, '0')}`;

/** Fills the downloaded template's sheet with `rows` (header → value), replacing its example row. */
export async function fillTemplate(templatePath: string, rows: Record<string, string>[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(templatePath)) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const headers = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? '').replace(/\*/g, ''));
  sheet.spliceRows(2, sheet.rowCount - 1);
  rows.forEach((row, i) => {
    const line = sheet.getRow(i + 2);
    for (const [header, value] of Object.entries(row)) {
      const col = headers.indexOf(header);
      if (col < 1) throw new Error(`template has no column ${header}`);
      line.getCell(col).value = value;
    }
    line.commit();
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Headers of the template's first row, as the user sees them. */
export async function templateHeaders(templatePath: string): Promise<string[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(templatePath)) as unknown as ArrayBuffer);
  return (book.worksheets[0].getRow(1).values as unknown[]).slice(1).map((v) => String(v ?? ''));
}

/** The first sheet of a downloaded .xlsx as objects keyed by the Chinese headers. */
export async function readDownload(download: Download): Promise<Record<string, unknown>[]> {
  const path = await download.path();
  const book = XLSX.read(await readFile(path), { type: 'buffer' });
  return XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]], { defval: '' });
}

/** The ProTable search form field with this label, inside `scope`. */
export const searchField = (scope: Locator, label: string) =>
  scope.locator('.ant-pro-query-filter .ant-form-item').filter({ hasText: label }).first();

/**
 * Clicks 查询 and waits for the answer it asks for. A console list (ContractTable) marks its call:
 * `data-list-state` (loading / idle) and `data-list-answered` (when its last answer arrived), and
 * every 查询 asks the server, so the new rows are there once the mark has moved on and the list is
 * idle. Waiting for a spinner or for "a" request instead could return before the search had begun
 * (a loaded machine renders late) or on another call's answer, and the old rows would be read as
 * the new ones. A table of its own (no mark) is waited for by its spinner.
 */
export async function runSearch(scope: Locator) {
  const button = scope.getByRole('button', { name: /查\s*询/ });
  const inside = scope.locator('[data-list-answered]', { has: button });
  const list = (await inside.count()) > 0 ? inside.last() : scope;
  const before = (await list.count()) === 1 ? await list.getAttribute('data-list-answered') : null;
  await button.click();
  if (before === null) return settle(scope);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [state, answered] = await Promise.all([
      list.getAttribute('data-list-state'),
      list.getAttribute('data-list-answered'),
    ]);
    if (state === 'idle' && answered !== before) break;
    if (Date.now() > deadline) throw new Error(`查询 got no answer within 15 s (list ${state})`);
    await scope.page().waitForTimeout(50);
  }
}

/** Waits until no table spinner is visible in `scope`. */
export async function settle(scope: Locator) {
  await scope
    .locator('.ant-table-wrapper .ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
  await scope.page().waitForTimeout(150);
}

export const rowsOf = (scope: Locator) => scope.locator('.ant-table-tbody tr.ant-table-row');
export const totalText = (scope: Locator) => scope.locator('.ant-pagination-total-text');

/** Waits for an antd message containing `text`. */
export const messageWith = (page: Page, text: string | RegExp) =>
  page.locator('.ant-message-notice', { hasText: text }).first().waitFor({ timeout: 15_000 });

/** Polls until `locator` matches `count` elements (lists refresh after writes). */
export async function expectCount(locator: Locator, count: number, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  let seen = await locator.count();
  while (seen !== count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} matches, saw ${seen}`);
    await new Promise((r) => setTimeout(r, 100));
    seen = await locator.count();
  }
}

/** Polls until an input shows `value`. */
export async function expectValue(locator: Locator, value: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  let seen = await locator.inputValue();
  while (seen !== value) {
    if (Date.now() > deadline) throw new Error(`expected the value ${value}, saw ${seen}`);
    await new Promise((r) => setTimeout(r, 100));
    seen = await locator.inputValue();
  }
}

/** A one-page PDF the upload accepts (magic bytes) and the PDF viewer renders. */
export const ONE_PAGE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Creates an elevator in 青秀区 through the API and returns its id. */
export async function createElevator(api: Api, registerCode: string, extra: Record<string, unknown> = {}) {
  const created = await api<{ id: number }>('POST', '/pc/elevator/save', {
    registerCode,
    type: 1,
    areaCode: '450103',
    address: `南宁市青秀区浏览器测试路 ${registerCode.slice(-3)} 号`,
    ...extra,
  });
  return created.id;
}

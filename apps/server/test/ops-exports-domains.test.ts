import * as XLSX from '@e965/xlsx';
import {
  API_PREFIX,
  adIntentionCalls,
  adPointCalls,
  adTaskCalls,
  type Call,
  EXPORT_PARAMS,
  EXPORT_QUEUED_MESSAGE,
  type ExportJob,
  equipmentCalls,
  gxgdOrderCalls,
  inspectionBillCalls,
  inspectionOrderCalls,
  inspectorCalls,
  technicalParamCalls,
} from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportWorker } from '../src/platform/exports.ts';
import { companyOfUser, q, secondOperator } from './ad-support.ts';
import { confirmedOrder } from './ad-tasks-support.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';

type Row = Record<string, string>;
type Input = Record<string, string | number | boolean>;

/** One list export by filter: who exports, with which filters, and who else (another organisation). */
interface Case {
  label: string;
  call: Call;
  owner: string;
  /** The other organisation's caller (resolved in beforeAll for the advertising ones). */
  other: () => string;
  input: () => Input;
  /** The other caller's filters when they name an organisation (default: the owner's). */
  otherInput?: () => Input;
  /** A column whose values tell the two organisations' rows apart (none: `otherInput` names them). */
  key?: string;
  /** The file's name when the call names it (the job keeps it). */
  fileName?: RegExp;
}

/**
 * The advertising and inspection exports by filter (issue 20): past the threshold parameter the call
 * answers 202 and queues a job whose file, once run, holds exactly the rows the synchronous export
 * gave the same caller with the same filters; another organisation's caller gets its own rows only,
 * in the background as well (the job reads the rows again in the caller's scope).
 */
describe.each(dbKinds)('advertising and inspection exports in the background on %s', (kind) => {
  let t: TestApp;
  let worker: ExportWorker;
  let second = '';
  const ids: Record<string, number> = {};

  const setThreshold = (value: number) =>
    q(
      t,
      `insert into sys_param (config_key, value, name) values ('${EXPORT_PARAMS.threshold.key}', '${value}', 'threshold')
       on conflict (config_key) do update set value = excluded.value`,
    );
  /** The call's path with `{id}` filled from the input, and the rest of the input. */
  const split = (call: Call, input: Input) => {
    const rest = { ...input };
    const path = call.path.replace(/\{(\w+)\}/g, (_m, k: string) => {
      const v = rest[k];
      delete rest[k];
      return String(v);
    });
    return { path, rest };
  };
  const call = async (token: string, c: Call, input: Input) => {
    const { path, rest } = split(c, input);
    const get = c.method === 'GET';
    const res = await t.inject({
      method: c.method as 'GET',
      url: `${API_PREFIX}${path}${get ? `?${new URLSearchParams(rest as Record<string, string>)}` : ''}`,
      headers: { authorization: `Bearer ${token}`, ...(get ? {} : { 'content-type': 'application/json' }) },
      payload: get ? undefined : JSON.stringify(rest),
    });
    return res;
  };
  const sheetRows = (payload: Buffer): Row[] => {
    const book = XLSX.read(payload, { type: 'buffer' });
    return XLSX.utils.sheet_to_json<Row>(book.Sheets[book.SheetNames[0]], { raw: false });
  };
  /** The synchronous export (the threshold is high): its rows. */
  const direct = async (token: string, c: Call, input: Input) => {
    const res = await call(token, c, input);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return sheetRows(res.rawPayload);
  };
  const download = (token: string, id: number) =>
    t.inject({
      method: 'GET',
      url: `/monitor/api/pc/exportJob/download/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
  /** Queues the export (202), runs the job and returns the job as finished and its file's rows. */
  const queued = async (token: string, c: Call, input: Input) => {
    const res = await call(token, c, input);
    const body = res.json<{ resultMsg: string; data: { job: ExportJob } }>();
    expect(res.statusCode, body.resultMsg).toBe(202);
    expect(body.resultMsg).toBe(EXPORT_QUEUED_MESSAGE);
    const { job } = body.data;
    await worker.tick();
    const [done] = await q<{ state: string; rows: number; error: string | null }>(
      t,
      `select state, rows, error from export_job where id = ${job.id}`,
    );
    expect(done, done.error ?? '').toMatchObject({ state: 'done' });
    const file = await download(token, job.id);
    expect(file.statusCode).toBe(200);
    return { job, rows: done.rows, sheet: sheetRows(file.rawPayload) };
  };

  const ad = (label: string, call: Call, key: string, input: () => Input = () => ({})): Case => ({
    label,
    call,
    owner: 'gg_admin1',
    other: () => second,
    input,
    key,
  });
  const cases: Case[] = [
    ad('广告点位', adPointCalls.export, '广告运营商', () => ({ medium: 2 })),
    ad('点位地图', adPointCalls.getPointAllExport, '广告运营商'),
    ad('投放日志', adTaskCalls.export, '日志编号'),
    ad('投放统计（按订单）', adTaskCalls.exportStat, '订单号', () => ({ by: 'order' })),
    ad('广电意向客户', adIntentionCalls.exportExcel, '意向编号'),
    ad('广电渠道意向单', gxgdOrderCalls.exportExcel, '意向编号'),
    {
      label: '超期未检电梯',
      call: inspectionOrderCalls.overdueLiftsExport,
      owner: 'jg_qingxiu',
      other: () => 'jg_liangqing',
      input: () => ({}),
      key: '所在区域',
    },
    {
      label: '检验账单',
      call: inspectionBillCalls.export,
      owner: 'jy_admin1',
      other: () => 'jy_admin2',
      input: () => ({}),
      key: '检验机构',
    },
    {
      label: '检验人员',
      call: inspectorCalls.export,
      owner: 'jy_admin1',
      other: () => 'jy_admin2',
      input: () => ({}),
      key: '检验机构',
    },
    {
      label: '检验设备',
      call: equipmentCalls.export,
      owner: 'jy_admin1',
      other: () => 'jy_admin2',
      input: () => ({}),
      key: '检验机构',
    },
    {
      label: '技术参数',
      call: technicalParamCalls.exportExcel,
      owner: 'jy_admin1',
      other: () => 'jy_admin2',
      input: () => ({ id: ids.jy1 }),
      otherInput: () => ({ id: ids.jy2 }),
      // 技术参数_<the organisation>_<date>.xlsx, not the generic 技术参数_<date>.xlsx.
      fileName: /^技术参数_[^_]+_\d{4}-\d{2}-\d{2}\.xlsx$/,
    },
  ];

  beforeAll(async () => {
    t = await startTestApp(kind);
    worker = new ExportWorker(t.platform);
    ids.jy1 = await companyOfUser(t, 'jy_admin1');
    ids.jy2 = await companyOfUser(t, 'jy_admin2');
    // jy_admin2's organisation bills a use unit too (the demo bills are jy_admin1's).
    const sy2 = await companyOfUser(t, 'sy_admin2');
    await q(
      t,
      `insert into inspection_bill (bill_no, org_id, use_unit_id, period_from, period_to)
       values ('ZDOTHER-1', ${ids.jy2}, ${sy2}, '2020-01-01', '2020-01-31'),
              ('ZDOTHER-2', ${ids.jy2}, ${sy2}, '2020-02-01', '2020-02-29')`,
    );
    // A second advertising operator with points, leads and install logs of its own.
    const op = await secondOperator(t, 3);
    second = op.username;
    await q(
      t,
      `insert into ad_intention (intention_no, company_id, customer_name, area_code)
       values ('YXOTHER1', ${op.companyId}, '另一运营商的意向客户甲', '450103'),
              ('YXOTHER2', ${op.companyId}, '另一运营商的意向客户乙', '450103')`,
    );
    await confirmedOrder(t, op.companyId, { points: 2, startDate: '2031-03-01', endDate: '2031-03-31' });
    await q(
      t,
      `insert into ad_task_log (task_id, operator_id, worker_id, photo_file_id)
       select k.id, k.operator_id, l.worker_id, l.photo_file_id from ad_task k,
         (select worker_id, photo_file_id from ad_task_log order by id limit 1) l
       where k.operator_id = ${op.companyId}`,
    );
  }, 180_000);
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  it.each(cases)(
    '$label: a large export is a job holding the synchronous rows; another organisation its own',
    async (c) => {
      const owner = await t.login(c.owner);
      const other = await t.login(c.other());
      const otherInput = (c.otherInput ?? c.input)();
      await setThreshold(1_000_000);
      const mine = await direct(owner, c.call, c.input());
      const theirs = await direct(other, c.call, otherInput);
      expect(mine.length, 'the owner has rows to export').toBeGreaterThan(0);
      expect(theirs.length, 'the other organisation has rows to export').toBeGreaterThan(0);
      if (c.key) {
        const keys = (rows: Row[]) => new Set(rows.map((r) => r[c.key!]));
        expect(
          [...keys(theirs)].filter((k) => keys(mine).has(k)),
          'rows of both organisations',
        ).toEqual([]);
      }

      // Below both callers' counts: each call is a job, read again in its caller's scope.
      await setThreshold(Math.min(mine.length, theirs.length) - 1);
      const ownJob = await queued(owner, c.call, c.input());
      expect(ownJob.job).toMatchObject({ name: c.label, totalRows: mine.length });
      expect(ownJob.rows).toBe(mine.length);
      expect(ownJob.sheet).toEqual(mine);
      if (c.fileName) expect(ownJob.job.fileName).toMatch(c.fileName);
      const otherJob = await queued(other, c.call, otherInput);
      expect(otherJob.job.totalRows).toBe(theirs.length);
      expect(otherJob.sheet).toEqual(theirs);
      if (c.otherInput) {
        // The other organisation cannot queue the owner's: refused before any job.
        expect((await call(other, c.call, c.input())).statusCode).toBe(404);
      }
      await setThreshold(EXPORT_PARAMS.threshold.fallback);
    },
  );
});

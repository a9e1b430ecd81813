import {
  type InspectionReportDetail,
  type InspectionResultRow,
  type InspectionWorkTask,
  REPORT_PERMISSIONS,
} from '@ec/contract';
import { describe, expect, it } from 'vitest';
import { INSPECT_PERMISSION, mayInspect } from '../../app/guard.tsx';
import { ApiError } from '../../lib/api.ts';
import {
  changedItems,
  conclusionLines,
  entriesOf,
  fieldsOf,
  fieldsToSave,
  groupTasks,
  isStale,
  keepUnsaved,
  problemsOf,
  progressOf,
  resultsToSave,
  signBlockers,
} from './logic.ts';

const row = (itemId: number, extra: Partial<InspectionResultRow> = {}): InspectionResultRow => ({
  itemId,
  code: `1.${itemId}`,
  category: '机房',
  name: `项目${itemId}`,
  keyItem: false,
  result: null,
  remark: null,
  photoFileIds: [],
  ...extra,
});

function report(over: Partial<InspectionReportDetail> = {}): InspectionReportDetail {
  return {
    id: 5,
    reportNo: 'BG202611-000001-1',
    orderId: 9,
    orderNo: 'JY202611-000001',
    attempt: 1,
    kindLabel: '定期检验',
    state: 'inspecting',
    stateLabel: '检验中',
    elevatorId: 1,
    registerCode: '31104501002024000001',
    address: '南宁市青秀区民族大道 1 号',
    orgId: 2,
    orgName: null,
    useUnitId: 3,
    useUnitName: null,
    inspectorNames: '张三',
    conclusion: null,
    inspectedOn: '2026-11-26',
    rectificationDeadline: null,
    nextInspectionDate: null,
    signedAt: null,
    pushedAt: null,
    issuedAt: null,
    version: 4,
    remark: null,
    pdfRemark: null,
    instruments: [{ id: 7, name: '钳形电流表', serialNo: 'A1', validUntil: '2027-01-01' }],
    inspectors: [],
    reviewer: null,
    results: [],
    originalRecordFileId: null,
    closedAt: null,
    ...over,
  };
}

const task = (orderId: number, due: InspectionWorkTask['due']): InspectionWorkTask => ({
  orderId,
  orderNo: `JY${orderId}`,
  orderState: 'distributed',
  orderStateLabel: '已分配',
  reportId: null,
  reportNo: null,
  attempt: 1,
  reportState: null,
  reportStateLabel: null,
  elevatorId: orderId,
  registerCode: `R${orderId}`,
  elevatorName: null,
  address: '地址',
  varietyName: null,
  useUnitName: null,
  plannedDate: null,
  due,
  recorded: null,
  total: null,
});

describe('the inspector’s phone page', () => {
  it('is opened with the contract’s report edit permission (or all)', () => {
    expect(INSPECT_PERMISSION).toBe(REPORT_PERMISSIONS.edit);
    expect(mayInspect(['inspection:report:edit'])).toBe(true);
    expect(mayInspect(['*:*:*'])).toBe(true);
    expect(mayInspect(['inspection:report:list', 'maintenance:order:work'])).toBe(false);
  });

  it('saves only the items edited since the last save, each with its result, remark and photos', () => {
    const items = [row(1, { result: '符合' }), row(2), row(3, { result: '不符合', remark: '锈蚀' })];
    const entries = entriesOf(items);
    expect(changedItems(items, entries)).toEqual([]);
    expect(resultsToSave(items, entries)).toEqual([]);
    entries[2] = { result: '无此项', remark: '  ', photoFileIds: [] };
    entries[3] = { ...entries[3], photoFileIds: ['f1'] };
    expect(resultsToSave(items, entries)).toEqual([
      { itemId: 2, result: '无此项', photoFileIds: [] },
      { itemId: 3, result: '不符合', remark: '锈蚀', photoFileIds: ['f1'] },
    ]);
    // Only whitespace added to a remark is no change.
    entries[3] = { ...entries[3], photoFileIds: [], remark: '锈蚀 ' };
    expect(changedItems(items, entries).map((i) => i.itemId)).toEqual([2]);
  });

  it('refuses a 不符合 without its description, and an edit without a result', () => {
    const items = [row(1, { keyItem: true }), row(2)];
    const entries = entriesOf(items);
    entries[1] = { result: '不符合', remark: '', photoFileIds: ['p'] };
    entries[2] = { result: null, remark: '看不清', photoFileIds: [] };
    expect(problemsOf(items, entries)).toEqual([
      '1.1 项目1：不符合，请填写不符合情况',
      '1.2 项目2：请先选择检验结果',
    ]);
    entries[1].remark = '制动器间隙超标';
    entries[2].result = '符合';
    expect(problemsOf(items, entries)).toEqual([]);
  });

  it('counts progress and the non-conformities, key items apart, from the entries', () => {
    const items = [row(1, { keyItem: true }), row(2, { result: '不符合' }), row(3)];
    const entries = entriesOf(items);
    entries[1] = { result: '不符合', remark: 'x', photoFileIds: [] };
    expect(progressOf(items, entries)).toEqual({ done: 2, total: 3, failed: 2, keyFailed: 1 });
  });

  it('after a refused save keeps its own edits over the results saved meanwhile', () => {
    const before = [row(1, { result: '符合' }), row(2, { result: '符合' }), row(3)];
    const entries = entriesOf(before);
    entries[2] = { result: '不符合', remark: '门锁失效', photoFileIds: ['p1'] };
    const now = [
      row(1, { result: '无此项' }),
      row(2, { result: '符合', remark: '另一台手机' }),
      row(3, { result: '符合' }),
    ];
    const kept = keepUnsaved(before, entries, now);
    expect(kept[1]).toEqual({ result: '无此项', remark: '', photoFileIds: [] });
    expect(kept[2]).toEqual({ result: '不符合', remark: '门锁失效', photoFileIds: ['p1'] });
    expect(kept[3].result).toBe('符合');
    expect(changedItems(now, kept).map((i) => i.itemId)).toEqual([2]);
  });

  it('saves the date and instruments only when they changed', () => {
    const r = report();
    const f = fieldsOf(r, '2026-11-26');
    expect(f).toEqual({ inspectedOn: '2026-11-26', instrumentIds: [7] });
    expect(fieldsToSave(r, f)).toBeNull();
    expect(fieldsToSave(r, { ...f, instrumentIds: [7, 8] })).toEqual({ instrumentIds: [7, 8] });
    expect(fieldsToSave(r, { ...f, inspectedOn: '2026-11-25' })).toEqual({ inspectedOn: '2026-11-25' });
    expect(fieldsOf(null, '2026-11-26')).toEqual({ inspectedOn: '2026-11-26', instrumentIds: [] });
  });

  it('names what stops the signature: no report, unsaved edits, pending items, a future date, no instrument', () => {
    const today = '2026-11-26';
    const items = [row(1, { result: '符合' }), row(2)];
    const entries = entriesOf(items);
    expect(signBlockers({ report: null, items, entries, fields: fieldsOf(null, today), today })).toEqual([
      '请先录入并保存检验结果',
    ]);
    const r = report();
    expect(signBlockers({ report: r, items, entries, fields: fieldsOf(r, today), today })).toEqual([
      '尚有 1 个项目未录入结果',
    ]);
    entries[2] = { result: '符合', remark: '', photoFileIds: [] };
    expect(
      signBlockers({
        report: r,
        items,
        entries,
        fields: { inspectedOn: '2026-11-27', instrumentIds: [] },
        today,
      }),
    ).toEqual([
      '有未保存的修改，请先保存',
      '检验日期晚于今天，请在现场检验后再签字',
      '请选择本次使用的检验设备',
    ]);
    const done = [row(1, { result: '符合' }), row(2, { result: '无此项' })];
    expect(
      signBlockers({ report: r, items: done, entries: entriesOf(done), fields: fieldsOf(r, today), today }),
    ).toEqual([]);
    expect(
      signBlockers({
        report: report({ state: 'signed', stateLabel: '已签字' }),
        items: done,
        entries: entriesOf(done),
        fields: fieldsOf(r, today),
        today,
      }),
    ).toEqual(['报告已签字，不能再签字']);
  });

  it('shows the server’s conclusion: the signed report’s, else the preview of the saved results', () => {
    expect(conclusionLines(null, null, false).conclusion).toBeNull();
    const preview = {
      ok: true,
      conclusion: '不合格' as const,
      message: null,
      nonConformities: 2,
      keyNonConformities: 1,
      rectificationDeadline: '2026-12-10',
      nextInspectionDate: null,
      onDate: '2026-11-26',
    };
    expect(conclusionLines(report(), preview, true)).toEqual({
      conclusion: '不合格',
      lines: [
        '不符合 2 项（关键项目 1 项）',
        '整改期限：2026-12-10 前',
        '（按已保存的结果，未含尚未保存的修改）',
      ],
    });
    const pending = { ...preview, ok: false, conclusion: null, message: '尚有 3 个检验项目未录入结果：…' };
    expect(conclusionLines(report(), pending, false)).toEqual({
      conclusion: null,
      lines: ['尚有 3 个检验项目未录入结果：…'],
    });
    const signed = report({
      state: 'signed',
      conclusion: '复检合格',
      nextInspectionDate: '2027-11-20',
    });
    expect(conclusionLines(signed, preview, false)).toEqual({
      conclusion: '复检合格',
      lines: ['下次检验日期：2027-11-20'],
    });
  });

  it('groups the lifts today, upcoming, overdue, signed, leaving empty groups out', () => {
    const groups = groupTasks([task(1, 'overdue'), task(2, 'today'), task(3, 'signed'), task(4, 'today')]);
    expect(groups.map((g) => [g.title, g.tasks.map((t) => t.orderId)])).toEqual([
      ['今日检验', [2, 4]],
      ['已逾期', [1]],
      ['已签字 · 待机构推送', [3]],
    ]);
    expect(groupTasks([])).toEqual([]);
  });

  it('treats a 409 as a stale write, nothing else', () => {
    expect(isStale(new ApiError('已被他人修改', 409))).toBe(true);
    expect(isStale(new ApiError('bad', 400))).toBe(false);
    expect(isStale(new Error('x'))).toBe(false);
  });
});

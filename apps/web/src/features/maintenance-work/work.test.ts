import { type MaintenanceOrderDetail, ORDER_PERMISSIONS } from '@ec/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { mayWork, WORK_PERMISSION } from '../../app/guard.tsx';
import { locateMessage } from '../../lib/geo.ts';
import { dataUrlToBlob } from '../../lib/photo.ts';
import {
  formOf,
  localKey,
  newPart,
  problemsOf,
  progressOf,
  readLocal,
  startingPoint,
  type WorkForm,
  writeLocal,
} from './draft.ts';

const item = (
  itemId: number | null,
  seq: number,
  extra: Partial<MaintenanceOrderDetail['items'][number]> = {},
) => ({
  itemId,
  seq,
  name: `项目${seq}`,
  kind: 1,
  kindLabel: '半月保养',
  requirement: null,
  measured: false,
  unit: null,
  result: null,
  value: null,
  note: null,
  ...extra,
});

function order(over: Partial<MaintenanceOrderDetail> = {}): MaintenanceOrderDetail {
  return {
    id: 7,
    orderNo: 'WB0007',
    elevatorId: 1,
    registerCode: '31104501002024000001',
    elevatorName: null,
    address: '南宁市青秀区民族大道 1 号',
    areaCode: '450103',
    kind: 1,
    kindLabel: '半月保养',
    status: 1,
    statusLabel: '已签到',
    planDate: '2026-03-02',
    signInTime: '2026-03-02 09:00:00',
    signOutTime: null,
    durationMinutes: null,
    workers: ['张三'],
    maintenanceCompanyId: 1,
    maintenanceCompanyName: null,
    useCompanyId: null,
    useCompanyName: null,
    findingCount: 0,
    late: false,
    correctsOrderId: null,
    version: 3,
    templateName: null,
    templateVersion: 1,
    items: [
      item(11, 1),
      item(12, 2, { measured: true, unit: 'mm', result: '正常', value: '7' }),
      item(null, 3),
    ],
    parts: [],
    photos: [],
    requiredPhotos: ['机房', '轿顶'],
    signInDistanceM: 12,
    signOutDistanceM: null,
    submitTime: null,
    workerSignatureFileId: null,
    remark: null,
    confirmedBy: null,
    confirmTime: null,
    confirmSignatureFileId: null,
    confirmRemark: null,
    auditedBy: null,
    auditTime: null,
    auditRemark: null,
    redoneByOrderId: null,
    contentHash: null,
    chainHash: null,
    findings: [],
    latitude: 22.8,
    longitude: 108.3,
    ...over,
  };
}

describe('the worker page permission', () => {
  it('is the contract’s, and the wildcard holds it', () => {
    expect(WORK_PERMISSION).toBe(ORDER_PERMISSIONS.work);
    expect(mayWork([ORDER_PERMISSIONS.work])).toBe(true);
    expect(mayWork(['*:*:*'])).toBe(true);
    expect(mayWork([ORDER_PERMISSIONS.list, ORDER_PERMISSIONS.confirm])).toBe(false);
  });
});

describe('the work form', () => {
  it('sends answered items only, with a value where measured and a note where the result needs one', () => {
    const o = order();
    const form: WorkForm = {
      ...formOf(o),
      items: {
        '11': { result: '异常', value: 'x', note: ' 门锁触点烧蚀 ' },
        '12': { result: '正常', value: ' 7.5 ', note: 'dropped' },
        'seq-3': { result: '正常', value: '', note: '' },
      },
      parts: [
        { ...newPart(), name: '门锁触点', model: '', quantity: '2' },
        { ...newPart(), name: '', model: '', quantity: '1' },
        { ...newPart(), name: '半截', model: 'X', quantity: '' },
      ],
      remark: '  ',
    };
    const p = progressOf(form, o);
    expect(p.items).toEqual([
      { itemId: 11, result: '异常', value: null, note: '门锁触点烧蚀' },
      { itemId: 12, result: '正常', value: '7.5', note: null },
    ]);
    expect(p.parts).toEqual([{ name: '门锁触点', model: null, quantity: 2 }]);
    expect(p.remark).toBeNull();
    // The second worker is sent only once chosen here (null: none).
    expect('coworkerId' in p).toBe(false);
    expect(progressOf({ ...form, coworkerId: null }, o).coworkerId).toBeNull();
    expect(progressOf({ ...form, coworkerId: 9 }, o).coworkerId).toBe(9);
  });

  it('lists what stops the submission', () => {
    const o = order();
    const blank = formOf(o);
    const problems = problemsOf(
      { ...blank, parts: [{ ...newPart(), name: '', model: 'M1', quantity: '1' }] },
      o,
    );
    expect(problems).toEqual([
      '还有 1 个维保项目未填写结果',
      '请拍摄照片：机房、轿顶',
      '更换的配件请填写名称（或删除空行）',
      '请维保人员在签名区签名',
    ]);
    const full: WorkForm = {
      ...blank,
      items: {
        ...blank.items,
        '11': { result: '已调整', value: '', note: '' },
        '12': { result: '正常', value: '', note: '' },
      },
      photos: [
        { fileId: 'a', label: '机房' },
        { fileId: 'b', label: '轿顶' },
      ],
      signature: 'data:image/png;base64,AAAA',
    };
    expect(problemsOf(full, o)).toEqual(['「项目1」已调整，请填写说明', '「项目2」请填写测量值']);
    expect(problemsOf({ ...full, signature: null }, o, { signature: false })).toHaveLength(2);
  });
});

describe('the copy on the phone', () => {
  beforeEach(() => window.localStorage.clear());

  it('is restored when no answer changed the order after it, else the server’s record wins', () => {
    const o = order();
    const key = localKey(5, o.id);
    const typed: WorkForm = {
      ...formOf(o),
      remark: '本机输入',
      items: { '11': { result: '正常', value: '', note: '' }, gone: { result: '正常', value: '', note: '' } },
    };
    expect(writeLocal(key, { form: typed, baseVersion: 3, step: 2, savedAt: 1 })).toBe(true);
    const same = startingPoint(o, readLocal(key));
    expect(same.restored).not.toBeNull();
    expect(same.step).toBe(2);
    expect(same.form.remark).toBe('本机输入');
    expect(same.form.items['11'].result).toBe('正常');
    // The server's answer for an item the copy does not name stays; an item not in the order goes.
    expect(same.form.items['12'].value).toBe('7');
    expect(same.form.items.gone).toBeUndefined();

    const newer = startingPoint(order({ version: 4, remark: '服务器' }), readLocal(key));
    expect(newer.restored).toBeNull();
    expect(newer.form.remark).toBe('服务器');

    // A reload while a save was on its way: the next version is that save, the copy holds more.
    writeLocal(key, { form: typed, baseVersion: 3, step: 1, savedAt: 2, inFlight: true });
    expect(startingPoint(order({ version: 4 }), readLocal(key)).restored).not.toBeNull();
    expect(startingPoint(order({ version: 5 }), readLocal(key)).restored).toBeNull();
  });

  it('is per user and order, and ignores what it cannot read', () => {
    expect(localKey(5, 7)).not.toBe(localKey(6, 7));
    window.localStorage.setItem(localKey(5, 7), '{not json');
    expect(readLocal(localKey(5, 7))).toBeNull();
  });
});

describe('helpers', () => {
  it('turns a data URL into its bytes', async () => {
    const blob = dataUrlToBlob('data:image/png;base64,AAEC');
    expect(blob.type).toBe('image/png');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0, 1, 2]);
  });
  it('says in Chinese why the position is missing', () => {
    expect(locateMessage(1)).toMatch(/定位权限被拒绝/);
    expect(locateMessage(3)).toMatch(/定位超时/);
    expect(locateMessage(2)).toMatch(/无法获取当前位置/);
  });
});

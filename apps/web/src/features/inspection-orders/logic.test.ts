import { describe, expect, it } from 'vitest';
import {
  actionsFor,
  applyWindowOf,
  attachmentFilesOf,
  attachmentsInput,
  liftSearch,
  type OrderRights,
} from './logic.ts';
import { orderSort } from './OrderTable.tsx';

const none: OrderRights = { apply: false, accept: false, charge: false, distribute: false };
const useUnit: OrderRights = { ...none, apply: true };
const org: OrderRights = { apply: false, accept: true, charge: true, distribute: true };
const file = (id: string, fileName = `${id}.pdf`) => ({ id, fileName });

describe('applyWindowOf', () => {
  it('opens 30 days before the next-inspection date and closes after it', () => {
    expect(applyWindowOf('2026-12-31', '2026-11-30')).toMatchObject({ kind: 'early', opens: '2026-12-01' });
    expect(applyWindowOf('2026-12-31', '2026-12-01')).toMatchObject({ kind: 'open', opens: '2026-12-01' });
    expect(applyWindowOf('2026-12-31', '2026-12-31').kind).toBe('open');
    expect(applyWindowOf('2026-12-31', '2027-01-01').kind).toBe('overdue');
  });
  it('counts across a leap day', () => {
    expect(applyWindowOf('2028-03-15', '2028-02-14')).toMatchObject({ kind: 'open', opens: '2028-02-14' });
    expect(applyWindowOf('2028-03-15', '2028-02-13').kind).toBe('early');
  });
  it('says a lift without a next-inspection date cannot be applied for', () => {
    expect(applyWindowOf(null, '2026-12-01')).toMatchObject({ kind: 'none' });
  });
});

describe('actionsFor', () => {
  it('lets the use unit withdraw an open application and correct a returned one', () => {
    expect(actionsFor('applied', useUnit)).toEqual(['cancel']);
    expect(actionsFor('returned', useUnit)).toEqual(['reapply', 'cancel']);
    expect(actionsFor('accepted', useUnit)).toEqual([]);
  });
  it('offers the organisation the next step of each state only', () => {
    expect(actionsFor('applied', org)).toEqual(['accept', 'sendBack', 'close', 'remark']);
    expect(actionsFor('accepted', org)).toEqual(['quote', 'close', 'remark']);
    expect(actionsFor('quoted', org)).toEqual(['quote', 'notice', 'close', 'remark']);
    expect(actionsFor('noticed', org, 'unpaid')).toEqual(['payment', 'distribute', 'close', 'remark']);
    expect(actionsFor('noticed', org, 'paid')).toEqual(['distribute', 'close', 'remark']);
    expect(actionsFor('distributed', org, 'exempt')).toEqual(['distribute', 'close', 'remark']);
    expect(actionsFor('reported', org, 'paid')).toEqual(['remark']);
    expect(actionsFor('cancelled', org)).toEqual(['remark']);
  });
  it('shows nothing to a reader (a regulator or an inspector)', () => {
    for (const s of ['applied', 'accepted', 'quoted', 'noticed', 'distributed'] as const)
      expect(actionsFor(s, none, 'unpaid')).toEqual([]);
  });
  it('splits the organisation’s buttons by permission', () => {
    expect(actionsFor('noticed', { ...none, distribute: true }, 'unpaid')).toEqual(['distribute']);
    expect(actionsFor('accepted', { ...none, charge: true })).toEqual(['quote']);
  });
});

describe('attachments', () => {
  it('sends ids, the required kinds always, the optional ones only when given', () => {
    const input = attachmentsInput({
      applicationForm: [file('a1'), file('a2')],
      maintenanceContract: [file('m1')],
      selfCheckReport: [],
      safetyOfficerCert: [],
      useRegistrationCert: [file('u1')],
    });
    expect(input).toEqual({
      applicationForm: ['a1', 'a2'],
      maintenanceContract: ['m1'],
      selfCheckReport: [],
      useRegistrationCert: ['u1'],
    });
  });
  it('turns an order’s attachments back into upload lists (a nameless file is 附件)', () => {
    expect(
      attachmentFilesOf({
        attachments: [
          {
            key: 'applicationForm',
            label: '申请表',
            required: true,
            files: [{ id: 'x', name: '申请表.pdf' }],
          },
          {
            key: 'safetyOfficerCert',
            label: '安全管理员证',
            required: false,
            files: [{ id: 'y', name: null }],
          },
        ],
      }),
    ).toEqual({
      applicationForm: [{ id: 'x', fileName: '申请表.pdf' }],
      safetyOfficerCert: [{ id: 'y', fileName: '附件' }],
    });
  });
});

describe('orderSort', () => {
  it('maps the table sorter to the list call’s sort and order', () => {
    expect(orderSort({ field: 'appliedAt', order: 'ascend' })).toEqual({ sort: 'appliedAt', order: 'asc' });
    expect(orderSort([{ field: 'plannedDate', order: 'descend' }])).toEqual({
      sort: 'plannedDate',
      order: 'desc',
    });
    expect(orderSort({ field: 'appliedAt', order: undefined })).toEqual({});
  });
});

describe('liftSearch', () => {
  it('searches a register code by prefix and words in the address', () => {
    expect(liftSearch(' 31104501 ')).toEqual({ registerCode: '31104501' });
    expect(liftSearch('民族大道')).toEqual({ keyword: '民族大道' });
    expect(liftSearch('1 号楼')).toEqual({ keyword: '1 号楼' });
    expect(liftSearch('  ')).toEqual({});
  });
});

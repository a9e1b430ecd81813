import type { BatchRecreateResult } from '@ec/contract';
import { describe, expect, it } from 'vitest';
import {
  batchable,
  type ReportRights,
  recreateSummary,
  reportActionsFor,
  reportSideOf,
  sizeText,
  splitSelection,
} from './logic.ts';

const all: ReportRights = { edit: true, push: true };
const readOnly: ReportRights = { edit: false, push: false };
const row = (state: 'inspecting' | 'signed' | 'pushed' | 'closed', conclusion: string | null = null) => ({
  state,
  conclusion: conclusion as never,
});

describe('reportSideOf', () => {
  it('tells the organisation, its inspector, the use unit, a regulator and the platform apart', () => {
    expect(reportSideOf({ userType: 'inspection', dataScope: 'company', companyId: 5 } as never)).toBe(
      'organization',
    );
    expect(reportSideOf({ userType: 'inspector', dataScope: 'self', companyId: 5 } as never)).toBe(
      'inspector',
    );
    expect(reportSideOf({ userType: 'use_unit', dataScope: 'company', companyId: 9 } as never)).toBe(
      'useUnit',
    );
    expect(reportSideOf({ userType: 'regulator', dataScope: 'area', companyId: null } as never)).toBe(
      'regulator',
    );
    expect(reportSideOf({ userType: 'platform', dataScope: 'all', companyId: null } as never)).toBe(
      'platform',
    );
    expect(reportSideOf({ userType: 'safety_officer', dataScope: 'self', companyId: 9 } as never)).toBe(
      'useUnit',
    );
    expect(reportSideOf(null)).toBe('platform');
  });
});

describe('reportActionsFor', () => {
  it('offers the organisation plan, remark and close while inspecting, push once signed', () => {
    expect(reportActionsFor(row('inspecting'), 'organization', all)).toEqual([
      'plan',
      'remark',
      'close',
      'records',
    ]);
    expect(reportActionsFor(row('signed', '合格'), 'organization', all)).toEqual([
      'remark',
      'push',
      'close',
      'upload',
      'pdf',
      'records',
    ]);
  });
  it('offers a re-inspection only on a pushed failure', () => {
    expect(reportActionsFor(row('pushed', '不合格'), 'organization', all)).toContain('reinspect');
    expect(reportActionsFor(row('pushed', '复检不合格'), 'organization', all)).toContain('reinspect');
    expect(reportActionsFor(row('pushed', '合格'), 'organization', all)).not.toContain('reinspect');
    expect(reportActionsFor(row('pushed', '复检合格'), 'organization', all)).toEqual([
      'upload',
      'pdf',
      'records',
    ]);
  });
  it('gives the inspector the signature, never the organisation’s moves', () => {
    const a = reportActionsFor(row('inspecting'), 'inspector', all);
    expect(a).toEqual(['signature', 'remark', 'records']);
    expect(reportActionsFor(row('signed', '合格'), 'inspector', all)).toEqual(['remark', 'pdf', 'records']);
  });
  it('lets use units and regulators read only, and a closed report offers nothing to write', () => {
    expect(reportActionsFor(row('pushed', '合格'), 'useUnit', all)).toEqual(['pdf', 'records']);
    expect(reportActionsFor(row('pushed', '不合格'), 'regulator', readOnly)).toEqual(['pdf', 'records']);
    expect(reportActionsFor(row('closed'), 'organization', all)).toEqual(['records']);
    expect(reportActionsFor(row('signed', '合格'), 'organization', readOnly)).toEqual(['pdf', 'records']);
  });
});

describe('batches', () => {
  const rows = [
    { reportNo: 'BG1-1', state: 'inspecting' as const, conclusion: null },
    { reportNo: 'BG2-1', state: 'signed' as const, conclusion: '合格' as const },
    { reportNo: 'BG3-1', state: 'pushed' as const, conclusion: '不合格' as const },
    { reportNo: 'BG4-1', state: 'closed' as const, conclusion: null },
  ];
  it('takes the rows each batch allows and names the rest', () => {
    expect(splitSelection(rows, batchable.edit)).toEqual({
      taken: [rows[0]],
      skipped: ['BG2-1', 'BG3-1', 'BG4-1'],
    });
    expect(splitSelection(rows, batchable.recreate).taken.map((r) => r.reportNo)).toEqual(['BG2-1', 'BG3-1']);
    expect(splitSelection(rows, batchable.close).skipped).toEqual(['BG3-1', 'BG4-1']);
  });
  it('sums up a regeneration', () => {
    const res = (oks: boolean[]): BatchRecreateResult => ({
      recreated: oks.filter(Boolean).length,
      results: oks.map((ok, i) => ({
        id: i,
        reportNo: `BG${i}`,
        ok,
        bytes: ok ? 2048 : null,
        message: ok ? null : '失败',
      })),
    });
    expect(recreateSummary(res([true, true]))).toBe('已重新生成 2 份报告');
    expect(recreateSummary(res([true, false, false]))).toBe('已重新生成 1 份报告，2 份未能生成');
  });
  it('prints sizes', () => {
    expect(sizeText(null)).toBe('—');
    expect(sizeText(100)).toBe('1 KB');
    expect(sizeText(300 * 1024)).toBe('300 KB');
    expect(sizeText(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});

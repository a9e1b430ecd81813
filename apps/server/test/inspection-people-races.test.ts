import {
  type DepartmentRow,
  departmentCalls,
  type InspectorAuditRow,
  type InspectorDetail,
  inspectorCalls,
  type Page,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { CallProber } from './scope-sweep.ts';

/**
 * The people's write rules under 50 concurrent requests (at once on PostgreSQL; one by one on
 * PGlite): one live inspector per certificate number (the partial unique index), one department of
 * a name per organisation (the unique index), one decision per audit case (the workflow's
 * conditional UPDATE).
 */
const N = 50;

describe.each(dbKinds)('inspection people under %s with 50 concurrent requests', (kind) => {
  let t: TestApp;
  let ins: CallProber<typeof inspectorCalls>;
  let dep: CallProber<typeof departmentCalls>;
  const statuses = (results: { status: number }[]) => {
    const count: Record<number, number> = {};
    for (const r of results) count[r.status] = (count[r.status] ?? 0) + 1;
    return count;
  };
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));

  beforeAll(async () => {
    t = await startTestApp(kind);
    ins = new CallProber(t, inspectorCalls);
    dep = new CallProber(t, departmentCalls);
    await ins.signIn(['jy_admin1', 'jy_admin2']);
    await dep.signIn(['jy_admin1']);
  }, 120_000);
  afterAll(() => t?.close());

  it('registers a certificate number once, whichever organisation asks', async () => {
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        ins.send(i % 2 ? 'jy_admin2' : 'jy_admin1', 'add', {
          name: `并发${i}`,
          certNo: 'TS-RACE-0001',
          category: 'DTY',
          validUntil: '2031-01-01',
        }),
      ),
    );
    expect(statuses(results)).toEqual({ 200: 1, 409: N - 1 });
    const [row] = await query<{ n: number; cases: number }>(
      `select count(*)::int as n,
        (select count(*)::int from audit_record a where a.kind = 'inspection-inspector'
          and a.subject_id in (select id::text from inspection_inspector where cert_no = 'TS-RACE-0001')) as cases
       from inspection_inspector where cert_no = 'TS-RACE-0001' and deleted_at is null`,
    );
    expect(row).toEqual({ n: 1, cases: 1 });
  });

  it('names a department once per organisation', async () => {
    const results = await Promise.all(
      Array.from({ length: N }, () => dep.send('jy_admin1', 'add', { name: '并发部门' })),
    );
    expect(statuses(results)).toEqual({ 200: 1, 409: N - 1 });
    const list = (await dep.send<Page<DepartmentRow>>('jy_admin1', 'query', { name: '并发部门' })).body.data;
    expect(list.total).toBe(1);
  });

  it('decides an audit case once', async () => {
    const added = (
      await ins.send<InspectorDetail>('jy_admin1', 'add', {
        name: '并发审核',
        certNo: 'TS-RACE-0002',
        category: 'DTS',
        validUntil: '2031-01-01',
      })
    ).body.data;
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        ins.send<InspectorAuditRow>('jy_admin1', i % 2 ? 'auditPass' : 'auditReject', {
          auditId: added.auditId,
        }),
      ),
    );
    expect(statuses(results)).toEqual({ 200: 1, 409: N - 1 });
    const [row] = await query<{ steps: number }>(
      `select count(*)::int as steps from audit_history where audit_id = ${added.auditId}`,
    );
    expect(row.steps).toBe(2);
  });
});

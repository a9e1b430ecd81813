import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_PER_HOUR, sendPendingSms } from '../src/modules/operations/notices.ts';
import { rowsOf } from '../src/platform/db/sql.ts';
import { notify } from '../src/platform/notify.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';

type Page<T> = { records: T[]; total: number };
interface Notice {
  id: number;
  kind: string;
  title: string;
  body: string | null;
  read: boolean;
}

/**
 * The message centre (issue 20): a submission for review reaches the reviewers of its district (the
 * rule's roles, within their data scope) and nobody else; a decision reaches its applicant; each user
 * reads and clears only their own; the administrator's rules decide who gets a kind and whether it is
 * texted (rate-limited per user and hour).
 */
describe.each(dbKinds)('message centre on %s', (kind) => {
  let t: TestApp;
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));
  const notices = (token: string, q: Record<string, string | number | boolean> = {}) =>
    t.api<Page<Notice>>('GET', '/pc/notice/query', { token, query: { page: 1, limit: 50, ...q } });
  const unread = (token: string) =>
    t.api<{ total: number; byKind: Record<string, number> }>('GET', '/pc/notice/unread', { token });
  /** Lifts of a district that nobody maintains or claims. */
  const freeLifts = (area: string, n: number) =>
    query<{ id: number }>(`select e.id from elevator e where e.area_code = '${area}'
      and e.maintenance_company_id is null
      and not exists (select 1 from elevator_claim c where c.elevator_id = e.id and c.claim_type = 'maintenance')
      order by e.id limit ${n}`);
  const claim = async (token: string, ids: number[]) =>
    expect((await t.api('POST', '/pc/elevator/claim', { token, body: { ids } })).status).toBe(200);

  beforeAll(async () => {
    t = await startTestApp(kind);
  }, 180_000);
  afterAll(() => t?.close());

  it('tells the district’s reviewers of a claim, and its applicant of the decision', async () => {
    const company = await t.login('wb_admin1');
    const reviewer = await t.login('jg_qingxiu');
    const otherDistrict = await t.login('jg_jiangnan');
    const before = (await unread(reviewer)).body.data.total;
    const otherBefore = (await notices(otherDistrict)).body.data.total;
    const companyBefore = (await notices(company, { kind: 'review' })).body.data.total;
    const [lift] = await freeLifts('450103', 1);
    await claim(company, [lift.id]);

    const mine = (await notices(reviewer, { kind: 'review', read: false })).body.data.records;
    expect(mine[0]).toMatchObject({ kind: 'review', title: '电梯认领待审核', read: false });
    expect((await unread(reviewer)).body.data.total).toBe(before + 1);
    expect((await notices(otherDistrict)).body.data.total).toBe(otherBefore);
    // The administrator (all data) is told too; the applicant's company is not a reviewer.
    expect((await notices(await t.login('admin'), { kind: 'review' })).body.data.records[0].title).toBe(
      '电梯认领待审核',
    );
    expect((await notices(company, { kind: 'review' })).body.data.total).toBe(companyBefore);

    const [c] = await query<{ id: number }>(
      `select id from audit_record where kind = 'elevator-claim' and subject_id = (
        select id::text from elevator_claim where elevator_id = ${lift.id} and claim_type = 'maintenance')`,
    );
    const decided = await t.api('POST', '/pc/elevatorClaim/auditReject', {
      token: reviewer,
      body: { auditId: c.id, auditDescription: '维保合同未上传' },
    });
    expect(decided.status, decided.body.resultMsg).toBe(200);
    const told = (await notices(company, { kind: 'review' })).body.data;
    expect(told.total).toBe(companyBefore + 1);
    expect(told.records[0]).toMatchObject({ title: '电梯认领未通过', body: '维保合同未上传' });
    // The reviewer is not told of their own decision.
    expect((await notices(reviewer, { kind: 'review' })).body.data.records[0].title).toBe('电梯认领待审核');
  });

  it('marks only the user’s own messages read, one by one or all of a kind', async () => {
    const reviewer = await t.login('jg_qingxiu');
    const company = await t.login('wb_admin1');
    const [own] = (await notices(reviewer, { read: false })).body.data.records;
    const foreign = (await notices(company)).body.data.records[0];
    const marked = await t.api<{ updated: number }>('POST', '/pc/notice/read', {
      token: reviewer,
      body: { ids: [own.id, foreign.id] },
    });
    expect(marked.body.data.updated).toBe(1);
    expect((await notices(company)).body.data.records[0].read).toBe(false);
    expect((await t.api('POST', '/pc/notice/read', { token: reviewer, body: { ids: [] } })).status).toBe(400);
    await t.api('POST', '/pc/notice/readAll', { token: reviewer, body: { kind: 'review' } });
    expect((await unread(reviewer)).body.data.byKind.review ?? 0).toBe(0);
    const bad = await t.api('POST', '/pc/notice/readAll', { token: reviewer, body: { kind: 'gossip' } });
    expect(bad.status).toBe(400);
    expect(bad.body.resultMsg).toContain('消息类型不正确');
  });

  it('follows the administrator’s rules: roles, off, SMS with an hourly limit', async () => {
    const admin = await t.login('admin');
    expect((await t.api('GET', '/pc/noticeRule/list', { token: await t.login('jg_qingxiu') })).status).toBe(
      403,
    );
    const unknownRole = await t.api('POST', '/pc/noticeRule/update', {
      token: admin,
      body: { kind: 'review', roles: ['regulator', 'nobody'], sms: false, enabled: true },
    });
    expect(unknownRole.status).toBe(400);
    expect(unknownRole.body.resultMsg).toContain('角色不存在：nobody');

    // Off: a new claim tells nobody.
    const off = await t.api('POST', '/pc/noticeRule/update', {
      token: admin,
      body: { kind: 'review', roles: ['regulator'], sms: false, enabled: false },
    });
    expect(off.status, off.body.resultMsg).toBe(200);
    const reviewer = await t.login('jg_qingxiu');
    const before = (await notices(reviewer)).body.data.total;
    const company = await t.login('wb_admin2');
    const [lift, next] = await freeLifts('450103', 2);
    await claim(company, [lift.id]);
    expect((await notices(reviewer)).body.data.total).toBe(before);

    // On with SMS: the claim is texted to the reviewer as well as shown.
    await t.api('POST', '/pc/noticeRule/update', {
      token: admin,
      body: { kind: 'review', roles: ['regulator'], sms: true, enabled: true },
    });
    const rules = await t.api<{ kind: string; sms: boolean; roles: string[] }[]>(
      'GET',
      '/pc/noticeRule/list',
      {
        token: admin,
      },
    );
    expect(rules.body.data.find((r) => r.kind === 'review')).toMatchObject({
      sms: true,
      roles: ['regulator'],
    });
    await claim(company, [next.id]);
    expect((await notices(reviewer)).body.data.total).toBe(before + 1);
    // More messages within the hour than the limit: the first SMS_PER_HOUR are texted, the rest only shown.
    const [{ id: reviewerId, phone }] = await query<{ id: number; phone: string }>(
      `select id, phone from sys_user where username = 'jg_qingxiu'`,
    );
    for (let i = 0; i < SMS_PER_HOUR + 1; i++)
      await notify(t.platform.db, {
        kind: 'review',
        title: `待审核 ${i}`,
        userIds: [reviewerId],
        usersOnly: true,
      });
    const sentBefore = t.sms.outbox.filter((m) => m.phone === phone).length;
    await sendPendingSms(t.platform.db, t.platform.sms, t.platform.log);
    const texts = t.sms.outbox.filter((m) => m.phone === phone).slice(sentBefore);
    expect(texts).toHaveLength(SMS_PER_HOUR);
    expect(texts[0].text).toContain('电梯认领待审核');
    const states = await query<{ sms_state: string; n: number }>(
      `select n.sms_state, count(*)::int as n from notification n join sys_user u on u.id = n.user_id
       where u.username = 'jg_qingxiu' and n.sms_state is not null group by 1 order by 1`,
    );
    expect(states).toEqual([
      { sms_state: 'sent', n: SMS_PER_HOUR },
      { sms_state: 'skipped', n: 2 },
    ]);
  });
});

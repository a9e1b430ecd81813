import {
  apiKeyCalls,
  EXPORT_PARAMS,
  type ExportJob,
  exportCalls,
  jobCalls,
  loginLogCalls,
  noticeCalls,
  onlineCalls,
  type Page,
  partnerCalls,
} from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/sql.ts';
import { notify } from '../src/platform/notify.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { CallProber, type Probes } from './scope-sweep.ts';

/**
 * Data scope of the operations centre, call by call. A message and a background export belong to
 * their user (wb_admin2): another company's administrator, a use unit and a regulator neither list,
 * read, download, cancel nor remove them (404, or left out), while the owner does. The
 * administrator's housekeeping (API keys, 定时任务, 在线用户, 登录日志, 消息规则) is refused (403) to
 * every other account, the administrator seeing the record; a partner key of one organisation does
 * not see another's lifts and a console session does not open a partner call. Afterwards nothing of
 * the owner's, of the keys, the sessions, the rules or the job runs changed. A call without a probe
 * fails the sweep.
 */
const ACTORS = ['wb_admin1', 'sy_admin1', 'jg_qingxiu'];
const OWNER = 'wb_admin2';

describe.each(dbKinds)('operations centre data scope, call by call, on %s', (kind) => {
  let t: TestApp;
  const query = async <T>(text: string) => rowsOf<T>(await t.platform.db.execute(sql.raw(text)));
  let ownerId: number;
  let noticeId: number;
  let job: ExportJob;
  let keyId: number;
  let keySecret: string;
  let sessionId: number;
  let otherLift: string;
  let ownLift: string;
  let jobName: string;
  const own = {
    notices: null as unknown as CallProber<typeof noticeCalls>,
    exports: null as unknown as CallProber<typeof exportCalls>,
  };
  const admin = {
    keys: null as unknown as CallProber<typeof apiKeyCalls>,
    jobs: null as unknown as CallProber<typeof jobCalls>,
    online: null as unknown as CallProber<typeof onlineCalls>,
    log: null as unknown as CallProber<typeof loginLogCalls>,
  };

  const snapshot = async () => ({
    notices: await query(`select id, read_at from notification where user_id = ${ownerId} order by id`),
    exports: await query(`select id, state, storage_key from export_job order by id`),
    keys: await query(`select id, revoked_at from api_key order by id`),
    sessions: await query(`select id, revoked_at from auth_token where user_id = ${ownerId} order by id`),
    rules: await query(`select kind, roles, sms, enabled from notification_rule order by kind`),
    runs: await query(`select count(*)::int as n from job_run`),
  });

  beforeAll(async () => {
    t = await startTestApp(kind);
    const ownerToken = await t.login(OWNER);
    [{ id: ownerId }] = await query<{ id: number }>(
      `select id::int as id from sys_user where username = '${OWNER}'`,
    );
    [{ id: sessionId }] = await query<{ id: number }>(
      `select id::int as id from auth_token where user_id = ${ownerId} and revoked_at is null order by id desc limit 1`,
    );
    const told = await notify(t.platform.db, {
      kind: 'review',
      title: '范围测试消息',
      userIds: [ownerId],
      usersOnly: true,
    });
    expect(told).toEqual([ownerId]);
    [{ id: noticeId }] = await query<{ id: number }>(
      `select id::int as id from notification where user_id = ${ownerId} order by id desc limit 1`,
    );
    expect(noticeId).toBeGreaterThan(0);
    // Any export above one row becomes a job; no worker runs here, so it stays queued.
    await query(`insert into sys_param (config_key, value, name) values ('${EXPORT_PARAMS.threshold.key}', '1', 'x')
      on conflict (config_key) do update set value = excluded.value`);
    const queued = await t.api<{ job: ExportJob }>('POST', '/pc/elevator/export', {
      token: ownerToken,
      body: {},
    });
    expect(queued.status, queued.body.resultMsg).toBe(202);
    job = queued.body.data.job;

    const [{ company_id: ownerCompany }] = await query<{ company_id: number }>(
      `select company_id from sys_user where id = ${ownerId}`,
    );
    [{ register_code: ownLift }] = await query<{ register_code: string }>(
      `select register_code from elevator where maintenance_company_id = ${ownerCompany} order by id limit 1`,
    );
    [{ register_code: otherLift }] = await query<{ register_code: string }>(
      `select register_code from elevator
        where maintenance_company_id is distinct from ${ownerCompany} and use_company_id is distinct from ${ownerCompany}
        order by id limit 1`,
    );
    const adminToken = await t.login('admin');
    const issued = await t.api<{ key: { id: number }; secret: string }>('POST', '/pc/apiKey/create', {
      token: adminToken,
      body: {
        name: '范围测试密钥',
        enterpriseId: ownerCompany,
        scopes: ['elevator:read'],
        expiresOn: '2099-12-31',
      },
    });
    expect(issued.status, issued.body.resultMsg).toBe(200);
    keyId = issued.body.data.key.id;
    keySecret = issued.body.data.secret;
    const jobs = await t.api<Page<{ name: string }>>('GET', '/pc/job/query', {
      token: adminToken,
      query: { page: '1', limit: '50' },
    });
    jobName = jobs.body.data.records[0].name;

    own.notices = new CallProber(t, noticeCalls, OWNER);
    own.exports = new CallProber(t, exportCalls, OWNER);
    admin.keys = new CallProber(t, apiKeyCalls);
    admin.jobs = new CallProber(t, jobCalls);
    admin.online = new CallProber(t, onlineCalls);
    admin.log = new CallProber(t, loginLogCalls);
    for (const p of [own.notices, own.exports, admin.keys, admin.jobs, admin.online, admin.log]) {
      await p.signIn([...ACTORS, 'admin']);
    }
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  const noticeProbes = (): Probes<typeof noticeCalls> => {
    const p = own.notices;
    return {
      query: (a) => p.leftOut(a, 'query', { page: 1, limit: 100 }, p.hasId(noticeId)),
      unread: async (a) => {
        const res = await p.send<{ total: number }>(a, 'unread');
        expect(res.status).toBe(200);
        const [{ n }] = await query<{ n: number }>(
          `select count(*)::int as n from notification n join sys_user u on u.id = n.user_id
            where u.username = '${a}' and n.read_at is null`,
        );
        expect(res.body.data.total, `${a} counts its own unread messages only`).toBe(n);
      },
      read: async (a) => {
        const res = await p.send<{ updated: number }>(a, 'read', { ids: [noticeId] });
        expect(res.status).toBe(200);
        expect(res.body.data.updated).toBe(0);
      },
      readAll: async (a) => {
        const res = await p.send(a, 'readAll', { kind: 'review' });
        expect(res.status).toBe(200);
      },
      rules: (a) => p.refused(a, 'rules', {}, 200),
      updateRule: (a) =>
        p.refused(a, 'updateRule', { kind: 'review', roles: ['admin'], sms: true, enabled: false }, 200),
    };
  };

  const exportProbes = (): Probes<typeof exportCalls> => {
    const p = own.exports;
    return {
      query: (a) => p.leftOut(a, 'query', { page: 1, limit: 100 }, p.hasId(job.id)),
      active: async (a) => {
        const res = await p.send<{ running: number }>(a, 'active');
        expect(res.status).toBe(200);
        expect(res.body.data.running, `${a} has no export of its own`).toBe(0);
      },
      download: (a) => p.refused(a, 'download', { id: job.id }),
      cancel: (a) => p.refused(a, 'cancel', { id: job.id }),
      remove: (a) => p.refused(a, 'remove', { id: job.id }),
    };
  };

  const keyProbes = (): Probes<typeof apiKeyCalls> => {
    const p = admin.keys;
    return {
      query: (a) => p.leftOut(a, 'query', { page: 1, limit: 100 }, p.hasId(keyId)),
      create: (a) =>
        p.refused(a, 'create', { name: '越权密钥', scopes: ['elevator:read'], expiresOn: '2099-12-31' }, 200),
      revoke: (a) => p.refused(a, 'revoke', { id: keyId }, 200),
      uses: (a) => p.leftOut(a, 'uses', { page: 1, limit: 10, id: keyId }, () => true),
    };
  };

  const partnerProbes = (): Probes<typeof partnerCalls> => ({
    lifts: async (a) => {
      const path = '/open/elevator/query';
      const codes = { registerCodes: `${otherLift},${ownLift}` };
      // A console session, whoever's, does not open a partner call.
      const session = await t.api(partnerCalls.lifts.method, path, {
        token: own.notices.tokens[a],
        query: codes,
      });
      expect(session.status).toBe(403);
      const keyed = await t.api<{ registerCode: string }[]>(partnerCalls.lifts.method, path, {
        headers: { 'x-api-key': keySecret },
        query: codes,
      });
      expect(keyed.status, keyed.body.resultMsg).toBe(200);
      expect(keyed.body.data.map((l) => l.registerCode)).toEqual([ownLift]);
    },
  });

  const jobProbes = (): Probes<typeof jobCalls> => {
    const p = admin.jobs;
    return {
      query: (a) => p.leftOut(a, 'query', { page: 1, limit: 50 }, () => true),
      runs: (a) => p.leftOut(a, 'runs', { page: 1, limit: 10, name: jobName }, () => true),
      run: (a) => p.refused(a, 'run', { name: jobName }, 200),
    };
  };

  const onlineProbes = (): Probes<typeof onlineCalls> => {
    const p = admin.online;
    return {
      query: (a) => p.leftOut(a, 'query', { page: 1, limit: 100 }, p.hasId(sessionId)),
      forceLogout: (a) => p.refused(a, 'forceLogout', { id: sessionId }, 200),
    };
  };

  const logProbes = (): Probes<typeof loginLogCalls> => {
    const p = admin.log;
    const mentionsOwner = (d: unknown) => (d as Page<unknown>).records.length > 0;
    return {
      query: (a) => p.leftOut(a, 'query', { page: 1, limit: 10, username: OWNER }, mentionsOwner),
      export: async (a) => {
        const res = await p.send(a, 'export', { username: OWNER });
        expect(res.status, `${a} export`).toBe(p.may(a, 'export') ? 200 : 403);
      },
    };
  };

  it('has a probe for every call', () => {
    own.notices.expectProbeForEveryCall(noticeProbes());
    own.exports.expectProbeForEveryCall(exportProbes());
    admin.keys.expectProbeForEveryCall(keyProbes());
    admin.jobs.expectProbeForEveryCall(jobProbes());
    admin.online.expectProbeForEveryCall(onlineProbes());
    admin.log.expectProbeForEveryCall(logProbes());
    expect(Object.keys(partnerProbes())).toEqual(Object.keys(partnerCalls));
  });

  it('the owner and the administrator do see them', async () => {
    const mine = await own.notices.send<Page<{ id: number }>>(OWNER, 'query', { page: 1, limit: 100 });
    expect(own.notices.hasId(noticeId)(mine.body.data)).toBe(true);
    const jobs = await own.exports.send<Page<{ id: number }>>(OWNER, 'query', { page: 1, limit: 100 });
    expect(own.exports.hasId(job.id)(jobs.body.data)).toBe(true);
    const adminJobs = await own.exports.send<Page<{ id: number }>>('admin', 'query', { page: 1, limit: 100 });
    expect(own.exports.hasId(job.id)(adminJobs.body.data), 'the administrator sees every export').toBe(true);
  });

  it.each(ACTORS)('%s reaches none of them', async (actor) => {
    const probes = {
      ...prefixed('notice', noticeProbes()),
      ...prefixed('export', exportProbes()),
      ...prefixed('apiKey', keyProbes()),
      ...prefixed('partner', partnerProbes()),
      ...prefixed('job', jobProbes()),
      ...prefixed('online', onlineProbes()),
      ...prefixed('loginLog', logProbes()),
    };
    await own.notices.sweep(actor, probes as never, snapshot);
  });
});

function prefixed(group: string, probes: Record<string, (actor: string) => Promise<void>>) {
  return Object.fromEntries(Object.entries(probes).map(([k, v]) => [`${group}.${k}`, v]));
}

import { API_PREFIX, type ElevatorRow, fileCalls } from '@ec/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileReferences } from '../src/platform/files/references.ts';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { multipart, PNG_1PX } from './multipart.ts';
import { fileMaintenanceCompany } from './parties-support.ts';

/**
 * Who reads a stored file, call by call: its uploader and the uploader's organisation, and whoever
 * may read a record that references it (an elevator's attachment, a company's licence scan, a
 * person's certificate, a contract's scan, the platform logo), by that record's data scope now.
 * Everyone else gets 404 from every file-reading call, as for a file that does not exist.
 */
type Upload = 'upload' | 'uploadAttachment' | 'uploadToken';
const WRITES: Upload[] = ['upload', 'uploadAttachment', 'uploadToken'];
const READS = (Object.keys(fileCalls) as (keyof typeof fileCalls)[]).filter(
  (name): name is Exclude<keyof typeof fileCalls, Upload> => !WRITES.includes(name as Upload),
);

describe.each(dbKinds)('file access on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const users = [
    'admin',
    'jg_qingxiu',
    'wb_admin1',
    'wb_admin2',
    'wb_staff1',
    'sy_admin1',
    'sy_admin2',
    'aq_officer1',
    'iot_admin1',
  ];
  const companyOf: Record<string, number | null> = {};
  let rows: ElevatorRow[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const u of users) {
      tokens[u] = await t.login(u);
      companyOf[u] = (
        await t.api<{ companyId: number | null }>('GET', '/pc/sysUser/getUserInfo', { token: tokens[u] })
      ).body.data.companyId;
    }
    rows = (
      await t.api<{ records: ElevatorRow[] }>('POST', '/pc/elevator/queryList', {
        token: tokens.admin,
        body: { page: 1, limit: 500 },
      })
    ).body.data.records;
  });
  afterAll(() => t?.close());

  const upload = async (user: string, token = tokens[user]) => {
    const { payload, contentType } = multipart([{ name: '扫描件.png', body: PNG_1PX, type: 'image/png' }]);
    const res = await t.inject({
      method: 'POST',
      url: `${API_PREFIX}/common/upload`,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  };

  /** The status of every file-reading call for `user` on file `id` (and that a 200 has the bytes). */
  const readAll = async (token: string, id: string) => {
    const statuses: Record<string, number> = {};
    for (const name of READS) {
      const res = await t.inject({
        method: 'GET',
        url: `${API_PREFIX}${fileCalls[name].path}?id=${id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      statuses[name] = res.statusCode;
      if (res.statusCode === 200) {
        const has =
          name === 'showFile'
            ? res.rawPayload.equals(PNG_1PX)
            : res.body.includes(PNG_1PX.toString('base64'));
        expect(has, `${name} returns the file`).toBe(true);
      } else {
        expect(res.json().resultMsg).toBe('文件不存在或无权访问');
      }
    }
    return statuses;
  };
  const every = (status: number) => Object.fromEntries(READS.map((name) => [name, status]));
  const reads = async (user: string, id: string, status: 200 | 404) =>
    expect(await readAll(tokens[user], id), `${user} reads ${id}`).toEqual(every(status));

  it('sweeps every file-reading call', () => {
    expect(READS.sort()).toEqual(
      ['getFileInfo', 'getNewFileInfo', 'getUacFileInfo', 'imageBase64', 'imageUacBase64', 'showFile'].sort(),
    );
    expect(fileReferences().map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'elevator-attachment',
        'parties-company-filing',
        'parties-person-filing',
        'parties-contract',
        'platform-logo',
      ]),
    );
  });

  it('an upload nothing references: its uploader and the uploader’s organisation, nobody else', async () => {
    const id = await upload('sy_admin1');
    await reads('sy_admin1', id, 200);
    // The safety officer of the same use unit: the organisation owns the file.
    await reads('aq_officer1', id, 200);
    for (const u of ['sy_admin2', 'wb_admin1', 'wb_admin2', 'jg_qingxiu', 'iot_admin1', 'admin'])
      await reads(u, id, 404);
    const regulators = await upload('jg_qingxiu');
    await reads('jg_qingxiu', regulators, 200);
    // A regulator has no organisation: nobody else may read what it uploaded but did not attach.
    for (const u of ['admin', 'wb_admin1', 'sy_admin1']) await reads(u, regulators, 404);
  });

  it('an elevator attachment: whoever may open the elevator, until it leaves their scope', async () => {
    const sy1 = companyOf.sy_admin1;
    const wb1 = companyOf.wb_admin1;
    const lift = rows.find((r) => r.useCompanyId === sy1 && r.maintenanceCompanyId === wb1)!;
    expect(lift, 'a lift of use unit 1 maintained by company 1').toBeDefined();
    // The regulator of the lift's district (青秀区 is jg_qingxiu's).
    const regulator = lift.areaCode === '450103' ? 200 : 404;
    // Attachments are the regulators' (elevator:edit): the platform administrator attaches one.
    const id = await upload('admin');
    const added = await t.api('POST', '/pc/elevator/attachment/add', {
      token: tokens.admin,
      body: { elevatorId: lift.id, fileIds: [id] },
    });
    expect(added.status, added.body.resultMsg).toBe(200);
    for (const u of ['admin', 'wb_admin1', 'wb_staff1', 'sy_admin1', 'aq_officer1']) await reads(u, id, 200);
    await reads('jg_qingxiu', id, regulator);
    // Another maintenance company, another use unit, an account that holds no elevators.
    for (const u of ['wb_admin2', 'sy_admin2', 'iot_admin1']) await reads(u, id, 404);

    // The use unit releases the lift: the attachment no longer opens for it or its safety officer.
    const released = await t.api('POST', '/pc/elevatorClaim/unSubmitObject', {
      token: tokens.sy_admin1,
      body: { ids: [lift.id] },
    });
    expect(released.status, released.body.resultMsg).toBe(200);
    await reads('sy_admin1', id, 404);
    await reads('aq_officer1', id, 404);
    // The maintenance company still holds the lift.
    await reads('wb_admin1', id, 200);
    await reads('admin', id, 200);

    // Removed from the elevator, it is the uploader's own file again.
    const list = await t.api<{ id: number }[]>('POST', '/pc/elevator/attachment/list', {
      token: tokens.admin,
      body: { elevatorId: lift.id },
    });
    const removed = await t.api('POST', '/pc/elevator/attachment/remove', {
      token: tokens.admin,
      body: { elevatorId: lift.id, ids: list.body.data.map((a) => a.id) },
    });
    expect(removed.status).toBe(200);
    await reads('wb_admin1', id, 404);
    await reads('admin', id, 200);
  });

  it('a company filing’s licence scan: the regulator of its area reads it, another area’s and other companies do not', async () => {
    const here = await fileMaintenanceCompany(t, '450103');
    const scan = here.fields.licenceFileId as string;
    await reads('jg_qingxiu', scan, 200);
    await reads('admin', scan, 200);
    expect(await readAll(here.token, scan)).toEqual(every(200));
    for (const u of ['wb_admin1', 'wb_admin2', 'sy_admin1']) await reads(u, scan, 404);

    const elsewhere = await fileMaintenanceCompany(t, '450105');
    await reads('jg_qingxiu', elsewhere.fields.licenceFileId as string, 404);
    await reads('admin', elsewhere.fields.licenceFileId as string, 200);
  });

  it('a person’s certificate scan: the person, the employer, the regulator; not another company', async () => {
    const cert = await upload('admin');
    await reads('wb_admin1', cert, 404);
    await t.platform.db.execute(
      sql`update staff_profile set cert_file_id = ${cert} where user_id = (select id from sys_user where username = 'wb_staff1')`,
    );
    for (const u of ['wb_staff1', 'wb_admin1', 'jg_qingxiu', 'admin']) await reads(u, cert, 200);
    for (const u of ['wb_admin2', 'sy_admin1', 'sy_admin2']) await reads(u, cert, 404);
  });

  it('a contract’s scan: both parties and the regulator of the use unit’s area; nobody else', async () => {
    const scan = await upload('admin');
    await t.platform.db.execute(
      sql`update maintenance_contract set contract_file_id = ${scan} where id = (select min(id) from maintenance_contract
        where maintenance_company_id = ${companyOf.wb_admin1} and use_company_id = ${companyOf.sy_admin1})`,
    );
    for (const u of ['wb_admin1', 'sy_admin1', 'jg_qingxiu', 'admin']) await reads(u, scan, 200);
    for (const u of ['wb_admin2', 'sy_admin2', 'iot_admin1']) await reads(u, scan, 404);
  });

  it('a record cannot be pointed at a file its editor may not read (that would open the file)', async () => {
    const theirs = await upload('wb_admin2');
    const company = await fileMaintenanceCompany(t, '450103');
    // The administrator may edit any company's filing, but not attach another's upload to it.
    const edited = await t.api('POST', '/pc/maintenance/update', {
      token: tokens.admin,
      body: { ...company.fields, id: company.id, licenceFileId: theirs },
    });
    expect(edited.status, edited.body.resultMsg).toBe(400);
    expect(edited.body.resultMsg).toContain('licenceFileId');
    const logo = await t.api('POST', '/pc/tbLogo/add', {
      token: tokens.admin,
      body: { title: '电梯云监管平台', logoId: theirs },
    });
    expect(logo.status, logo.body.resultMsg).toBe(400);
    for (const u of ['admin', 'jg_qingxiu', 'sy_admin2']) await reads(u, theirs, 404);
    await reads('wb_admin2', theirs, 200);
  });

  it('the platform logo: every signed-in account', async () => {
    const logo = await upload('admin');
    await reads('sy_admin2', logo, 404);
    const saved = await t.api('POST', '/pc/tbLogo/add', {
      token: tokens.admin,
      body: { title: '电梯云监管平台', logoId: logo },
    });
    expect(saved.status, saved.body.resultMsg).toBe(200);
    for (const u of users) await reads(u, logo, 200);
    // A file the administrator may read but did not upload (a company's scan) never becomes the
    // logo, which would open it to every account.
    const scan = await upload('wb_admin1');
    await t.platform.db.execute(
      sql`update staff_profile set cert_file_id = ${scan} where user_id = (select id from sys_user where username = 'wb_staff1')`,
    );
    await reads('admin', scan, 200);
    const published = await t.api('POST', '/pc/tbLogo/add', {
      token: tokens.admin,
      body: { title: '电梯云监管平台', logoId: scan },
    });
    expect(published.status, published.body.resultMsg).toBe(400);
    await reads('sy_admin2', scan, 404);
  });
});

import { API_PREFIX, hashPassword } from '@ec/contract';
import { withCreditCheck } from '../src/platform/seed/demo.ts';
import type { TestApp } from './harness.ts';
import { multipart, PNG_1PX } from './multipart.ts';

export { withCreditCheck };

import { withIdCheck } from '../src/modules/parties/seed.ts';

export { withIdCheck };

let phoneSeq = 0;
/**
 * A fresh mobile number per call, never one of the demo ones: 11 digits whatever the count (a worker
 * runs many files, so the count goes past 100; it repeats only after 1,000, across files, each of
 * which has a database of its own).
 */
export const newPhone = () =>
  `1360771${String(process.pid % 10)}${String(phoneSeq++ % 1000).padStart(3, '0')}`;

/** Registers an account of a kind with the SMS code from the development outbox and signs it in. */
export async function registerAndLogin(t: TestApp, userType: string, realName = '测试用户') {
  const phone = newPhone();
  const sent = await t.api('GET', '/common/sendSms', { query: { phone, type: 'register' } });
  if (sent.status !== 200) throw new Error(`sendSms ${sent.status} ${sent.body.resultMsg}`);
  const res = await t.api<{ userId: number }>('POST', '/pc/login/regist', {
    body: {
      userType,
      realName,
      phone,
      smsCode: t.lastSmsCode(phone),
      password: hashPassword('Test@2026'),
      rePassword: hashPassword('Test@2026'),
      agree: true,
    },
  });
  if (res.status !== 200) throw new Error(`register ${res.status} ${res.body.resultMsg}`);
  return { phone, userId: res.body.data.userId, token: await t.login(phone, 'Test@2026') };
}

/** Uploads a one-pixel PNG as the given user; returns the file id. */
export async function uploadPng(t: TestApp, token: string, name = '扫描件.png') {
  const { payload, contentType } = multipart([{ name, body: PNG_1PX, type: 'image/png' }]);
  const res = await t.inject({
    method: 'POST',
    url: `${API_PREFIX}/common/upload`,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
  if (res.statusCode !== 200) throw new Error(`upload ${res.statusCode} ${res.body}`);
  return res.json().data.id as string;
}

let creditSeq = 0;
/**
 * A valid unified social credit code that no demo company uses, 18 characters whatever the count
 * (it repeats only after 5,000 calls, across files with databases of their own).
 */
export const newCreditCode = () => {
  const n = creditSeq++ % 5000;
  return withCreditCheck(
    `9145010${String(process.pid % 10)}MA5TK${String(n % 100).padStart(2, '0')}${'ABCDE'[Math.floor(n / 100) % 5]}${'0123456789'[Math.floor(n / 500)]}`,
  );
};

export const maintenanceFields = (licenceFileId: string, extra: Record<string, unknown> = {}) => ({
  name: `南宁测试电梯维保有限公司${creditSeq}`,
  creditCode: newCreditCode(),
  areaCode: '450103',
  address: '南宁市青秀区民族大道 1 号',
  legalPerson: '测试法人',
  contactName: '测试联系人',
  contactPhone: '13600000001',
  licenceType: 'install_repair',
  licenceGrade: 'B',
  licenceNo: 'TS3345999-2028',
  licenceExpiry: '2028-12-31',
  licenceFileId,
  ...extra,
});

export const buildingFields = (extra: Record<string, unknown> = {}) => ({
  name: `南宁测试物业服务有限公司${creditSeq}`,
  creditCode: newCreditCode(),
  areaCode: '450103',
  address: '南宁市青秀区东葛路 2 号',
  legalPerson: '物业法人',
  contactName: '物业联系人',
  contactPhone: '0771-5888888',
  unitType: 'property',
  safetyDirector: '安全总监',
  safetyDirectorPhone: '13600000002',
  ...extra,
});

let idSeq = 0;
/** A valid 18-character citizen ID number, unique per call. */
export function newIdNumber() {
  idSeq++;
  return withIdCheck(`45010219900101${String(idSeq % 1000).padStart(3, '0')}`);
}

/** A maintenance company that registered and filed itself; its filing waits in the area's audit list. */
export async function fileMaintenanceCompany(t: TestApp, areaCode = '450103') {
  const account = await registerAndLogin(t, 'maintenance', '备案管理员');
  const scan = await uploadPng(t, account.token);
  const fields = maintenanceFields(scan, { areaCode });
  const res = await t.api<{ id: number; auditId: number; auditVersion: number }>(
    'POST',
    '/pc/maintenance/save',
    {
      token: account.token,
      body: fields,
    },
  );
  if (res.status !== 200) throw new Error(`file ${res.status} ${res.body.resultMsg}`);
  return { ...account, fields, id: res.body.data.id, auditId: res.body.data.auditId };
}

import { FILING_STATE, hashPassword, type UserType } from '@ec/contract';
import { count } from 'drizzle-orm';
import { hashSecret } from '../auth/passwords.ts';
import { DEFAULT_ROLE_BY_TYPE } from '../auth/roles.ts';
import type { Tx } from '../db/client.ts';
import { enterprise, sysUser, sysUserRole } from '../db/tables.ts';
import { roleIdByKey } from './base.ts';
import { personNames } from './names.ts';

/**
 * The people of the demo data, drawn once: account holders first (DEMO_USERS), then each company's
 * legal representative and contact. Other seeders draw theirs with other seeds.
 */
export const DEMO_PEOPLE = personNames(20260611, 80);
const people = (from: number, count: number) => DEMO_PEOPLE.slice(from, from + count);

/** The five filed workers of each demo maintenance company (company 1's first is wb_staff1). */
export const DEMO_WORKERS: string[][] = [[DEMO_PEOPLE[3], ...people(40, 4)], people(44, 5)];
/** Workers of company 1 whose filing waits for review, and was refused. */
export const DEMO_WORKER_PENDING = DEMO_PEOPLE[49];
export const DEMO_WORKER_REJECTED = DEMO_PEOPLE[50];
/** Each demo use unit's 安全总监 and 安全员 (use unit 1's first 安全员 is aq_officer1). */
export const DEMO_SAFETY: { director: string; officers: string[]; pending?: string }[] = [
  { director: DEMO_PEOPLE[51], officers: [DEMO_PEOPLE[6]], pending: DEMO_PEOPLE[52] },
  { director: DEMO_PEOPLE[53], officers: people(54, 2) },
];
/** People of the self-registered companies (account holder, legal representative, safety director). */
export const DEMO_NEWCOMER_PEOPLE = people(60, 9);

const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** Completes a 17-character credit code body with its GB 32100 check character. */
export function withCreditCheck(body: string): string {
  const sum = CREDIT_WEIGHTS.reduce((acc, w, i) => acc + w * CREDIT_CHARS.indexOf(body[i]), 0);
  return body + CREDIT_CHARS[(31 - (sum % 31)) % 31];
}

export const DEMO_COMPANIES = [
  {
    ref: 'wb1',
    kind: 'maintenance',
    name: '南宁安顺电梯维保有限公司',
    body: '91450103MA5KAT001',
    areaCode: '450103',
    address: '南宁市青秀区民族大道 136 号',
  },
  {
    ref: 'wb2',
    kind: 'maintenance',
    name: '广西通达电梯工程有限公司',
    body: '91450105MA5KTD002',
    areaCode: '450105',
    address: '南宁市江南区星光大道 21 号',
  },
  {
    ref: 'sy1',
    kind: 'use',
    name: '南宁青秀万象物业服务有限公司',
    body: '91450103MA5KWX003',
    areaCode: '450103',
    address: '南宁市青秀区东葛路 118 号',
  },
  {
    ref: 'sy2',
    kind: 'use',
    name: '南宁江南华悦物业管理有限公司',
    body: '91450105MA5KHY004',
    areaCode: '450105',
    address: '南宁市江南区亭洪路 45 号',
  },
  {
    ref: 'jy1',
    kind: 'inspection',
    name: '广西壮族自治区特种设备检验研究院南宁分院',
    body: '12450000MB1JY0005',
    areaCode: '450103',
    address: '南宁市青秀区科园东路 8 号',
  },
  {
    ref: 'jr1',
    kind: 'rescue',
    name: '南宁市青秀区电梯应急救援站',
    body: '12450103MB1JR0006',
    areaCode: '450103',
    address: '南宁市青秀区竹溪大道 30 号',
  },
  {
    ref: 'kf1',
    kind: 'callcenter',
    name: '南宁 96333 电梯应急处置中心',
    body: '12450100MB1KF0007',
    areaCode: '450100',
    address: '南宁市西乡塘区大学东路 98 号',
  },
  {
    ref: 'gg1',
    kind: 'ad',
    name: '南宁梯媒广告传媒有限公司',
    body: '91450107MA5KGG008',
    areaCode: '450107',
    address: '南宁市西乡塘区秀厢大道 66 号',
  },
  {
    ref: 'iot1',
    kind: 'iot',
    name: '广西梯联物联网科技有限公司',
    body: '91450108MA5KIO009',
    areaCode: '450108',
    address: '南宁市良庆区五象大道 401 号',
  },
  // A second inspection organisation (江南区), so that each organisation's resources are tested
  // against another's.
  {
    ref: 'jy2',
    kind: 'inspection',
    name: '南宁市特种设备检测中心',
    body: '12450105MB1JY0010',
    areaCode: '450105',
    address: '南宁市江南区白沙大道 52 号',
  },
] as const;

/** The district regulators beside jg_qingxiu: user name and district. */
export const DISTRICT_REGULATORS: [string, string][] = [
  ['jg_xingning', '450102'],
  ['jg_jiangnan', '450105'],
  ['jg_xixiangtang', '450107'],
  ['jg_liangqing', '450108'],
  ['jg_yongning', '450109'],
  ['jg_wuming', '450110'],
];

/** The regulator of each district that has one. */
export const REGULATOR_OF_AREA: Record<string, string> = Object.fromEntries([
  ['450103', 'jg_qingxiu'],
  ...DISTRICT_REGULATORS.map(([username, areaCode]) => [areaCode, username]),
]);

export const DEMO_USERS: {
  username: string;
  realName: string;
  phone: string;
  type: UserType;
  company?: (typeof DEMO_COMPANIES)[number]['ref'];
  areaCodes?: string[];
  builtIn?: boolean;
  /** The role, when not its kind's default (DEFAULT_ROLE_BY_TYPE). */
  role?: string;
}[] = [
  { username: 'admin', realName: '平台管理员', phone: '13807710001', type: 'platform', builtIn: true },
  {
    username: 'jg_qingxiu',
    realName: DEMO_PEOPLE[0],
    phone: '13807710002',
    type: 'regulator',
    areaCodes: ['450103'],
  },
  {
    username: 'wb_admin1',
    realName: DEMO_PEOPLE[1],
    phone: '13807710003',
    type: 'maintenance',
    company: 'wb1',
  },
  {
    username: 'wb_admin2',
    realName: DEMO_PEOPLE[2],
    phone: '13807710004',
    type: 'maintenance',
    company: 'wb2',
  },
  {
    username: 'wb_staff1',
    realName: DEMO_PEOPLE[3],
    phone: '13807710005',
    type: 'maintenance_staff',
    company: 'wb1',
  },
  {
    username: 'sy_admin1',
    realName: DEMO_PEOPLE[4],
    phone: '13807710006',
    type: 'use_unit',
    company: 'sy1',
  },
  {
    username: 'sy_admin2',
    realName: DEMO_PEOPLE[5],
    phone: '13807710007',
    type: 'use_unit',
    company: 'sy2',
  },
  {
    username: 'aq_officer1',
    realName: DEMO_PEOPLE[6],
    phone: '13807710008',
    type: 'safety_officer',
    company: 'sy1',
  },
  {
    username: 'jy_admin1',
    realName: DEMO_PEOPLE[7],
    phone: '13807710009',
    type: 'inspection',
    company: 'jy1',
  },
  {
    username: 'jy_inspector1',
    realName: DEMO_PEOPLE[8],
    phone: '13807710010',
    type: 'inspector',
    company: 'jy1',
  },
  { username: 'jy_rescue1', realName: DEMO_PEOPLE[9], phone: '13807710011', type: 'rescue', company: 'jr1' },
  {
    username: 'kf_agent1',
    realName: DEMO_PEOPLE[10],
    phone: '13807710012',
    type: 'callcenter',
    company: 'kf1',
  },
  // Two more agents of the 96333 centre: the live board is shared by several agents at once.
  {
    username: 'kf_agent2',
    realName: DEMO_PEOPLE[60],
    phone: '13807710031',
    type: 'callcenter',
    company: 'kf1',
  },
  {
    username: 'kf_agent3',
    realName: DEMO_PEOPLE[61],
    phone: '13807710032',
    type: 'callcenter',
    company: 'kf1',
  },
  { username: 'gg_admin1', realName: DEMO_PEOPLE[11], phone: '13807710013', type: 'ad', company: 'gg1' },
  // The operator's field worker (广告安装人员): the phone page only; the ad seed binds a worker to it.
  {
    username: 'gg_worker1',
    realName: '韦立新',
    phone: '13807710022',
    type: 'ad',
    company: 'gg1',
    role: 'ad_worker',
  },
  { username: 'iot_admin1', realName: DEMO_PEOPLE[12], phone: '13807710014', type: 'iot', company: 'iot1' },
  // A regulator for each other district, so that whatever district a company files in, someone
  // there reviews it (jg_qingxiu is 青秀区's).
  ...DISTRICT_REGULATORS.map(([username, areaCode], i) => ({
    username,
    realName: DEMO_PEOPLE[13 + i],
    phone: `138077100${15 + i}`,
    type: 'regulator' as const,
    areaCodes: [areaCode],
  })),
  {
    username: 'jy_admin2',
    realName: DEMO_PEOPLE[19],
    phone: '13807710021',
    type: 'inspection',
    company: 'jy2',
  },
];

/** Companies and one account per kind of user, all with the same password. */
export async function seedDemo(tx: Tx, demoPassword: string) {
  const [{ n }] = await tx.select({ n: count() }).from(sysUser);
  if (n > 0) return false;
  const companyIds = new Map<string, number>();
  for (const c of DEMO_COMPANIES) {
    const [row] = await tx
      .insert(enterprise)
      .values({
        name: c.name,
        kind: c.kind,
        creditCode: withCreditCheck(c.body),
        areaCode: c.areaCode,
        address: c.address,
        legalPerson: DEMO_PEOPLE[20 + 2 * companyIds.size],
        contactName: DEMO_PEOPLE[21 + 2 * companyIds.size],
        contactPhone: '0771-5' + String(100000 + companyIds.size),
        filingState: FILING_STATE.passed,
      })
      .returning({ id: enterprise.id });
    companyIds.set(c.ref, row.id);
  }
  const clientHash = hashPassword(demoPassword);
  for (const u of DEMO_USERS) {
    const [row] = await tx
      .insert(sysUser)
      .values({
        username: u.username,
        realName: u.realName,
        phone: u.phone,
        passwordHash: await hashSecret(clientHash),
        userType: u.type,
        companyId: u.company ? companyIds.get(u.company)! : null,
        areaCodes: u.areaCodes ?? [],
        filingState: FILING_STATE.passed,
        builtIn: u.builtIn ?? false,
      })
      .returning({ id: sysUser.id });
    await tx
      .insert(sysUserRole)
      .values({ userId: row.id, roleId: await roleIdByKey(tx, u.role ?? DEFAULT_ROLE_BY_TYPE[u.type]) });
  }
  return true;
}

/** Production: only the admin account, with the password the operator gave. */
export async function seedAdmin(tx: Tx, adminPassword: string) {
  const [{ n }] = await tx.select({ n: count() }).from(sysUser);
  if (n > 0) return false;
  const [row] = await tx
    .insert(sysUser)
    .values({
      username: 'admin',
      realName: '平台管理员',
      passwordHash: await hashSecret(hashPassword(adminPassword)),
      userType: 'platform',
      builtIn: true,
    })
    .returning({ id: sysUser.id });
  await tx.insert(sysUserRole).values({ userId: row.id, roleId: await roleIdByKey(tx, 'admin') });
  return true;
}

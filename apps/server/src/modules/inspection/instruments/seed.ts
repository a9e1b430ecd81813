import { addDays, EQUIPMENT_STATE, SEAL_KIND, shanghaiToday } from '@ec/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.ts';
import { enterprise, sysUser } from '../../../platform/db/tables.ts';
import type { FileStorage } from '../../../platform/files/storage.ts';
import { storeSeedPng } from '../../../platform/png.ts';
import { DEMO_COMPANIES, withCreditCheck } from '../../../platform/seed/demo.ts';
import { drawSealPng } from './png.ts';
import { inspectionEquipment, inspectionEquipmentCalibration, inspectionSeal } from './tables.ts';

/** One demo instrument; `valid` is the days from today to the end of its calibration. */
interface DemoInstrument {
  name: string;
  model: string;
  serialNo: string;
  manufacturer: string;
  measuringRange: string;
  accuracy: string;
  kind: 1 | 2;
  valid: number;
  state?: number;
}

const SANDBOX_INSTITUTION = '广西壮族自治区计量检测研究院';

/** jy1's instruments: one past its calibration (钢丝绳探伤仪), one running out (曳引力测试仪), one in repair. */
const JY1: DemoInstrument[] = [
  {
    name: '限速器测试仪',
    model: 'XC-2',
    serialNo: 'XC2-2019-0417',
    manufacturer: '上海孚恩电子科技有限公司',
    measuringRange: '0.1–10 m/s',
    accuracy: '±0.5%',
    kind: 1,
    valid: 240,
  },
  {
    name: '钢丝绳探伤仪',
    model: 'MTC-GS',
    serialNo: 'MTC-GS-21088',
    manufacturer: '洛阳泰斯特探伤技术有限公司',
    measuringRange: 'φ8–φ40 mm',
    accuracy: '断丝检出率≥99%',
    kind: 2,
    valid: -35,
  },
  {
    name: '曳引力测试仪',
    model: 'QY-500',
    serialNo: 'QY500-1902',
    manufacturer: '深圳市华科仪器有限公司',
    measuringRange: '0–5000 N',
    accuracy: '±1%',
    kind: 1,
    valid: 15,
  },
  {
    name: '声级计',
    model: 'AWA5688',
    serialNo: 'AWA-105833',
    manufacturer: '杭州爱华仪器有限公司',
    measuringRange: '28–133 dB(A)',
    accuracy: '2 级',
    kind: 1,
    valid: 180,
  },
  {
    name: '数字万用表',
    model: 'Fluke 17B+',
    serialNo: '47520331',
    manufacturer: '福禄克测试仪器（上海）有限公司',
    measuringRange: 'DC 0–1000 V',
    accuracy: '±0.5%',
    kind: 2,
    valid: 300,
  },
  {
    name: '绝缘电阻测试仪',
    model: 'UT501A',
    serialNo: 'UT501A-3308',
    manufacturer: '优利德科技（中国）股份有限公司',
    measuringRange: '0–2000 MΩ',
    accuracy: '±3%',
    kind: 1,
    valid: 150,
  },
  {
    name: '接地电阻测试仪',
    model: 'ZC-8',
    serialNo: 'ZC8-771',
    manufacturer: '上海六表厂',
    measuringRange: '0–100 Ω',
    accuracy: '±1.5%',
    kind: 1,
    valid: 90,
    state: EQUIPMENT_STATE.repair,
  },
  {
    name: '数显游标卡尺',
    model: '0–150 mm',
    serialNo: 'GL-150-2207',
    manufacturer: '桂林广陆数字测控有限公司',
    measuringRange: '0–150 mm',
    accuracy: '0.01 mm',
    kind: 2,
    valid: 200,
  },
];

const JY2: DemoInstrument[] = [
  {
    name: '限速器测试仪',
    model: 'XC-2',
    serialNo: 'XC2-2020-0902',
    manufacturer: '上海孚恩电子科技有限公司',
    measuringRange: '0.1–10 m/s',
    accuracy: '±0.5%',
    kind: 1,
    valid: 120,
  },
  {
    name: '照度计',
    model: 'TES-1330A',
    serialNo: 'TES-170552',
    manufacturer: '泰仕电子工业股份有限公司',
    measuringRange: '0–20000 lx',
    accuracy: '±3%',
    kind: 2,
    valid: 60,
  },
];

async function companyId(tx: Tx, ref: string) {
  const company = DEMO_COMPANIES.find((c) => c.ref === ref)!;
  const [row] = await tx
    .select({ id: enterprise.id })
    .from(enterprise)
    .where(eq(enterprise.creditCode, withCreditCheck(company.body)));
  return row?.id ?? null;
}

async function seedInstruments(tx: Tx, orgId: number, list: DemoInstrument[], recorder: number | null) {
  const today = shanghaiToday();
  for (const d of list) {
    const validUntil = addDays(today, d.valid);
    const calibratedOn = addDays(validUntil, -365);
    const certificateNo = `JD${calibratedOn.replaceAll('-', '')}-${d.serialNo.slice(-4)}`;
    const [row] = await tx
      .insert(inspectionEquipment)
      .values({
        orgId,
        name: d.name,
        model: d.model,
        serialNo: d.serialNo,
        manufacturer: d.manufacturer,
        measuringRange: d.measuringRange,
        accuracy: d.accuracy,
        calibrationKind: d.kind,
        calibratedOn,
        validUntil,
        certificateNo,
        institution: SANDBOX_INSTITUTION,
        state: d.state ?? EQUIPMENT_STATE.inUse,
      })
      .returning({ id: inspectionEquipment.id });
    // The calibration before this one, and this one.
    await tx.insert(inspectionEquipmentCalibration).values(
      [addDays(calibratedOn, -365), calibratedOn].map((on) => ({
        equipmentId: row.id,
        calibrationKind: d.kind,
        calibratedOn: on,
        validUntil: addDays(on, 365),
        certificateNo: `JD${on.replaceAll('-', '')}-${d.serialNo.slice(-4)}`,
        institution: SANDBOX_INSTITUTION,
        recordedBy: recorder,
      })),
    );
  }
}

/**
 * Demo instruments and seals: jy1 (jy_admin1's organisation) eight instruments, one past its
 * calibration and one running out, its enabled 检验专用章 and 报告专用章 (PNGs drawn here with a
 * transparent ground, stored as real files); jy2 two instruments (the other organisation of the
 * cross-organisation tests) and its enabled 报告专用章.
 */
export async function seedInstrumentsDemo(tx: Tx, storage: FileStorage | null) {
  const jy1 = await companyId(tx, 'jy1');
  const jy2 = await companyId(tx, 'jy2');
  const [admin1] = await tx.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'jy_admin1'));
  if (jy1) await seedInstruments(tx, jy1, JY1, admin1?.id ?? null);
  if (jy2) await seedInstruments(tx, jy2, JY2, null);
  if (!storage) return;
  // Each demo organisation's enabled seals: jy1 its 检验专用章 and 报告专用章, jy2 its 报告专用章.
  const [admin2] = await tx.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'jy_admin2'));
  const seals: [number | null, number | undefined, string, number, string][] = [
    [jy1, admin1?.id, '广西特检院南宁分院检验专用章', SEAL_KIND.inspection, '检验专用章.png'],
    [jy1, admin1?.id, '广西特检院南宁分院报告专用章', SEAL_KIND.report, '报告专用章.png'],
    [jy2, admin2?.id, '南宁市特种设备检测中心报告专用章', SEAL_KIND.report, '报告专用章.png'],
  ];
  for (const [orgId, uploaderId, name, kind, fileName] of seals) {
    if (!orgId || !uploaderId) continue;
    const fileId = await storeSeedPng(tx, storage, {
      fileName,
      body: drawSealPng(240),
      uploaderId,
      ownerCompanyId: orgId,
    });
    await tx.insert(inspectionSeal).values({ orgId, name, kind, fileId, enabled: true });
  }
}

import { addDays, mondayOf, shanghaiToday } from '@ec/contract';
import { NANNING_DISTRICTS } from '@ec/contract/geo/nanning-districts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.ts';
import { enterprise, sysUser } from '../../../platform/db/tables.ts';
import { DEMO_COMPANIES, withCreditCheck } from '../../../platform/seed/demo.ts';
import { personNames } from '../../../platform/seed/names.ts';
import { writeRegistryRow } from '../../parties/api.ts';
import { boundsOf } from '../geo.ts';
import { rescueDuty, rescueGrid, rescueStaff, rescueTeam } from '../tables.ts';

/** The demo's rescue stations beside jr1 (demo.ts), one per urban district south and west of it. */
const NEW_UNITS = [
  {
    name: '南宁市兴宁区电梯应急救援站',
    area: '450102',
    address: '南宁市兴宁区民族大道 12 号',
    code: '12450102MB1JR0100',
  },
  {
    name: '南宁市西乡塘区电梯应急救援站',
    area: '450107',
    address: '南宁市西乡塘区明秀东路 77 号',
    code: '12450107MB1JR0200',
  },
  {
    name: '南宁市江南区电梯应急救援站',
    area: '450105',
    address: '南宁市江南区星光大道 210 号',
    code: '12450105MB1JR0300',
  },
  {
    name: '南宁市良庆区电梯应急救援站',
    area: '450108',
    address: '南宁市良庆区银海大道 955 号',
    code: '12450108MB1JR0400',
  },
  {
    name: '南宁市邕宁区电梯应急救援站',
    area: '450109',
    address: '南宁市邕宁区蒲庙镇兴宁路 5 号',
    code: '12450109MB1JR0500',
  },
];

/*
 * The grids: one per district, its ring the district's on the shipped map (the demo lifts stand
 * inside their own district, elevator/seed.ts), served by the district's station; 武鸣区, which has
 * none, by 西乡塘区's. Neighbouring grids share their edges (a lift on one belongs to the older grid).
 */
const GRID_UNITS: { area: string; unit: number; color: string }[] = [
  { area: '450103', unit: 0, color: '#fa8c16' },
  { area: '450102', unit: 1, color: '#52c41a' },
  { area: '450107', unit: 2, color: '#1677ff' },
  { area: '450105', unit: 3, color: '#722ed1' },
  { area: '450108', unit: 4, color: '#eb2f96' },
  { area: '450109', unit: 5, color: '#13c2c2' },
  { area: '450110', unit: 2, color: '#2f54eb' },
];
const GRIDS = GRID_UNITS.map(({ area, unit, color }) => {
  const d = NANNING_DISTRICTS.features.find((f) => f.properties.adcode === area);
  if (!d) throw new Error(`no district ${area} on the map`);
  // The map's rings are closed; a grid's ring is not (the editor's shape).
  return {
    name: `${d.properties.name}网格`,
    area,
    unit,
    color,
    ring: d.geometry.coordinates[0].slice(0, -1),
  };
});

export async function seedRescueUnits(tx: Tx, now = new Date()) {
  const [jr1] = await tx
    .select({ id: enterprise.id })
    .from(enterprise)
    .where(eq(enterprise.creditCode, withCreditCheck(DEMO_COMPANIES.find((c) => c.ref === 'jr1')!.body)));
  if (!jr1) return;
  const unitIds = [jr1.id];
  const names = personNames(20261125, 80);
  for (const u of NEW_UNITS) {
    unitIds.push(
      await writeRegistryRow(tx, undefined, {
        name: u.name,
        creditCode: withCreditCheck(u.code),
        kind: 'rescue',
        areaCode: u.area,
        address: u.address,
        legalPerson: names[unitIds.length * 10 + 9],
        contactName: names[unitIds.length * 10 + 8],
        contactPhone: `0771-5${u.area.slice(4)}6${String(unitIds.length).padStart(3, '0')}`,
      }),
    );
  }
  const [rescuer] = await tx
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(eq(sysUser.username, 'jy_rescue1'));
  const monday = mondayOf(shanghaiToday(now));
  for (const [u, unitId] of unitIds.entries()) {
    const teams = await tx
      .insert(rescueTeam)
      .values(
        ['一', '二'].map((n, i) => ({
          unitId,
          name: `第${n}救援队`,
          leaderName: names[u * 10 + i],
          phone: `1390771${String(u * 100 + i).padStart(4, '0')}`,
          vehicles: 1 + i,
        })),
      )
      .returning({ id: rescueTeam.id });
    const staff = await tx
      .insert(rescueStaff)
      .values(
        Array.from({ length: 6 }, (_, i) => ({
          unitId,
          teamId: teams[i % 2].id,
          name: names[u * 10 + i],
          phone: `1370771${String(u * 100 + i).padStart(4, '0')}`,
          position: i < 2 ? '队长' : '救援员',
          certNo: `TSZ45${String(u * 1000 + i + 1).padStart(8, '0')}`,
          userId: u === 0 && i === 0 ? (rescuer?.id ?? null) : null,
        })),
      )
      .returning({ id: rescueStaff.id });
    // This week and next, three pairs in rotation: a pair on 白班, another on 夜班, the third off; a
    // pair off the night shift is off the next day's day shift. From the Sunday before: its 夜班 runs
    // into Monday's early hours, when somebody must be on duty too.
    const duty: { staffId: number; day: string; shift: number }[] = [];
    for (let d = -1; d < 14; d++) {
      const day = addDays(monday, d);
      const pair = (p: number) => {
        const k = ((p % 3) + 3) % 3;
        return [staff[k * 2], staff[k * 2 + 1]];
      };
      for (const s of pair(d)) duty.push({ staffId: s.id, day, shift: 1 });
      for (const s of pair(d + 2)) duty.push({ staffId: s.id, day, shift: 2 });
    }
    await tx.insert(rescueDuty).values(duty).onConflictDoNothing();
  }
  for (const g of GRIDS)
    await tx.insert(rescueGrid).values({
      name: g.name,
      unitId: unitIds[g.unit],
      areaCode: g.area,
      ring: g.ring,
      ...boundsOf(g.ring),
      color: g.color,
      remark: '演示网格',
    });
}

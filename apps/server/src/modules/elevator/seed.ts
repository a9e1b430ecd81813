import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { addDays, formatDate } from '@ec/contract';
import { NANNING_DISTRICTS } from '@ec/contract/geo/nanning-districts';
import { ringContains } from '@ec/contract/geo/rings';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Queryable, Tx } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/sql.ts';
import { auditHistory, auditRecord, enterprise, sysUser } from '../../platform/db/tables.ts';
import { communityNames } from '../../platform/seed/names.ts';
import { pad, pick, rng } from '../../platform/seed/random.ts';
import { AUDIT, FILING } from '../../platform/workflow.ts';
import { bigrams } from './search.ts';
import { columnsOf, nextInspection } from './service.ts';
import { elevator, elevatorClaim } from './tables.ts';

const DISTRICTS: [string, string, number][] = [
  ['450103', '青秀区', 5],
  ['450102', '兴宁区', 2],
  ['450105', '江南区', 3],
  ['450107', '西乡塘区', 4],
  ['450108', '良庆区', 2],
  ['450109', '邕宁区', 1],
  ['450110', '武鸣区', 1],
];
const ROADS: Record<string, string[]> = {
  '450103': ['民族大道', '东葛路', '竹溪大道', '金湖路', '凤岭北路', '青山路'],
  '450102': ['朝阳路', '兴宁路', '长堽路', '昆仑大道'],
  '450105': ['星光大道', '亭洪路', '白沙大道', '五一西路'],
  '450107': ['大学东路', '秀厢大道', '北湖南路', '明秀西路', '友爱北路'],
  '450108': ['五象大道', '良庆大道', '银海大道'],
  '450109': ['蒲兴大道', '邕宁大道'],
  '450110': ['香山路', '灵源路'],
};
/** Eight communities per district, named after its own places (the parties seed adds more). */
export const COMMUNITIES_PER_DISTRICT = 8;
const COMMUNITIES: Record<string, string[]> = Object.fromEntries(
  DISTRICTS.map(([code]) => [code, communityNames(code, COMMUNITIES_PER_DISTRICT)]),
);
const BRANDS: [string, string, string][] = [
  ['奥的斯', 'OH5000', '奥的斯电梯（中国）有限公司'],
  ['三菱', 'LEHY-III', '上海三菱电梯有限公司'],
  ['日立', 'MCA', '日立电梯（中国）有限公司'],
  ['通力', 'MonoSpace', '通力电梯有限公司'],
  ['迅达', '3300', '迅达（中国）电梯有限公司'],
  ['康力', 'KLK2', '康力电梯股份有限公司'],
];
const VARIETIES: [string, number, number][] = [
  ['3110', 1, 80],
  ['3120', 1, 6],
  ['3130', 1, 2],
  ['3310', 2, 8],
  ['3320', 2, 2],
  ['3430', 1, 2],
];

/**
 * Periodic inspection dates as a registry holds them (TSG T7001: every year): the last inspection
 * within the past year for most lifts, so that the next falls in the coming year; about 4% were
 * last inspected more than a year ago and are overdue (超期未检) by up to four months.
 */
export function inspectionDates(r: () => number, day: string) {
  const ago = r() < 0.04 ? 366 + Math.floor(r() * 120) : Math.floor(r() * 365);
  const lastInspectDate = addDays(day, -ago);
  return { lastInspectDate, nextInspectDate: nextInspection(lastInspectDate)! };
}

/**
 * Where each district's lifts stand: around its built-up centre (for 武鸣区, the town of 城厢), within
 * the radius (degrees; 0.01° ≈ 1 km), and inside the district on the shipped map
 * (`@ec/contract/geo/nanning-districts`), so that a lift's district, its grid and its map point agree.
 */
const BUILT_UP: Record<string, { centre: [number, number]; radius: number }> = {
  '450102': { centre: [108.37, 22.86], radius: 0.04 },
  '450103': { centre: [108.45, 22.82], radius: 0.05 },
  '450105': { centre: [108.27, 22.76], radius: 0.04 },
  '450107': { centre: [108.27, 22.85], radius: 0.04 },
  '450108': { centre: [108.38, 22.72], radius: 0.04 },
  '450109': { centre: [108.53, 22.71], radius: 0.04 },
  '450110': { centre: [108.27, 23.16], radius: 0.04 },
};
const round6 = (x: number) => Number(x.toFixed(6));

/** A point for a lift of the district: even over the disc around its built-up centre, inside the district. */
export function liftPlace(areaCode: string, r: () => number): [number, number] {
  const { centre, radius } = BUILT_UP[areaCode];
  const ring = NANNING_DISTRICTS.features.find((f) => f.properties.adcode === areaCode)?.geometry
    .coordinates[0];
  for (let i = 0; ring && i < 50; i++) {
    const d = radius * Math.sqrt(r());
    const a = 2 * Math.PI * r();
    const p: [number, number] = [round6(centre[0] + d * Math.cos(a)), round6(centre[1] + d * Math.sin(a))];
    if (ringContains(ring, p)) return p;
  }
  return centre;
}

/** A lift's coordinates from `geo`, after the two draws of `r` that they once took (the demo stays the same). */
function placed(r: () => number, geo: () => number, areaCode: string) {
  r();
  r();
  const [longitude, latitude] = liftPlace(areaCode, geo);
  return { longitude, latitude };
}

/**
 * Demo elevators across the Nanning districts: about a third bound to each demo maintenance
 * company (claims passed), use units bound to some, the rest unclaimed, and a few claims pending
 * review by the 青秀区 regulator. The last is the demo's one hydraulic lift (3210), bound to both sides.
 */
export async function seedElevators(tx: Tx, count: number) {
  if (count <= 0) return;
  const r = rng(20261122);
  // The coordinates come from a stream of their own, so that the rest of the demo stays as it was.
  const geo = rng(20261130);
  const day = formatDate(new Date());
  const companies = await tx
    .select({ id: enterprise.id, name: enterprise.name, kind: enterprise.kind })
    .from(enterprise);
  const [wb1, wb2] = companies.filter((c) => c.kind === 'maintenance');
  const [sy1, sy2] = companies.filter((c) => c.kind === 'use');
  const users = await tx
    .select({ id: sysUser.id, username: sysUser.username })
    .from(sysUser)
    .where(
      inArray(sysUser.username, ['admin', 'jg_qingxiu', 'wb_admin1', 'wb_admin2', 'sy_admin1', 'sy_admin2']),
    );
  const userId = (name: string) => users.find((u) => u.username === name)?.id ?? null;

  const rows: ReturnType<typeof columnsOf>[] = [];
  const used = new Set<string>();
  // The last of the `count` lifts is the hydraulic one below.
  for (let i = 0; i < count - 1; i++) {
    const [areaCode, district] = pick(r, DISTRICTS);
    const [variety, type] = pick(r, VARIETIES);
    const [brand, model, manufacturer] = BRANDS[Math.floor(r() * BRANDS.length)];
    const year = 2008 + Math.floor(r() * 17);
    const month = 1 + Math.floor(r() * 12);
    let registerCode: string;
    do registerCode = `${variety}${areaCode}${year}${pad(month, 2)}${pad(1 + Math.floor(r() * 9999), 4)}`;
    while (used.has(registerCode));
    used.add(registerCode);
    const community = COMMUNITIES[areaCode][Math.floor(r() * COMMUNITIES_PER_DISTRICT)];
    const road = ROADS[areaCode][Math.floor(r() * ROADS[areaCode].length)];
    const building = 1 + Math.floor(r() * 30);
    rows.push(
      columnsOf({
        registerCode,
        deviceCode: `${variety}23${pad(100 + Math.floor(r() * 899), 3)}${year}${pad(i + 1, 5)}`,
        useCertNo: `梯${variety.slice(1, 3)}桂A${pad(i + 1, 5)}(${String(year).slice(2)})`,
        rescueCode: pad(100000 + ((i * 7919) % 899999), 6),
        name:
          type === 2
            ? `${building}号楼${1 + Math.floor(r() * 3)}层扶梯`
            : `${building}栋${1 + Math.floor(r() * 3)}单元${r() < 0.5 ? '左' : '右'}梯`,
        type: type as 1 | 2,
        variety,
        useOccasion:
          type === 2 ? (r() < 0.7 ? '2' : '8') : r() < 0.75 ? '1' : String(1 + Math.floor(r() * 7)),
        areaCode,
        address: `南宁市${district}${road}${1 + Math.floor(r() * 300)}号${community}${building}栋`,
        community,
        ...placed(r, geo, areaCode),
        manufacturer,
        brand,
        model,
        ratedLoad: type === 1 ? [630, 800, 1000, 1050, 1350, 1600][Math.floor(r() * 6)] : null,
        ratedSpeed: type === 1 ? [1, 1.5, 1.75, 2, 2.5][Math.floor(r() * 5)] : 0.5,
        floors: type === 1 ? 6 + Math.floor(r() * 28) : 2,
        manufactureDate: `${year}-${pad(month, 2)}-01`,
        installDate: `${year}-${pad(Math.min(12, month + 2), 2)}-15`,
        registerDate: `${year}-${pad(Math.min(12, month + 3), 2)}-10`,
        ...inspectionDates(r, day),
        useStatus: r() < 0.95 ? 1 : 2,
      }),
    );
  }
  // One hydraulic lift (液压乘客电梯, appendix B of TSG T5002-2017), the last, from a stream of its own
  // (the lifts before it stay as they were): bound to the first maintenance company and the
  // second use unit (the goods lift's, 3430), whose contract the parties seed adds for both.
  const hydraulic = rows.length;
  {
    const h = rng(20261201);
    const [areaCode, district] = DISTRICTS[1];
    const year = 2016;
    const community = COMMUNITIES[areaCode][0];
    const [brand, model, manufacturer] = BRANDS[0];
    let registerCode = `3210${areaCode}${year}060001`;
    for (let n = 2; used.has(registerCode); n++) registerCode = `3210${areaCode}${year}06${pad(n, 4)}`;
    rows.push(
      columnsOf({
        registerCode,
        deviceCode: `321023${pad(100, 3)}${year}${pad(hydraulic + 1, 5)}`,
        useCertNo: `梯21桂A${pad(hydraulic + 1, 5)}(${String(year).slice(2)})`,
        rescueCode: pad(100000 + ((hydraulic * 7919) % 899999), 6),
        name: '1栋1单元液压梯',
        type: 1,
        variety: '3210',
        useOccasion: '1',
        areaCode,
        address: `南宁市${district}${ROADS[areaCode][0]}18号${community}1栋`,
        community,
        ...placed(h, geo, areaCode),
        manufacturer,
        brand,
        model,
        ratedLoad: 800,
        ratedSpeed: 0.5,
        floors: 5,
        manufactureDate: `${year}-06-01`,
        installDate: `${year}-08-15`,
        registerDate: `${year}-09-10`,
        ...inspectionDates(h, day),
        useStatus: 1,
      }),
    );
  }
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await tx
      .insert(elevator)
      .values(rows.slice(i, i + 500))
      .returning({ id: elevator.id, areaCode: elevator.areaCode });
    ids.push(...inserted.map((e) => e.id));
  }

  // Bindings: a third to each maintenance company; use units on a part of them; claims as history.
  const claims: {
    elevatorId: number;
    claimType: string;
    companyId: number;
    state: number;
    actor: number | null;
  }[] = [];
  ids.forEach((id, i) => {
    if (i === hydraulic) {
      for (const [claimType, company, actor] of [
        ['maintenance', wb1, 'wb_admin1'],
        ['use', sy2, 'sy_admin2'],
      ] as const)
        claims.push({
          elevatorId: id,
          claimType,
          companyId: company.id,
          state: FILING.passed,
          actor: userId(actor),
        });
      return;
    }
    const m = i % 3;
    if (m < 2)
      claims.push({
        elevatorId: id,
        claimType: 'maintenance',
        companyId: m === 0 ? wb1.id : wb2.id,
        state: FILING.passed,
        actor: userId(m === 0 ? 'wb_admin1' : 'wb_admin2'),
      });
    if (i % 5 < 2)
      claims.push({
        elevatorId: id,
        claimType: 'use',
        companyId: i % 5 === 0 ? sy1.id : sy2.id,
        state: FILING.passed,
        actor: userId(i % 5 === 0 ? 'sy_admin1' : 'sy_admin2'),
      });
  });
  // Pending maintenance claims on unbound elevators of 青秀区, waiting for jg_qingxiu.
  const unbound = ids.filter((_, i) => i % 3 === 2 && i !== hydraulic);
  const qingxiu = await tx
    .select({ id: elevator.id })
    .from(elevator)
    .where(and(inArray(elevator.id, unbound.slice(0, 400)), eq(elevator.areaCode, '450103')));
  qingxiu.slice(0, Math.min(12, Math.floor(qingxiu.length / 3))).forEach((e, i) => {
    claims.push({
      elevatorId: e.id,
      claimType: 'maintenance',
      companyId: i % 2 === 0 ? wb1.id : wb2.id,
      state: FILING.pending,
      actor: userId(i % 2 === 0 ? 'wb_admin1' : 'wb_admin2'),
    });
  });

  const regulator = userId('admin');
  for (let i = 0; i < claims.length; i += 500) {
    const chunk = claims.slice(i, i + 500);
    const created = await tx
      .insert(elevatorClaim)
      .values(
        chunk.map((c) => ({
          elevatorId: c.elevatorId,
          claimType: c.claimType,
          companyId: c.companyId,
          state: c.state,
        })),
      )
      .returning({ id: elevatorClaim.id });
    const areaOf = new Map(
      (
        await tx
          .select({ id: elevator.id, areaCode: elevator.areaCode })
          .from(elevator)
          .where(
            inArray(
              elevator.id,
              chunk.map((c) => c.elevatorId),
            ),
          )
      ).map((e) => [e.id, e.areaCode]),
    );
    const cases = await tx
      .insert(auditRecord)
      .values(
        chunk.map((c, k) => ({
          kind: 'elevator-claim',
          subjectId: String(created[k].id),
          state: c.state,
          auditState: c.state === FILING.passed ? AUDIT.approved : null,
          areaCode: areaOf.get(c.elevatorId) ?? null,
          companyId: c.companyId,
          version: c.state === FILING.passed ? 1 : 0,
          submittedBy: c.actor,
          submittedAt: sql`now() - interval '30 days'`,
          decidedBy: c.state === FILING.passed ? regulator : null,
          decidedAt: c.state === FILING.passed ? sql`now() - interval '29 days'` : null,
          description: c.state === FILING.passed ? '资料齐全，同意认领' : null,
        })),
      )
      .returning({ id: auditRecord.id, subjectId: auditRecord.subjectId, state: auditRecord.state });
    await tx.insert(auditHistory).values(
      cases.flatMap((a, k) => [
        {
          auditId: a.id,
          action: 'submit',
          fromState: null,
          toState: FILING.pending,
          actorId: chunk[k].actor,
          createdAt: new Date(Date.now() - 30 * 86400_000),
        },
        ...(a.state === FILING.passed
          ? [
              {
                auditId: a.id,
                action: 'pass',
                fromState: FILING.pending,
                toState: FILING.passed,
                actorId: regulator,
                description: '资料齐全，同意认领',
                createdAt: new Date(Date.now() - 29 * 86400_000),
              },
            ]
          : []),
      ]),
    );
    await tx.execute(sql`update ${elevatorClaim} c set audit_id = a.id from ${auditRecord} a
      where a.kind = 'elevator-claim' and a.subject_id = c.id::text and c.audit_id is null`);
  }
  await tx.execute(sql`update ${elevator} e set
      maintenance_company_id = c.company_id, maintenance_claim_state = c.state
    from ${elevatorClaim} c where c.elevator_id = e.id and c.claim_type = 'maintenance' and c.state = ${FILING.passed}`);
  await tx.execute(sql`update ${elevator} e set maintenance_claim_state = ${FILING.pending}
    from ${elevatorClaim} c where c.elevator_id = e.id and c.claim_type = 'maintenance' and c.state = ${FILING.pending}`);
  await tx.execute(sql`update ${elevator} e set use_company_id = c.company_id, use_claim_state = ${FILING.passed}
    from ${elevatorClaim} c where c.elevator_id = e.id and c.claim_type = 'use' and c.state = ${FILING.passed}`);
}

/**
 * Many elevators fast, for benchmarks (`npm run seed -- --elevators 1000000`): multi-row inserts
 * of generated rows, no claims. Identifiers carry a `B` so they never clash with demo data.
 */
/** One generated registry row (bulk load). */
interface BulkRow {
  registerCode: string;
  type: number;
  areaCode: string;
  address: string;
  community: string;
  name: string;
  maintenanceCompanyId: number | null;
  maintenanceClaimState: number;
  status: number;
  lastInspectDate: string;
  nextInspectDate: string;
  searchGrams: string[];
}

function* bulkRows(count: number, start: number, maintenance: number[]): Generator<BulkRow> {
  const r = rng(7);
  const day = formatDate(new Date());
  for (let i = 0; i < count; i++) {
    const n = start + i + 1;
    const [areaCode, district] = pick(r, DISTRICTS);
    const community = COMMUNITIES[areaCode][Math.floor(r() * COMMUNITIES_PER_DISTRICT)];
    const road = ROADS[areaCode][Math.floor(r() * ROADS[areaCode].length)];
    const address = `南宁市${district}${road}${1 + Math.floor(r() * 300)}号${community}${1 + Math.floor(r() * 30)}栋`;
    const bound = r() < 0.7 ? maintenance[Math.floor(r() * maintenance.length)] : null;
    yield {
      registerCode: `B${pad(n, 19)}`,
      type: r() < 0.9 ? 1 : 2,
      areaCode,
      address,
      community,
      name: `${1 + Math.floor(r() * 30)}栋`,
      maintenanceCompanyId: bound,
      maintenanceClaimState: bound ? 3 : 0,
      status: r() < 0.97 ? 1 : 0,
      ...inspectionDates(r, day),
      searchGrams: bigrams(address, community),
    };
  }
}

const COPY_COLUMNS =
  'register_code, type, area_code, address, community, name, maintenance_company_id, maintenance_claim_state, status, last_inspect_date, next_inspect_date, search_grams';

/** A row in COPY's text format. Generated values hold no tab, newline, backslash, comma or quote. */
const copyLine = (e: BulkRow) =>
  `${e.registerCode}\t${e.type}\t${e.areaCode}\t${e.address}\t${e.community}\t${e.name}\t${
    e.maintenanceCompanyId ?? '\\N'
  }\t${e.maintenanceClaimState}\t${e.status}\t${e.lastInspectDate}\t${e.nextInspectDate}\t{${e.searchGrams.join(',')}}\n`;

/**
 * `npm run seed -- --elevators N`: N generated elevators for benchmarks. On PostgreSQL they stream in
 * through COPY (a million in about a minute); on PGlite in multi-row INSERTs.
 */
export async function bulkLoadElevators(db: Queryable, count: number, onProgress?: (done: number) => void) {
  const companies = await db.select({ id: enterprise.id, kind: enterprise.kind }).from(enterprise);
  const maintenance = companies.filter((c) => c.kind === 'maintenance').map((c) => c.id);
  const [{ start }] = rowsOf<{ start: number }>(
    await db.execute(sql`select coalesce(max(id), 0)::int as start from ${elevator}`),
  );
  const rows = bulkRows(count, start, maintenance);
  const BATCH = 5000;
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const connection = await client.connect();
    try {
      const copy = connection.query(copyFrom(`copy elevator (${COPY_COLUMNS}) from stdin`));
      let done = 0;
      await pipeline(
        Readable.from(
          (function* () {
            let chunk = '';
            for (const row of rows) {
              chunk += copyLine(row);
              if (++done % BATCH === 0) {
                yield chunk;
                chunk = '';
                onProgress?.(done);
              }
            }
            yield chunk;
            if (done % BATCH !== 0) onProgress?.(done);
          })(),
        ),
        copy,
      );
    } finally {
      connection.release();
    }
  } else {
    let batch: BulkRow[] = [];
    let done = 0;
    for (const row of rows) {
      batch.push(row);
      done++;
      if (batch.length === BATCH || done === count) {
        await db.insert(elevator).values(batch);
        onProgress?.(done);
        batch = [];
      }
    }
  }
  // Statistics and the visibility map, so that counts can use index-only scans at once.
  await db.execute(sql`vacuum analyze ${elevator}`);
}

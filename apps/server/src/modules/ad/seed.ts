import { AD_ORDER_STATE, AD_POINT_STATE, adBookingPeriods, addDays, shanghaiToday } from '@ec/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { enterprise, sysUser } from '../../platform/db/tables.ts';
import { pad, rng } from '../../platform/seed/random.ts';
import { adLifts } from '../elevator/api.ts';
import { leasedLiftsSource } from '../rescue/api.ts';
import { adCustom, adIntention } from './customers/tables.ts';
import { adOrder, adOrderPoint } from './orders/tables.ts';
import { adPoint } from './points/tables.ts';

const DEMO_POINTS = 3000;
const PLACES = [
  { position: 1, medium: 1, size: '60×90cm', price: 80 },
  { position: 2, medium: 1, size: '60×90cm', price: 80 },
  { position: 3, medium: 2, size: '21.5 英寸', price: 200 },
];
const CUSTOMERS = [
  ['广西桂花食品有限公司', '食品'],
  ['南宁绿城地产有限公司', '房地产'],
  ['八桂教育培训学校', '教育'],
  ['邕州口腔医院', '医疗'],
  ['南宁好运来超市连锁', '零售'],
  ['广西北部湾银行南宁分行', '金融'],
  ['青秀健身会所', '体育健身'],
  ['壮乡米粉餐饮管理有限公司', '餐饮'],
  ['南宁悦家家政服务有限公司', '家政'],
  ['广西电信南宁分公司', '通信'],
  ['南宁东盟国际旅行社', '旅游'],
  ['五象新区汽车销售服务有限公司', '汽车'],
  ['南宁市民卡服务中心', '公共服务'],
  ['绿源净水科技有限公司', '家电'],
  ['南宁幸福里装饰工程有限公司', '家装'],
  ['广西桂茶文化传播有限公司', '茶饮'],
  ['南宁童趣乐园', '亲子'],
  ['邕江眼镜连锁', '零售'],
  ['西乡塘宠物医院', '医疗'],
  ['南宁万象影城', '娱乐'],
] as const;

/**
 * Demo advertising of the operator (gg_admin1's company): 3,000 points over the demo lifts (two
 * poster frames and a screen per lift), 20 customers, orders in the past (已完成, 已取消), running
 * now (投放中), ahead (已确认, 待审核, 草稿), and leads of the partner channel in each state. Set-wise
 * inserts in batches of 1,000 rows.
 */
export async function seedAdDemo(tx: Tx) {
  const [op] = await tx
    .select({ id: enterprise.id })
    .from(enterprise)
    .where(eq(enterprise.kind, 'ad'))
    .orderBy(asc(enterprise.id))
    .limit(1);
  if (!op) return;
  const [admin] = await tx
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(eq(sysUser.companyId, op.id))
    .orderBy(asc(sysUser.id))
    .limit(1);
  const by = admin?.id ?? null;
  const lifts = await adLifts(tx, { limit: Math.ceil(DEMO_POINTS / PLACES.length) });
  const points = lifts.flatMap((lift) =>
    PLACES.map((p) => ({
      pointNo: `${lift.registerCode}-${['', 'L', 'R', 'B', 'H'][p.position]}${p.medium === 1 ? 'P' : 'S'}`,
      companyId: op.id,
      elevatorId: lift.id,
      position: p.position,
      size: p.size,
      medium: p.medium,
      price: p.price,
      createdBy: by,
    })),
  );
  const pointIds: { id: number; price: number }[] = [];
  for (let i = 0; i < points.length; i += 1000)
    pointIds.push(
      ...(await tx
        .insert(adPoint)
        .values(points.slice(i, i + 1000))
        .returning({ id: adPoint.id, price: adPoint.price })),
    );
  if (pointIds.length === 0) return;
  // A few points out of service.
  await tx
    .update(adPoint)
    .set({ state: AD_POINT_STATE.repair })
    .where(sql`${adPoint.companyId} = ${op.id} and ${adPoint.id} % 97 = 0`);
  await tx
    .update(adPoint)
    .set({ state: AD_POINT_STATE.disabled })
    .where(sql`${adPoint.companyId} = ${op.id} and ${adPoint.id} % 193 = 0`);
  // The orders book points whose lifts their use units lease to the operator over every order's
  // dates (the rescue demo leases each unit's lifts from 150 days ago to 275 days ahead).
  const today = shanghaiToday();
  const leased = new Set(
    (
      await tx
        .select({ id: adPoint.id })
        .from(adPoint)
        .where(
          sql`${adPoint.companyId} = ${op.id} and (${adPoint.companyId}, ${adPoint.elevatorId}, ${adPoint.useCompanyId}) in ${leasedLiftsSource(addDays(today, -120), addDays(today, 94), op.id)}`,
        )
    ).map((p) => p.id),
  );
  const bookable = pointIds.filter((p) => p.id % 97 !== 0 && p.id % 193 !== 0 && leased.has(p.id));

  const customs = await tx
    .insert(adCustom)
    .values(
      CUSTOMERS.map(([name, industry], i) => ({
        companyId: op.id,
        name,
        industry,
        contactName: ['王经理', '李主管', '陈女士', '黄先生', '刘总'][i % 5],
        contactPhone: `1397710${pad(2000 + i, 4)}`,
        address: `南宁市青秀区民族大道 ${100 + i * 3} 号`,
        createdBy: by,
      })),
    )
    .returning({ id: adCustom.id });

  const S = AD_ORDER_STATE;
  // [status, start offset, days, points]
  const plans: [number, number, number, number][] = [
    [S.finished, -120, 60, 40],
    [S.finished, -75, 30, 25],
    [S.cancelled, -40, 30, 20],
    [S.showing, -20, 60, 60],
    [S.showing, -7, 28, 30],
    [S.showing, -3, 90, 45],
    [S.confirmed, 10, 30, 30],
    [S.confirmed, 35, 60, 40],
    [S.submitted, 20, 14, 15],
    [S.submitted, 45, 30, 20],
    [S.draft, 60, 30, 10],
    [S.draft, 14, 7, 12],
  ];
  const r = rng(19);
  let cursor = 0;
  const day = today.replaceAll('-', '');
  for (const [i, [status, offset, days, count]] of plans.entries()) {
    const start = addDays(today, offset);
    const end = addDays(start, days - 1);
    // Each order books its own slice of points (no overlap whatever the dates).
    const mine = bookable.slice(cursor, cursor + count);
    cursor += count;
    if (mine.length === 0) break;
    const periods = adBookingPeriods(start, end);
    const holding = status !== S.finished && status !== S.cancelled;
    const [o] = await tx
      .insert(adOrder)
      .values({
        orderNo: `AD${day}D${pad(i + 1, 4)}`,
        companyId: op.id,
        customId: customs[Math.floor(r() * customs.length)].id,
        startDate: start,
        endDate: end,
        status,
        amount: mine.reduce((s, p) => s + p.price * periods, 0),
        pointCount: mine.length,
        content: ['品牌形象', '新店开业', '促销活动', '招生宣传'][i % 4],
        createdBy: by,
        confirmedBy: status >= S.confirmed && status !== S.cancelled ? by : null,
        confirmedAt: status >= S.confirmed && status !== S.cancelled ? new Date() : null,
        cancelReason: status === S.cancelled ? '客户预算调整' : null,
        cancelledAt: status === S.cancelled ? new Date() : null,
        finishedAt: status === S.finished ? new Date() : null,
      })
      .returning({ id: adOrder.id });
    await tx.insert(adOrderPoint).values(
      mine.map((p) => ({
        orderId: o.id,
        pointId: p.id,
        startDate: start,
        endDate: end,
        price: p.price,
        amount: p.price * periods,
        active: holding,
      })),
    );
    const state =
      status === S.showing ? AD_POINT_STATE.showing : status === S.confirmed ? AD_POINT_STATE.booked : null;
    if (state)
      await tx
        .update(adPoint)
        .set({ state })
        .where(sql`${adPoint.id} in (select point_id from ad_order_point where order_id = ${o.id})`);
  }

  const leads: [string, number, string][] = [
    ['南宁金桂酒店管理有限公司', 1, '青秀区写字楼轿厢海报 50 个，一个月'],
    ['广西康达药业', 1, '兴宁区住宅小区，电子屏 20 块'],
    ['南宁新华书店', 2, '暑期促销，江南区 30 个点位'],
    ['邕宁区文旅局', 2, '旅游节宣传，全市 100 个点位两周'],
    ['南宁华润万象城', 3, '开业周年庆'],
    ['广西移动南宁分公司', 3, '5G 套餐推广'],
    ['良庆区某培训机构', 4, '预算不足'],
    ['南宁速达快递', 1, '网点招聘'],
  ];
  await tx.insert(adIntention).values(
    leads.map(([customerName, status, demand], i) => ({
      intentionNo: `GXD${pad(i + 1, 7)}`,
      companyId: op.id,
      customerName,
      contactName: ['赵经理', '孙女士', '周先生', '吴主任'][i % 4],
      contactPhone: `1387710${pad(3000 + i, 4)}`,
      areaCode: ['450103', '450102', '450105', '450109'][i % 4],
      demand,
      budget: 5000 + i * 2500,
      pointCount: 20 + i * 10,
      startDate: addDays(today, 15 + i),
      endDate: addDays(today, 45 + i),
      status,
      followNote: status > 1 ? '已电话沟通' : null,
      handledBy: status > 1 ? by : null,
    })),
  );
}

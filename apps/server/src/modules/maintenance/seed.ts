import { formatDate, SHANGHAI_OFFSET_MS } from '@ec/contract';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { enterprise } from '../../platform/db/tables.ts';
import { DEMO_SAFETY, DEMO_WORKERS } from '../../platform/seed/demo.ts';
import { rng } from '../../platform/seed/random.ts';
import { liftsBoundTo } from '../elevator/api.ts';
import { maintenanceOrder, maintenanceOrderRecord, type OrderItem } from './tables.ts';

/** TSG T5002-2017 Appendix A half-month items (曳引与强制驱动电梯), DOMAIN.md §2.2. */
const TRACTION_HALF_MONTH = [
  '机房、滑轮间环境',
  '手动紧急操作装置',
  '驱动主机',
  '制动器各销轴部位',
  '制动器间隙',
  '制动器作为轿厢意外移动保护装置制停子系统时的自监测',
  '编码器',
  '限速器各销轴部位',
  '层门和轿门旁路装置',
  '紧急电动运行',
  '轿顶',
  '轿顶检修开关、停止装置',
  '导靴上油杯',
  '对重/平衡重块及其压板',
  '井道照明',
  '轿厢照明、风扇、应急照明',
  '轿厢检修开关、停止装置',
  '轿内报警装置、对讲系统',
  '轿内显示、指令按钮、IC卡系统',
  '轿门防撞击保护装置',
  '轿门门锁电气触点',
  '轿门运行',
  '轿厢平层准确度',
  '层站召唤、层楼显示',
  '层门地坎',
  '层门自动关门装置',
  '层门门锁自动复位',
  '层门门锁电气触点',
  '层门锁紧元件啮合长度',
  '底坑环境',
  '底坑停止装置',
];
/** Appendix A quarterly additions. */
const TRACTION_QUARTER = [
  '减速机润滑油',
  '制动衬',
  '选层器动静触点',
  '曳引轮槽、悬挂装置',
  '限速器轮槽、限速器钢丝绳',
  '靴衬、滚轮',
  '验证轿门关闭的电气安全装置',
  '层门、轿门系统传动钢丝绳、链条、传动带',
  '层门门导靴',
  '消防开关',
  '耗能缓冲器',
  '限速器张紧轮装置和电气安全装置',
];
/** TSG T5002-2017 Appendix D half-month items (自动扶梯与自动人行道), DOMAIN.md §2.3. */
const ESCALATOR_HALF_MONTH = [
  '电器部件',
  '故障显示板',
  '设备运行状况',
  '主驱动链',
  '制动器机械装置',
  '制动器状态监测开关',
  '减速机润滑油',
  '电机通风口',
  '检修控制装置',
  '自动润滑油罐油位',
  '梳齿板开关',
  '梳齿板照明',
  '梳齿板梳齿与踏板面齿槽、导向胶带',
  '梯级或踏板下陷开关',
  '梯级或踏板缺失监测装置',
  '超速或非操纵逆转监测装置',
  '检修盖板和楼层板',
  '梯级链张紧开关',
  '防护挡板',
  '梯级滚轮和梯级导轨',
  '梯级、踏板与围裙板间隙',
  '运行方向显示',
  '扶手带入口处保护开关',
  '扶手带',
  '扶手带运行',
  '扶手护壁板',
  '上下出入口照明',
  '上下出入口和扶梯之间保护栏杆',
  '出入口安全警示标志',
  '分离机房、各驱动和转向站',
  '自动运行功能',
  '紧急停止开关',
  '驱动主机的固定',
];
const ESCALATOR_QUARTER = ['扶手带速度允差', '梯级链张紧装置', '梯级轴衬', '梯级链润滑', '防灌水保护装置'];

/** Results other than 正常, with the note a maintainer writes. */
const FINDINGS: Record<string, [OrderItem['result'], string][]> = {
  制动器间隙: [['已调整', '间隙调整至 0.5 mm']],
  导靴上油杯: [['已更换', '油杯破损，已更换']],
  轿厢平层准确度: [['已调整', '平层误差 8 mm，调整后 3 mm']],
  层门锁紧元件啮合长度: [['正常', '啮合长度 9 mm']],
  轿门防撞击保护装置: [['异常', '光幕偶发误动作，已告知使用单位，待更换']],
  扶手带: [['已调整', '扶手带张紧度已调整']],
  '梳齿板梳齿与踏板面齿槽、导向胶带': [['已更换', '断齿两处，已更换梳齿板']],
};

/** The filed workers of each demo maintenance company whose certificates are valid (the second has expired). */
const WORKERS = DEMO_WORKERS.map((crew) => crew.filter((_, k) => k !== 1));
/** Who confirms a use unit's work orders: its 安全员 and 安全总监. */
const CONFIRMERS = DEMO_SAFETY.map((s) => [...s.officers, s.director]);

const day = 86_400_000;

function itemsFor(type: number, kind: number, r: () => number): OrderItem[] {
  const names =
    type === 2
      ? [...ESCALATOR_HALF_MONTH, ...(kind >= 2 ? ESCALATOR_QUARTER : [])]
      : [...TRACTION_HALF_MONTH, ...(kind >= 2 ? TRACTION_QUARTER : [])];
  return names.map((name) => {
    const finding = FINDINGS[name]?.[0];
    if (finding && r() < 0.25) return { name, result: finding[0], note: finding[1] };
    return { name, result: '正常', note: null };
  });
}

/**
 * Demo work orders for every elevator bound to a maintenance company: one half-month visit every
 * 15 days over the last two months (every fourth a quarterly one), confirmed by the use unit's
 * safety officer except the latest, which some still await, and the next visit planned.
 */
export async function seedMaintenanceOrders(tx: Tx, now = Date.now()) {
  const r = rng(20261108);
  const elevators = (await liftsBoundTo(tx, 'maintenance')).map((e) => ({
    ...e,
    companyId: e.maintenanceCompanyId,
  }));
  const companies = [...new Set(elevators.map((e) => e.companyId))];
  const useUnits = (
    await tx
      .select({ id: enterprise.id })
      .from(enterprise)
      .where(eq(enterprise.kind, 'use'))
      .orderBy(asc(enterprise.id))
  ).map((u) => u.id);
  let seq = 0;
  type Order = typeof maintenanceOrder.$inferInsert;
  type Step = Omit<typeof maintenanceOrderRecord.$inferInsert, 'orderId'>;
  const orders: { order: Order; steps: Step[] }[] = [];
  for (const e of elevators) {
    const crew = WORKERS[companies.indexOf(e.companyId) % WORKERS.length];
    const phase = Math.floor(r() * 15);
    for (let k = -1; k < 4; k++) {
      const plan = now - (k * 15 + phase) * day;
      const planDate = formatDate(plan);
      const kind = k === 3 ? 2 : 1;
      const orderNo = `WB${planDate.replaceAll('-', '')}${String(++seq).padStart(6, '0')}`;
      const workers = [crew[Math.floor(r() * crew.length)], crew[Math.floor(r() * crew.length)]].filter(
        (w, i, all) => all.indexOf(w) === i,
      );
      if (workers.length < 2) workers.push(crew[(crew.indexOf(workers[0]) + 1) % crew.length]);
      const created = new Date(plan - 3 * day);
      const steps: Step[] = [
        {
          at: created,
          action: '创建工单',
          operator: '系统',
          detail: `按维保计划生成${kind === 2 ? '季度' : '半月'}保养工单`,
        },
      ];
      const planned = {
        orderNo,
        elevatorId: e.id,
        maintenanceCompanyId: e.companyId,
        kind,
        planDate,
        workers,
        createdAt: created,
      };
      if (plan > now) {
        orders.push({ order: { ...planned, status: 0 }, steps });
        continue;
      }
      const signIn = new Date(plan - SHANGHAI_OFFSET_MS + (9 * 60 + Math.floor(r() * 420)) * 60_000);
      const signOut = new Date(signIn.getTime() + (35 + Math.floor(r() * 60)) * 60_000);
      const items = itemsFor(e.type, kind, r);
      const awaiting = k <= 0 && r() < 0.4;
      const confirmers = CONFIRMERS[Math.max(0, useUnits.indexOf(e.useCompanyId ?? -1)) % CONFIRMERS.length];
      const officer = confirmers[Math.floor(r() * confirmers.length)];
      const confirmedAt = new Date(signOut.getTime() + (1 + Math.floor(r() * 20)) * 3600_000);
      steps.push(
        {
          at: signIn,
          action: '现场签到',
          operator: workers.join('、'),
          detail: '扫码签到，定位在电梯 50 米以内',
        },
        {
          at: signOut,
          action: '提交维保记录',
          operator: workers[0],
          detail: `共 ${items.length} 项，${items.filter((i) => i.result !== '正常').length} 项有调整、更换或异常`,
        },
      );
      if (!awaiting)
        steps.push({ at: confirmedAt, action: '使用单位确认', operator: officer, detail: '维保记录已确认' });
      orders.push({
        order: {
          ...planned,
          status: awaiting ? 2 : 3,
          signInAt: signIn,
          signOutAt: signOut,
          items,
          remark: items.some((i) => i.result === '异常') ? '发现异常项，已书面告知使用单位' : null,
          confirmedBy: awaiting ? null : officer,
          confirmedAt: awaiting ? null : confirmedAt,
        },
        steps,
      });
    }
  }
  for (let i = 0; i < orders.length; i += 500) {
    const batch = orders.slice(i, i + 500);
    const ids = await tx
      .insert(maintenanceOrder)
      .values(batch.map((b) => b.order))
      .returning({ id: maintenanceOrder.id });
    await tx
      .insert(maintenanceOrderRecord)
      .values(batch.flatMap((b, j) => b.steps.map((s) => ({ ...s, orderId: ids[j].id }))));
  }
}

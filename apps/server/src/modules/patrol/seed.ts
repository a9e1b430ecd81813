import { addDays, type PATROL_CATEGORIES, type PatrolTargetKind, shanghaiToday } from '@ec/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import type { Tx } from '../../platform/db/client.ts';
import { enterprise, sysUser } from '../../platform/db/tables.ts';
import { liftsBoundTo } from '../elevator/api.ts';
import { answerNotice, cancelTask, closeNotice, completeTask, saveResult, saveTask } from './flow.ts';
import { taskDetail } from './read.ts';
import { patrolContent, patrolTemplate, patrolTemplateItem } from './tables.ts';

type Category = (typeof PATROL_CATEGORIES)[number];
const CONTENTS: [PatrolTargetKind, Category, string, string][] = [
  ['lift', '证照标志', '使用标志张贴', '《特种设备使用标志》张贴于轿厢内或出入口显著位置'],
  ['lift', '证照标志', '定期检验合格且在有效期内', '使用标志上的下次检验日期未过期'],
  ['lift', '证照标志', '安全注意事项和警示标志', '乘梯须知、警示标志齐全清晰'],
  ['lift', '应急救援', '应急救援电话及救援识别码', '96333 救援电话和 6 位救援识别码清晰可见'],
  ['lift', '应急救援', '轿内紧急报警装置', '按下报警按钮，值班人员能有效应答'],
  ['lift', '维护保养', '维保记录', '维保记录完整，相邻两次维保间隔不超过 15 日'],
  ['lift', '设备状况', '轿厢照明与通风', '照明、风扇、应急照明正常'],
  ['lift', '设备状况', '层门与轿门', '门扇无明显变形，开关门顺畅，门缝符合要求'],
  ['lift', '设备状况', '机房与底坑环境', '整洁，无杂物、无积水，通道畅通'],
  ['unit', '安全管理', '电梯安全管理人员', '配备电梯安全总监或安全员，并持证在岗'],
  ['unit', '安全管理', '安全技术档案', '使用登记、检验报告、维保记录等档案齐全'],
  ['unit', '安全管理', '日管控、周排查、月调度', '有日管控、周排查、月调度记录（总局令第74号）'],
  ['unit', '维护保养', '维保合同', '与有资质的维保单位签订有效的维保合同'],
  ['unit', '应急救援', '应急救援预案与演练', '制定电梯困人应急救援预案，每年至少演练一次'],
  ['unit', '安全管理', '层门钥匙管理', '三角钥匙由持证人员专人保管并有使用记录'],
];

/** The check contents and the two templates every installation starts with (base data, once). */
export async function seedPatrolContents(tx: Tx) {
  const rows = await tx
    .insert(patrolContent)
    .values(
      CONTENTS.map(([appliesTo, category, name, requirement]) => ({
        appliesTo,
        category,
        name,
        requirement,
      })),
    )
    .returning({ id: patrolContent.id, appliesTo: patrolContent.appliesTo });
  const templates: [string, PatrolTargetKind, string][] = [
    ['电梯现场巡查（通用）', 'lift', '对在用电梯的证照标志、应急救援、维保和设备状况的现场检查'],
    ['使用单位安全管理检查', 'unit', '对使用单位安全管理制度、人员和档案的检查'],
  ];
  for (const [name, targetKind, remark] of templates) {
    const [t] = await tx
      .insert(patrolTemplate)
      .values({ name, targetKind, remark })
      .returning({ id: patrolTemplate.id });
    const items = rows.filter((r) => r.appliesTo === targetKind);
    await tx
      .insert(patrolTemplateItem)
      .values(items.map((r, i) => ({ templateId: t.id, contentId: r.id, seq: i + 1 })));
  }
}

async function account(tx: Tx, username: string) {
  const [u] = await tx.select().from(sysUser).where(eq(sysUser.username, username));
  return u;
}

const asUser = (u: typeof sysUser.$inferSelect, dataScope: AuthUser['dataScope']): AuthUser => ({
  id: u.id,
  username: u.username,
  realName: u.realName,
  userType: u.userType as AuthUser['userType'],
  companyId: u.companyId,
  areaCodes: u.areaCodes,
  dataScope,
  roles: [],
  permissions: new Set(),
  tokenHash: '',
  needIntercept: false,
  mustChangePassword: false,
});

/**
 * Demo patrols of jg_qingxiu (青秀区) over sy_admin1's lifts there, made through the flow itself:
 * one 已完成 with a closed notice and one answered (待复核), one 执行中 with open notices (one for the
 * maintenance company), one 待执行 over use units, one 已取消. Nothing when the demo has no such lifts.
 */
export async function seedPatrolDemo(tx: Tx) {
  const regulatorRow = await account(tx, 'jg_qingxiu');
  const useRow = await account(tx, 'sy_admin1');
  if (!regulatorRow || !useRow?.companyId) return;
  const regulator = asUser(regulatorRow, 'area');
  const useUnit = asUser(useRow, 'company');
  const area = '450103';
  const lifts = (await liftsBoundTo(tx, 'use', useRow.companyId)).filter(
    (l) => l.areaCode === area && l.maintenanceCompanyId !== null,
  );
  if (lifts.length < 2) return;
  const [liftTemplate] = await tx
    .select({ id: patrolTemplate.id })
    .from(patrolTemplate)
    .where(eq(patrolTemplate.targetKind, 'lift'))
    .orderBy(asc(patrolTemplate.id))
    .limit(1);
  const [unitTemplate] = await tx
    .select({ id: patrolTemplate.id })
    .from(patrolTemplate)
    .where(eq(patrolTemplate.targetKind, 'unit'))
    .orderBy(asc(patrolTemplate.id))
    .limit(1);
  if (!liftTemplate || !unitTemplate) return;
  const today = shanghaiToday();
  const plan = (name: string, templateId: number, targetIds: number[], from: number, to: number) =>
    saveTask(tx, regulator, {
      name,
      areaCode: area,
      templateId,
      targetIds,
      assigneeIds: [regulator.id],
      planStart: addDays(today, from),
      planEnd: addDays(today, to),
    });
  const check = async (
    taskId: number,
    findings: Record<number, { remark: string; recipient?: 'use' | 'maintenance' }>,
    onlyTargets?: number,
  ) => {
    const task = await taskDetail(tx, regulator, taskId);
    for (const target of task.targets.slice(0, onlyTargets ?? task.targets.length)) {
      await saveResult(tx, regulator, {
        taskId,
        targetId: target.id,
        latitude: 22.817,
        longitude: 108.366,
        results: task.items.map((item, i) => {
          const f = target === task.targets[0] ? findings[i] : undefined;
          return f
            ? {
                contentId: item.contentId,
                result: 'fail' as const,
                remark: f.remark,
                finding: { recipient: f.recipient },
              }
            : {
                contentId: item.contentId,
                result:
                  i === task.items.length - 1 && target.kind === 'lift' ? ('na' as const) : ('pass' as const),
              };
        }),
      });
    }
    return taskDetail(tx, regulator, taskId);
  };

  const done = await plan(
    '青秀区在用电梯季度巡查',
    liftTemplate.id,
    lifts.slice(0, 2).map((l) => l.id),
    -20,
    -10,
  );
  const doneChecked = await check(done.id, {
    1: { remark: '使用标志上的下次检验日期已过期' },
    6: { remark: '轿厢应急照明不亮' },
  });
  await completeTask(tx, regulator, { id: done.id });
  const [closed, answered] = doneChecked.notices;
  await answerNotice(tx, useUnit, { id: closed.id, text: '已申请定期检验并更换新的使用标志。' });
  await closeNotice(tx, regulator, { id: closed.id, remark: '现场复核，已整改。' });
  await answerNotice(tx, useUnit, { id: answered.id, text: '已更换应急照明电池，测试正常。' });

  const running = await plan(
    '万象小区电梯专项巡查',
    liftTemplate.id,
    lifts.slice(-2).map((l) => l.id),
    -2,
    5,
  );
  await check(
    running.id,
    {
      3: { remark: '救援识别码标识脱落' },
      7: { remark: '层门下部有明显撞击变形', recipient: 'maintenance' },
    },
    1,
  );

  const units = await tx
    .select({ id: enterprise.id })
    .from(enterprise)
    .where(and(eq(enterprise.kind, 'use'), eq(enterprise.areaCode, area)))
    .orderBy(asc(enterprise.id))
    .limit(3);
  if (units.length > 0)
    await plan(
      '使用单位安全管理抽查',
      unitTemplate.id,
      units.map((u) => u.id),
      3,
      14,
    );

  const cancelled = await plan('节前电梯安全检查', liftTemplate.id, [lifts[0].id], 5, 7);
  await cancelTask(tx, regulator, { id: cancelled.id, reason: '与市局专项检查合并进行' });
}

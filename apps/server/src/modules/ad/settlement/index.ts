import {
  AD_COUNT_PERMISSIONS,
  adCountCalls,
  adSettlementCalls as C,
  AD_SETTLEMENT_PERMISSIONS as P,
} from '@ec/contract';
import { notFound } from '../../../platform/errors.ts';
import { streamXlsx } from '../../../platform/excel.ts';
import { implement } from '../../../platform/http/implement.ts';
import type { AdPart } from '../part.ts';
import {
  approveSettlement,
  computeSettlements,
  countOverview,
  listSettlements,
  settlementDetail,
} from './service.ts';

const tx = { tx: true };

/** Settlement with the use units (结算管理, /adSettlement) and the statistics page (/adCount). */
export const settlementPart: AdPart = {
  routes: [
    implement(C.list, (f, { user, db }) => listSettlements(db, user, f)),
    implement(C.get, ({ id }, { user, db }) => settlementDetail(db, user, id)),
    implement(C.compute, (input, { user, db }) => computeSettlements(db, user, input), tx),
    implement(C.approve, ({ id, version }, { user, db }) => approveSettlement(db, user, id, version), tx),
    implement(C.export, async ({ id }, { user, reply, db }) => {
      const s = await settlementDetail(db, user, id).catch(() => {
        throw notFound('结算单不存在或无权访问');
      });
      type Line = (typeof s.lines)[number] | { total: true };
      const rows: Line[] = [...s.lines, { total: true }];
      const cell = <T>(r: Line, f: (l: (typeof s.lines)[number]) => T, total: T) =>
        'total' in r ? total : f(r);
      return streamXlsx<Line>(reply, {
        fileName: `广告结算_${s.useCompanyName ?? s.useCompanyId}_${s.month}.xlsx`,
        sheetName: `${s.month}结算`,
        columns: [
          { header: '使用单位', width: 30, value: () => s.useCompanyName ?? '' },
          { header: '结算月份', width: 10, value: () => s.month },
          { header: '点位编号', width: 18, value: (r) => cell(r, (l) => l.pointName ?? '', '合计') },
          { header: '注册代码', width: 24, value: (r) => cell(r, (l) => l.registerCode ?? '', '') },
          { header: '地址', width: 36, value: (r) => cell(r, (l) => l.address ?? '', '') },
          { header: '投放天数', width: 10, value: (r) => cell(r, (l) => l.paidDays, s.paidDays) },
          { header: '广告收入（元）', width: 14, value: (r) => cell(r, (l) => l.revenue, s.revenue) },
          { header: '分成比例（%）', width: 12, value: () => s.share },
          { header: '结算金额（元）', width: 14, value: (r) => cell(r, (l) => l.amount, s.amount) },
          { header: '状态', width: 10, value: () => s.statusLabel },
        ],
        batches: (async function* () {
          yield rows;
        })(),
      });
    }),
    implement(adCountCalls.overview, (f, { user, db }) => countOverview(db, user, f)),
  ],
  menuButtons: {
    '/ad/settlement': [
      { name: '查询结算', perms: P.list },
      { name: '导出结算单', perms: P.export },
      { name: '计算、审核结算', perms: P.approve },
    ],
    '/ad/count': [{ name: '广告统计', perms: AD_COUNT_PERMISSIONS.stats }],
  },
};

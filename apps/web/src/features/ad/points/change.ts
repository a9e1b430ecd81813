import type { AdChangeResult } from '@ec/contract';

/**
 * The one-line result of a poster change (换画): tasks made, and each reason points were left out
 * with how many and the first few point numbers, e.g.
 * 「已新建 2 个换画任务；跳过 1 个：点位不在投放中 1 个（A-LP）」.
 */
export function changeSummary(r: AdChangeResult, shown = 3): string {
  const made = r.created > 0 ? `已新建 ${r.created} 个换画任务` : '未新建换画任务';
  if (r.matched === 0) return `${made}：没有符合条件的点位`;
  const skipped = r.skipped.reduce((n, s) => n + s.count, 0);
  if (skipped === 0) return made;
  const reasons = r.skipped.map((s) => {
    const some = s.pointNos.slice(0, shown).join('、');
    return `${s.reason} ${s.count} 个（${some}${s.count > shown ? ' 等' : ''}）`;
  });
  return `${made}；跳过 ${skipped} 个：${reasons.join('；')}`;
}

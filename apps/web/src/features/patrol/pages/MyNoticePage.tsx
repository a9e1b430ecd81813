import { NoticeList } from '../NoticeList.tsx';

/**
 * 我的巡检内容: the rectification notices addressed to the user's company (a use unit's or a
 * maintenance company's), opened to answer with evidence; the regulator's close or reopen shows here.
 */
export default function MyNoticePage() {
  return (
    <NoticeList testId="patrol-notices" actionLabel={(r) => (r.state === 'open' ? '查看并回复' : '详情')} />
  );
}

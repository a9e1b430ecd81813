import { NoticeList } from '../NoticeList.tsx';

/**
 * 整改通知 (the regulator's): the notices of its districts' patrols, 待复核 first (the answered ones
 * to close or send back), any state or the overdue ones by the filters; each opened in the drawer
 * with its 销号 and 退回 actions.
 */
export default function NoticeReviewPage() {
  return (
    <NoticeList
      testId="patrol-review-notices"
      initialValues={{ state: 'answered' }}
      actionLabel={(r) => (r.state === 'answered' ? '复核' : '详情')}
      extraColumns={[
        { title: '整改单位', dataIndex: 'recipientName', search: false, width: 180, ellipsis: true },
      ]}
    />
  );
}

import { Tabs } from 'antd';
import { OverdueOverview } from '../features/inspection-overview/OverdueOverview.tsx';
import DueElevatorsPage from '../features/inspection-params/pages/DueElevatorsPage.tsx';
import { useIsReviewer } from '../lib/access.ts';

/**
 * 检验电梯 (/organization/elevator), composed here because it joins two features: for a regulator
 * (and the platform) the 超期未检总览 by district first, then the lifts due with their technical
 * parameters (inspection-params); for an inspection organisation the latter alone (the overview
 * refuses it).
 */
export default function InspectionElevatorPage() {
  const reviewer = useIsReviewer();
  if (!reviewer) return <DueElevatorsPage />;
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'overview', label: '超期未检总览', children: <OverdueOverview /> },
        { key: 'due', label: '到期待检与技术参数', children: <DueElevatorsPage /> },
      ]}
    />
  );
}

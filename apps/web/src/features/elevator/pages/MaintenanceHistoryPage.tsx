import { Card } from 'antd';
import { ClaimRecords } from './ClaimPage.tsx';

/** 维保历史: the maintenance company's claim records with each one's review history. */
export default function MaintenanceHistoryPage() {
  return (
    <Card styles={{ body: { padding: 0 } }}>
      <ClaimRecords type="maintenance" />
    </Card>
  );
}

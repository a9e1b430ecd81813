import { orderCheckCalls } from '@ec/contract';
import { CheckList } from '../Checks.tsx';
import { useLiveMaintenance } from '../queries.ts';

/** 画面核验 (工单核查): what the checks found in the submitted orders, photos aside. */
export default function OrderCheckPage() {
  useLiveMaintenance();
  return <CheckList calls={orderCheckCalls} picture={false} testId="order-check-list" />;
}

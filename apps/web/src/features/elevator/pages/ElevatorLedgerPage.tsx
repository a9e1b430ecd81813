import { elevatorCalls } from '@ec/contract';
import { ElevatorLedger } from './ElevatorLedger.tsx';

/** 电梯台账: the elevators in the user's scope (a maintenance company sees those bound to it). */
export default function ElevatorLedgerPage() {
  return <ElevatorLedger listCall={elevatorCalls.queryList} testId="elevator-ledger" />;
}

import { elevatorCalls } from '@ec/contract';
import { ElevatorLedger } from './ElevatorLedger.tsx';

/** 我的电梯: a use unit's own elevators. */
export default function MyElevatorsPage() {
  return <ElevatorLedger listCall={elevatorCalls.queryElevatorList} testId="my-elevators" />;
}

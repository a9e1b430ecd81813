import { ClaimPage } from './ClaimPage.tsx';

/** 使用认领 / 电梯使用认领: a use unit claims its elevators (submitClaim) or withdraws them. */
export default function UseClaimPage() {
  return <ClaimPage type="use" />;
}

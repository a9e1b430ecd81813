import { ClaimPage } from './ClaimPage.tsx';

/** 维保认领: a maintenance company claims elevators, withdraws or releases them, sees the decisions. */
export default function MaintenanceClaimPage() {
  return <ClaimPage type="maintenance" />;
}

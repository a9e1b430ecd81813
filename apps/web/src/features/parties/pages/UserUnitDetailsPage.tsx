import { usePageParam } from '../../../lib/page-param.ts';
import { useSession } from '../../../lib/session.ts';
import { UnitDetailView } from './UnitDetailsPage.tsx';

/** 本单位详情: the use unit's own details (or `?id=` for reviewers). */
export default function UserUnitDetailsPage() {
  const { user } = useSession();
  const param = usePageParam();
  return <UnitDetailView id={param ?? user?.companyId ?? null} />;
}

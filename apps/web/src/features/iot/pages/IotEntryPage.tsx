import { Navigate } from 'react-router';
import { UnauthorizedPage } from '../../../app/status-pages.tsx';
import { useSession } from '../../../lib/session.ts';
import { IOT_ELEVATOR_PATH } from '../routes.ts';

/**
 * The spec's 物联网 entry (url iot), which the sidebar hides: opened by its path, it goes on to the
 * lifts' monitoring page, or says that the account may not open it.
 */
export default function IotEntryPage() {
  const { allowed } = useSession();
  return allowed.has(IOT_ELEVATOR_PATH) ? <Navigate to={IOT_ELEVATOR_PATH} replace /> : <UnauthorizedPage />;
}

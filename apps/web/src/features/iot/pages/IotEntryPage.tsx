import { Navigate } from 'react-router';
import { UnauthorizedPage } from '../../../app/status-pages.tsx';
import { IOT_PATHS } from '../../../lib/routes.ts';
import { useSession } from '../../../lib/session.ts';

/**
 * The spec's 物联网 entry (url iot), which the sidebar hides: opened by its path, it goes on to the
 * lifts' monitoring page, or says that the account may not open it.
 */
export default function IotEntryPage() {
  const { allowed } = useSession();
  return allowed.has(IOT_PATHS.elevator) ? (
    <Navigate to={IOT_PATHS.elevator} replace />
  ) : (
    <UnauthorizedPage />
  );
}

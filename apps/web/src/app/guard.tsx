import { ALL_PERMISSIONS } from '@ec/contract/call';
import { Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { getToken } from '../lib/cookies.ts';
import { showError } from '../lib/feedback.ts';
import {
  AD_WORK_PATH,
  INSPECT_WORK_PATH,
  PATROL_WORK_PATH,
  RESCUE_WORK_PATH,
  WORK_PATH,
} from '../lib/routes.ts';
import { filingPathFor, resetSession, type Session, useSession } from '../lib/session.ts';
import { isFilingPath, isKnownPath } from './route-table.ts';

const ChangeTemporaryPasswordPage = lazy(() => import('../features/auth/ChangeTemporaryPasswordPage.tsx'));

let pending: Promise<Session> | null = null;
/** One load at a time, however many times the guard renders. */
function loadOnce(): Promise<Session> {
  // The loader (and the contract with it) is fetched only when a console page needs a session.
  pending ??= import('../lib/session-load.ts')
    .then(({ loadSession }) => loadSession())
    .finally(() => {
      pending = null;
    });
  return pending;
}

/**
 * The permission of the worker's phone page (/m/work), outside the menu: the contract's
 * ORDER_PERMISSIONS.work, spelled here so that the guard does not load the contract's schemas
 * (features/maintenance-work/work.test.ts holds the two equal).
 */
export const WORK_PERMISSION = 'maintenance:order:work';

/** Whether a user with these permissions may open the worker's phone page. */
export const mayWork = (permissions: readonly string[]) =>
  permissions.includes(ALL_PERMISSIONS) || permissions.includes(WORK_PERMISSION);

/** The rescuer's phone page (/m/rescue): RESCUE_PERMISSIONS.caseRescue (features/rescue-work tests hold them equal). */
export const RESCUE_PERMISSION = 'rescue:case:rescue';

/** Whether a user with these permissions may open the rescuer's phone page. */
export const mayRescue = (permissions: readonly string[]) =>
  permissions.includes(ALL_PERMISSIONS) || permissions.includes(RESCUE_PERMISSION);

/** The inspector's phone page (/m/inspect): REPORT_PERMISSIONS.edit (features/inspection-work tests hold them equal). */
export const INSPECT_PERMISSION = 'inspection:report:edit';

/** Whether a user with these permissions may open the inspector's phone page. */
export const mayInspect = (permissions: readonly string[]) =>
  permissions.includes(ALL_PERMISSIONS) || permissions.includes(INSPECT_PERMISSION);

/** The patrol's phone page (/m/patrol): PATROL_PERMISSIONS.taskExecute (features/patrol tests hold them equal). */
export const PATROL_PERMISSION = 'patrol:task:execute';

/** Whether a user with these permissions may open the patrol's phone page. */
export const mayPatrol = (permissions: readonly string[]) =>
  permissions.includes(ALL_PERMISSIONS) || permissions.includes(PATROL_PERMISSION);

/** The advertising field worker's phone page (/m/ad): AD_TASK_PERMISSIONS.taskWork (features/ad/tasks/work tests hold them equal). */
export const AD_WORK_PERMISSION = 'ad:task:work';

/** Whether a user with these permissions may open the advertising field worker's phone page. */
export const mayAdWork = (permissions: readonly string[]) =>
  permissions.includes(ALL_PERMISSIONS) || permissions.includes(AD_WORK_PERMISSION);

export const loginPathFor = (wanted: string) =>
  wanted === '/' || wanted === '' ? '/login' : `/login?redirect=${encodeURIComponent(wanted)}`;

/**
 * The route guard (doc 000 §2, §4): no token → sign-in with the wanted path; a token but no
 * session → load it (on failure clear the token and go to sign-in); a temporary password → its
 * change, whatever the path (the server answers nothing else); filing interception; paths outside
 * the user's menu → /401, and the worker's phone page (not in any menu) → /401 without its
 * permission.
 */
export function AuthGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const token = getToken();
  const [failed, setFailed] = useState(false);
  const wanted = location.pathname + location.search;

  useEffect(() => {
    if (!token || session.user || failed) return;
    loadOnce().catch((err: unknown) => {
      resetSession();
      setFailed(true);
      showError((err instanceof Error && err.message) || 'Has Error');
      navigate(loginPathFor(wanted), { replace: true });
    });
  }, [token, session.user, failed, navigate, wanted]);

  if (!token) return <Navigate to={loginPathFor(wanted)} replace />;
  const loading = (
    <div style={{ height: '100vh', display: 'grid', placeItems: 'center' }}>
      <Spin size="large" tip="正在加载用户信息…">
        <div style={{ width: 200, height: 80 }} />
      </Spin>
    </div>
  );
  if (!session.user) return loading;
  if (session.user.mustChangePassword) {
    return (
      <Suspense fallback={loading}>
        <ChangeTemporaryPasswordPage />
      </Suspense>
    );
  }
  const path = location.pathname;
  if (session.needIntercept && !isFilingPath(path)) {
    return <Navigate to={filingPathFor(session.user)} replace />;
  }
  if (path === WORK_PATH && !mayWork(session.user.permissions)) {
    return <Navigate to="/401" replace />;
  }
  if (path === RESCUE_WORK_PATH && !mayRescue(session.user.permissions)) {
    return <Navigate to="/401" replace />;
  }
  if (path === PATROL_WORK_PATH && !mayPatrol(session.user.permissions)) {
    return <Navigate to="/401" replace />;
  }
  if (path === INSPECT_WORK_PATH && !mayInspect(session.user.permissions)) {
    return <Navigate to="/401" replace />;
  }
  if (path === AD_WORK_PATH && !mayAdWork(session.user.permissions)) {
    return <Navigate to="/401" replace />;
  }
  if (path !== '/' && isKnownPath(path) && !isFilingPath(path) && !session.allowed.has(path)) {
    return <Navigate to="/401" replace />;
  }
  return <Outlet />;
}

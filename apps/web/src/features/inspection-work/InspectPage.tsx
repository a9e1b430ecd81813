import { useSearchParams } from 'react-router';
import { useSession } from '../../lib/session.ts';
import css from './inspect.module.css';
import { LiftScreen } from './LiftScreen.tsx';
import { TaskList } from './TaskList.tsx';

/**
 * 检验作业 (/m/inspect): the inspector's phone page, outside the console's layout. Its lifts (today's
 * first, then the upcoming and the overdue ones, then the signed ones waiting for the organisation's
 * push), and one lift (?order=): its facts, the item results (符合 / 不符合 / 无此项, key items marked,
 * a remark and photos of each defect), the conclusion the server draws, the inspection date and
 * instruments, save and signature. Plain React and a CSS module (no antd), like /m/work.
 */
export default function InspectPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const raw = params.get('order');
  const orderId = raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  if (!user) return null;
  return (
    <div className={css.page} data-testid="inspect-page">
      <header className={css.header}>
        {orderId !== null && (
          <button type="button" className={css.headerButton} onClick={() => setParams({})}>
            ‹ 任务
          </button>
        )}
        <span className={css.headerTitle}>{orderId === null ? '我的检验任务' : '现场检验'}</span>
        <span className={css.headerUser}>{user.name}</span>
      </header>
      {orderId === null ? (
        <TaskList onOpen={(id) => setParams({ order: String(id) })} />
      ) : (
        <LiftScreen key={orderId} orderId={orderId} onBack={() => setParams({})} />
      )}
    </div>
  );
}

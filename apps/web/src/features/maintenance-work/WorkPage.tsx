import { useSearchParams } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { OrderList } from './OrderList.tsx';
import { OrderScreen } from './OrderScreen.tsx';
import css from './work.module.css';

/**
 * 维保作业 (/m/work): the maintenance worker's phone page, outside the console's layout. The list of
 * the worker's orders, and one order (?id=) from the sign-in at the lift to the signed submission.
 * Plain React and a CSS module (no antd): a small chunk for a phone on a weak network.
 */
export default function WorkPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const raw = params.get('id');
  const orderId = raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  if (!user) return null;
  return (
    <div className={css.page} data-testid="work-page">
      <header className={css.header}>
        {orderId !== null && (
          <button type="button" className={css.headerButton} onClick={() => setParams({})}>
            ‹ 工单
          </button>
        )}
        <span className={css.headerTitle}>{orderId === null ? '我的维保工单' : '维保作业'}</span>
        <span className={css.headerUser}>{user.name}</span>
      </header>
      {orderId === null ? (
        <OrderList onOpen={(id) => setParams({ id: String(id) })} />
      ) : (
        <OrderScreen key={orderId} orderId={orderId} userId={user.userId} onBack={() => setParams({})} />
      )}
    </div>
  );
}

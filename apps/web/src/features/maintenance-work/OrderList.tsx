import { maintenanceWorkCalls, ORDER_STATUS } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { workKeys } from './useOrderWork.ts';
import css from './work.module.css';

/** Today's orders and the earlier ones not yet finished, oldest plan date first. */
export function OrderList({ onOpen }: { onOpen: (id: number) => void }) {
  const mine = useQuery({
    queryKey: workKeys.mine,
    queryFn: ({ signal }) => call(maintenanceWorkCalls.myOrders, {}, { signal, silent: true }),
    staleTime: 0,
  });
  return (
    <main className={css.body}>
      <div className={css.row} style={{ marginBottom: 8 }}>
        <span className={`${css.grow} ${css.muted}`}>
          {mine.data ? `共 ${mine.data.length} 张（今天及之前未完成的）` : '正在加载…'}
        </span>
        <button
          type="button"
          className={css.linkButton}
          onClick={() => void mine.refetch()}
          disabled={mine.isFetching}
        >
          刷新
        </button>
      </div>
      {mine.isPending ? (
        <>
          <div className={css.skeleton} />
          <div className={css.skeleton} />
          <div className={css.skeleton} />
        </>
      ) : mine.isError ? (
        <div className={css.empty} role="alert">
          工单加载失败：{mine.error.message}
        </div>
      ) : mine.data.length === 0 ? (
        <div className={css.empty}>今天没有待完成的维保工单</div>
      ) : (
        mine.data.map((o) => (
          <button
            key={o.id}
            type="button"
            className={css.cardButton}
            data-testid="work-order-card"
            onClick={() => onOpen(o.id)}
          >
            <div className={css.row}>
              <span className={`${css.grow} ${css.title}`}>{o.address}</span>
              <span className={o.status >= ORDER_STATUS.awaitingConfirm ? css.badgeDone : css.badge}>
                {o.statusLabel}
              </span>
            </div>
            <div className={css.muted}>
              {o.orderNo} · {o.kindLabel}
            </div>
            <div className={css.row}>
              <span className={`${css.grow} ${css.muted}`}>
                计划日期 {o.planDate}
                {o.elevatorName ? ` · ${o.elevatorName}` : ''}
              </span>
              {o.late && <span className={css.badgeLate}>逾期</span>}
            </div>
          </button>
        ))
      )}
    </main>
  );
}

import css from './inspect.module.css';
import { groupTasks } from './logic.ts';
import { useTasks } from './queries.ts';

/** The inspector's lifts in their groups: today, upcoming, overdue, signed (waiting for the push). */
export function TaskList({ onOpen }: { onOpen: (orderId: number) => void }) {
  const tasks = useTasks();
  return (
    <main className={css.body}>
      <div className={css.row} style={{ marginBottom: 8 }}>
        <span className={`${css.grow} ${css.muted}`}>
          {tasks.data ? `共 ${tasks.data.length} 台电梯` : '正在加载…'}
        </span>
        <button
          type="button"
          className={css.linkButton}
          onClick={() => void tasks.refetch()}
          disabled={tasks.isFetching}
        >
          刷新
        </button>
      </div>
      {tasks.isPending ? (
        <>
          <div className={css.skeleton} />
          <div className={css.skeleton} />
        </>
      ) : tasks.isError ? (
        <div className={css.empty} role="alert">
          检验任务加载失败：{tasks.error.message}
        </div>
      ) : tasks.data.length === 0 ? (
        <div className={css.empty}>当前没有分配给您的检验任务</div>
      ) : (
        groupTasks(tasks.data).map((g) => (
          <section key={g.due} data-testid={`inspect-group-${g.due}`} aria-label={g.title}>
            <div className={css.sectionTitle}>
              {g.title}（{g.tasks.length}）
            </div>
            {g.tasks.map((t) => (
              <button
                key={t.orderId}
                type="button"
                className={css.cardButton}
                data-testid="inspect-task"
                data-order-id={t.orderId}
                onClick={() => onOpen(t.orderId)}
              >
                <div className={css.row}>
                  <span className={`${css.grow} ${css.title}`}>{t.address}</span>
                  {t.attempt > 1 && <span className={css.badgeKey}>复检</span>}
                  <span className={t.due === 'signed' ? css.badgeDone : css.badge}>
                    {t.reportStateLabel ?? t.orderStateLabel}
                  </span>
                </div>
                <div className={css.muted}>
                  {t.registerCode}
                  {t.varietyName ? ` · ${t.varietyName}` : ''}
                  {t.elevatorName ? ` · ${t.elevatorName}` : ''}
                </div>
                <div className={css.row}>
                  <span className={`${css.grow} ${css.muted}`}>
                    {t.useUnitName ?? ''}
                    {t.plannedDate ? ` · 检验日期 ${t.plannedDate}` : ''}
                  </span>
                  {t.total !== null && (
                    <span className={css.muted}>
                      已录 {t.recorded}/{t.total}
                    </span>
                  )}
                  {t.due === 'overdue' && <span className={css.badgeLate}>逾期</span>}
                </div>
              </button>
            ))}
          </section>
        ))
      )}
    </main>
  );
}

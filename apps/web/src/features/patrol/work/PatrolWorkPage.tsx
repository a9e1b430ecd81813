import { type PatrolTaskDetail, patrolTaskCalls } from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CardList, type CardListClasses } from '../../../components/phone/CardList.tsx';
import { ApiError, call } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import { canComplete, missingCount, targetProgress } from '../logic.ts';
import { patrolKeys } from '../queries.ts';
import css from './patrol.module.css';
import { TargetScreen } from './TargetScreen.tsx';

/** The patrol's cards keep their own look (a bordered card, a smaller title) in CardList. */
const LOOK: Partial<CardListClasses> = {
  card: css.card,
  row: css.row,
  title: css.title,
  muted: css.muted,
  empty: css.empty,
  error: css.error,
};

const positive = (raw: string | null) => (raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

/**
 * 现场巡检 (/m/patrol): the assignee's phone page, outside the console's layout. Its open tasks; a
 * task's targets with their progress; one target's items (符合/不符合/不适用, what was found, photos,
 * the position) saved at once; 完成任务 when every item of every target has a result.
 */
export default function PatrolWorkPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const taskId = positive(params.get('id'));
  const targetId = positive(params.get('target'));
  if (!user) return null;
  const title = taskId === null ? '我的巡检任务' : targetId === null ? '巡检任务' : '现场检查';
  const back = () => setParams(targetId !== null && taskId !== null ? { id: String(taskId) } : {});
  return (
    <div className={css.page} data-testid="patrol-work-page">
      <header className={css.header}>
        {taskId !== null && (
          <button type="button" className={css.headerButton} onClick={back}>
            ‹ 返回
          </button>
        )}
        <span className={css.headerTitle}>{title}</span>
        <span>{user.name}</span>
      </header>
      {taskId === null ? (
        <TaskList onOpen={(id) => setParams({ id: String(id) })} />
      ) : (
        <TaskScreen
          key={taskId}
          taskId={taskId}
          targetId={targetId}
          onTarget={(id) =>
            setParams(id === null ? { id: String(taskId) } : { id: String(taskId), target: String(id) })
          }
        />
      )}
    </div>
  );
}

function TaskList({ onOpen }: { onOpen: (id: number) => void }) {
  const mine = useQuery({
    queryKey: [...patrolKeys.all, 'mine'],
    queryFn: ({ signal }) => call(patrolTaskCalls.myTasks, {}, { signal, silent: true }),
    staleTime: 0,
  });
  return (
    <main className={css.body}>
      <CardList
        classes={LOOK}
        loading={mine.isPending}
        error={mine.isError ? `任务加载失败：${mine.error.message}` : undefined}
        items={mine.data}
        empty="没有待执行或执行中的巡检任务"
        card={(t) => ({
          key: t.id,
          testId: 'patrol-task-card',
          onOpen: () => onOpen(t.id),
          title: t.name,
          tags: [{ label: t.stateLabel, tone: t.state === 'running' ? 'info' : 'done' }],
          fields: [
            `${t.taskNo} · ${t.areaName ?? t.areaCode} · ${t.templateName}`,
            `${t.planStart} 至 ${t.planEnd} · 已查 ${t.checkedCount}/${t.targetCount} 个${t.targetKindLabel}`,
          ],
        })}
      />
    </main>
  );
}

function TaskScreen({
  taskId,
  targetId,
  onTarget,
}: {
  taskId: number;
  targetId: number | null;
  onTarget: (id: number | null) => void;
}) {
  const client = useQueryClient();
  const task = useQuery({
    queryKey: patrolKeys.task(taskId),
    queryFn: ({ signal }) => call(patrolTaskCalls.queryDetail, { id: taskId }, { signal, silent: true }),
    retry: false,
  });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (task.isPending) return <div className={css.empty}>正在加载…</div>;
  if (task.isError)
    return (
      <div className={css.body}>
        <div className={css.error} role="alert">
          {task.error instanceof ApiError && task.error.status === 404
            ? '巡检任务不存在或无权访问'
            : task.error.message}
        </div>
      </div>
    );
  const t = task.data;
  const saved = (next: PatrolTaskDetail) => {
    client.setQueryData(patrolKeys.task(taskId), next);
    void client.invalidateQueries({ queryKey: patrolKeys.all });
  };
  const target = targetId === null ? null : t.targets.find((x) => x.id === targetId);
  if (target)
    return (
      <TargetScreen
        key={target.id}
        task={t}
        target={target}
        onSaved={(next) => {
          saved(next);
          onTarget(null);
        }}
      />
    );
  const open = t.state === 'pending' || t.state === 'running';
  const complete = async () => {
    setBusy(true);
    setError(null);
    try {
      const next = await call(patrolTaskCalls.complete, { id: t.id, version: t.version }, { silent: true });
      saved(next);
      setDone('巡检任务已完成');
    } catch (e) {
      setError((e as Error).message);
      void task.refetch();
    } finally {
      setBusy(false);
    }
  };
  const left = missingCount(t);
  return (
    <>
      <main className={css.body}>
        <div className={css.card}>
          <div className={css.row}>
            <span className={`${css.grow} ${css.title}`}>{t.name}</span>
            <span className={t.state === 'done' ? css.badgeDone : css.badge} data-testid="work-task-state">
              {t.stateLabel}
            </span>
          </div>
          <div className={css.muted}>
            {t.taskNo} · {t.templateName} · {t.planStart} 至 {t.planEnd}
          </div>
          <div className={css.muted}>{left > 0 ? `还有 ${left} 项未检查` : '全部检查项已填写'}</div>
        </div>
        {error && (
          <div className={css.error} role="alert">
            {error}
          </div>
        )}
        {done && <div className={css.notice}>{done}</div>}
        <CardList
          classes={LOOK}
          items={t.targets}
          card={(x) => {
            const fails = x.results.filter((r) => r.result === 'fail').length;
            return {
              key: x.id,
              testId: 'patrol-target-card',
              onOpen: () => onTarget(x.id),
              disabled: !open,
              title: x.name,
              tags: [
                {
                  label: `已查 ${targetProgress(t.items, x)}`,
                  tone: x.results.length === t.items.length ? 'done' : 'info',
                },
              ],
              fields: [x.address ?? ''],
              extra: fails > 0 && <span className={css.badgeFail}>不符合 {fails} 项</span>,
            };
          }}
        />
      </main>
      {open && (
        <div className={css.footer}>
          <button
            type="button"
            className={css.primary}
            disabled={!canComplete(t) || busy}
            onClick={complete}
            data-testid="complete-task"
          >
            {canComplete(t) ? '完成巡检任务' : '检查完全部项目后可完成任务'}
          </button>
        </div>
      )}
    </>
  );
}

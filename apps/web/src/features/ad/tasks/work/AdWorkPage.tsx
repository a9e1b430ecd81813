import { adTaskCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CardList } from '../../../../components/phone/CardList.tsx';
import phone from '../../../../components/phone/phone.module.css';
import { call } from '../../../../lib/api.ts';
import { useSession } from '../../../../lib/session.ts';
import css from './adwork.module.css';
import { STATUS_TONE, WORK_TABS } from './logic.ts';
import { TaskScreen, workKeys } from './TaskScreen.tsx';

const PAGE = 20;

const positive = (raw: string | null) => (raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

/**
 * 广告投放作业 (/m/ad): the advertising field worker's phone page, outside the console's layout. The
 * tasks of the field worker bound to the account (`mine=true`: the server finds him; an account bound
 * to none gets none, and the server's reason), 待执行 first; a task: scan or type the point's QR code
 * and bind it, photograph the poster, and send the log with the phone's position (the server
 * measures it against the lift).
 */
export default function AdWorkPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const taskId = positive(params.get('id'));
  // The worker's name, once the list has said whose tasks these are.
  const [workerName, setWorkerName] = useState<string | null>(null);
  if (!user) return null;
  return (
    <div className={phone.page} data-testid="ad-work-page">
      <header className={phone.header}>
        {taskId !== null && (
          <button type="button" className={phone.headerButton} onClick={() => setParams({})}>
            ‹ 返回
          </button>
        )}
        <span className={phone.headerTitle}>{taskId === null ? '广告投放任务' : '投放作业'}</span>
        <span className={phone.headerUser}>{workerName ?? user.name}</span>
      </header>
      {taskId === null ? (
        <TaskList onOpen={(id) => setParams({ id: String(id) })} onWorker={setWorkerName} />
      ) : (
        <TaskScreen key={taskId} taskId={taskId} />
      )}
    </div>
  );
}

function TaskList({
  onOpen,
  onWorker,
}: {
  onOpen: (id: number) => void;
  onWorker: (name: string | null) => void;
}) {
  const [status, setStatus] = useState<number>(WORK_TABS[0].status);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const tasks = useQuery({
    queryKey: [...workKeys.list, 'mine', status, keyword, limit],
    queryFn: ({ signal }) =>
      call(
        adTaskCalls.getTaskList,
        { mine: true, status, keyword: keyword || undefined, page: 1, limit },
        { signal, silent: true },
      ),
    staleTime: 0,
  });
  const mine = tasks.data?.mine;
  useEffect(() => {
    if (mine) onWorker(mine.workerName);
  }, [mine, onWorker]);
  const reason = mine?.reason;
  return (
    <main className={css.body}>
      <div className={css.tabs} role="tablist">
        {WORK_TABS.map((t) => (
          <button
            key={t.status}
            type="button"
            role="tab"
            aria-selected={status === t.status}
            className={status === t.status ? css.tabOn : css.tab}
            onClick={() => {
              setStatus(t.status);
              setLimit(PAGE);
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <form
        className={phone.row}
        style={{ marginBottom: 10 }}
        onSubmit={(e) => {
          e.preventDefault();
          setKeyword(typed.trim());
          setLimit(PAGE);
        }}
      >
        <input
          className={phone.input}
          value={typed}
          maxLength={50}
          placeholder="订单号、点位编号或地址"
          aria-label="关键字"
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className={css.secondary} style={{ width: 88, marginTop: 0 }}>
          查询
        </button>
      </form>
      <CardList
        loading={tasks.isPending}
        error={tasks.isError ? `任务加载失败：${tasks.error.message}` : reason}
        errorTestId={tasks.isError ? undefined : 'ad-work-reason'}
        items={tasks.data?.records}
        empty={`没有${WORK_TABS.find((t) => t.status === status)?.label}的投放任务`}
        summary={`共 ${tasks.data?.total} 个任务`}
        card={(t) => ({
          key: t.id,
          testId: 'ad-work-task',
          onOpen: () => onOpen(t.id),
          title: t.pointName,
          tags: [{ label: t.kindLabel }, { label: t.statusLabel, tone: STATUS_TONE[t.status] }],
          fields: [
            t.address ?? '—',
            `订单 ${t.orderNo ?? '—'} · ${t.customerName ?? '—'} · 计划 ${t.planDate}`,
          ],
        })}
        onMore={
          tasks.data && tasks.data.total > tasks.data.records.length
            ? () => setLimit((n) => n + PAGE)
            : undefined
        }
      />
    </main>
  );
}

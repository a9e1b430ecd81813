import { CASE_STATE, RESCUE_CASE_TOPIC, type RescueCaseDetail, rescueCaseCalls } from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ApiError, call } from '../../lib/api.ts';
import { byUrgency, caseTimers, type Limits, type Tone } from '../../lib/case-board.ts';
import { useLiveEvents } from '../../lib/live.ts';
import { timingOf, useServerNow } from '../../lib/server-clock.ts';
import { useSession } from '../../lib/session.ts';
import { currentPosition } from './position.ts';
import css from './rescue.module.css';
import { type Move, nextMove } from './steps.ts';

export const rescueWorkKeys = {
  mine: (all: boolean) => ['rescue-work', 'mine', all] as const,
  all: ['rescue-work'] as const,
};

type Notice = { tone: 'ok' | 'error'; text: string } | null;

const toneClass = (t: Tone) =>
  t === 'late' ? `${css.timer} ${css.late}` : t === 'warn' ? `${css.timer} ${css.warn}` : css.timer;

/** One dispatched case: where, who called, how many trapped, its timers and the next step's big button. */
function CaseCard({
  c,
  now,
  limits,
  onMoved,
}: {
  c: RescueCaseDetail;
  /** The server's time. */
  now: number;
  /** The limits in force (system parameters), as the agents' board counts. */
  limits: Limits;
  /** After every move, what the page says about it (the server's message when it was refused). */
  onMoved: (said: Notice) => void;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [freed, setFreed] = useState(String(c.trapped));
  const move = nextMove(c.status);
  const t = caseTimers(c, now, limits);

  const act = async (m: Move) => {
    if (busy) return;
    setNotice(null);
    try {
      if (m === 'accept') {
        setBusy('正在接单…');
        await call(rescueCaseCalls.accept, { id: c.id, version: c.version }, { silent: true });
        setNotice({ tone: 'ok', text: '已接单，请尽快赶往现场' });
      } else if (m === 'arrive') {
        setBusy('正在获取位置…');
        const pos = await currentPosition();
        setBusy('正在提交…');
        await call(
          rescueCaseCalls.arrive,
          {
            id: c.id,
            version: c.version,
            latitude: pos?.latitude ?? null,
            longitude: pos?.longitude ?? null,
          },
          { silent: true },
        );
        setNotice({ tone: 'ok', text: pos ? '已到达现场（已记录位置）' : '已到达现场（未取得位置）' });
      } else {
        const n = Number(freed);
        if (!/^\d{1,2}$/.test(freed.trim()) || n < 0) {
          setNotice({ tone: 'error', text: '解救人数应为 0–99 的整数' });
          setBusy(null);
          return;
        }
        setBusy('正在提交…');
        await call(rescueCaseCalls.free, { id: c.id, version: c.version, freed: n }, { silent: true });
        setNotice({ tone: 'ok', text: '已记录解救完成' });
        // A freed case leaves the list of cases to work on: the page says so above the list.
        setBusy(null);
        onMoved({ tone: 'ok', text: `${c.caseNo} 已记录解救完成，等待坐席回访并关闭` });
        return;
      }
      setBusy(null);
      onMoved(null);
    } catch (e) {
      const text = e instanceof ApiError ? e.message : '提交失败，请重试';
      setNotice({ tone: 'error', text });
      setBusy(null);
      onMoved({ tone: 'error', text: `${c.caseNo}：${text}` });
    }
  };

  return (
    <article className={css.card} data-testid="rescue-case" data-case-id={c.id} data-status={c.status}>
      <div className={css.row}>
        <span className={`${css.grow} ${css.title}`}>{c.address ?? '地址待确认'}</span>
        <span className={c.status >= CASE_STATE.freed ? css.badgeDone : css.badge}>{c.statusLabel}</span>
      </div>
      <div className={css.muted}>
        {c.caseNo} · {c.kindLabel} · {c.levelLabel}
      </div>
      <div className={css.facts}>
        被困 <strong>{c.trapped}</strong> 人{c.rescueCode ? ` · 救援识别码 ${c.rescueCode}` : ''}
        {c.elevatorName ? ` · ${c.elevatorName}` : ''}
        {c.callerPhone && (
          <>
            {' · 来电 '}
            <a href={`tel:${c.callerPhone}`}>{c.callerPhone}</a>
          </>
        )}
      </div>
      {c.useCompanyName && (
        <div className={css.muted}>
          使用单位 {c.useCompanyName}
          {c.useCompanyPhone && (
            <>
              {' '}
              <a href={`tel:${c.useCompanyPhone}`}>{c.useCompanyPhone}</a>
            </>
          )}
        </div>
      )}
      {c.description && <div className={css.muted}>情况：{c.description}</div>}
      <div className={css.timers}>
        <span>
          报警 <span className={css.timer}>{t.sinceAlarm}</span>
        </span>
        {t.accept && (
          <span>
            接单{t.accept.overdue ? '已超时' : '剩余'}{' '}
            <span className={toneClass(t.accept.overdue ? 'late' : 'normal')}>{t.accept.text}</span>
          </span>
        )}
        {t.arrival && (
          <span>
            {t.arrival.running ? '到达计时' : '到达用时'}{' '}
            <span className={toneClass(t.arrival.tone)}>{t.arrival.text}</span>
          </span>
        )}
      </div>
      {move === 'free' && (
        <label className={css.freed}>
          <span>解救人数</span>
          <input
            className={css.input}
            inputMode="numeric"
            aria-label="解救人数"
            value={freed}
            onChange={(e) => setFreed(e.target.value)}
          />
        </label>
      )}
      {move && (
        <button
          type="button"
          className={css.bigButton}
          disabled={busy !== null}
          onClick={() => void act(move)}
          data-testid={`rescue-${move}`}
        >
          {busy ?? (move === 'accept' ? '接单' : move === 'arrive' ? '到达现场' : '解救完成')}
        </button>
      )}
      {c.status === CASE_STATE.freed && <div className={css.muted}>已解救，等待坐席回访并关闭工单</div>}
      <div
        className={notice?.tone === 'error' ? css.noticeError : css.notice}
        role="status"
        aria-live="polite"
      >
        {notice?.text ?? ''}
      </div>
    </article>
  );
}

/**
 * 应急救援 (/m/rescue): the rescuer's phone page, outside the console's layout. The cases dispatched
 * to the user's company (maintenance company at level 1, rescue unit at level 2), kept current by the
 * server's live events, each with its next step: 接单 → 到达现场 (with the phone's position when the
 * browser gives it) → 解救完成. A case someone else moved shows the server's message and reloads.
 */
export default function RescuePage() {
  const { user } = useSession();
  const client = useQueryClient();
  const [all, setAll] = useState(false);
  const [said, setSaid] = useState<Notice>(null);
  const mine = useQuery({
    queryKey: rescueWorkKeys.mine(all),
    queryFn: async ({ signal }) => {
      const m = await call(rescueCaseCalls.myCases, all ? { all: 'true' } : {}, { signal, silent: true });
      // The offset is taken when the answer arrives: the phone's clock may be wrong.
      return { ...m, timing: timingOf(m) };
    },
    staleTime: 0,
  });
  const refresh = useCallback(
    () => void client.invalidateQueries({ queryKey: rescueWorkKeys.all }),
    [client],
  );
  useLiveEvents(RESCUE_CASE_TOPIC, refresh, refresh);
  const { limits, offset } = mine.data?.timing ?? timingOf(undefined);
  const now = useServerNow(offset);
  if (!user) return null;
  const cases = mine.data?.cases;
  const open = cases?.filter((c) => c.status !== CASE_STATE.closed).length ?? 0;

  return (
    <div className={css.page} data-testid="rescue-page">
      <header className={css.header}>
        <span className={css.headerTitle}>应急救援</span>
        <span className={css.headerUser}>{user.companyName ?? user.name}</span>
      </header>
      <main className={css.body}>
        <div className={css.row} style={{ marginBottom: 8 }}>
          <span className={`${css.grow} ${css.muted}`}>
            {cases ? `待处理 ${open} 单${all ? `，共 ${cases.length} 单` : ''}` : '正在加载…'}
          </span>
          <button type="button" className={css.linkButton} onClick={() => setAll((a) => !a)}>
            {all ? '只看待处理' : '含近期已完成'}
          </button>
          <button
            type="button"
            className={css.linkButton}
            onClick={() => void mine.refetch()}
            disabled={mine.isFetching}
          >
            刷新
          </button>
        </div>
        {said && (
          <div
            className={`${css.card} ${said.tone === 'error' ? css.noticeError : css.notice}`}
            role={said.tone === 'error' ? 'alert' : 'status'}
            data-testid="rescue-said"
          >
            {said.text}
          </div>
        )}
        {mine.isPending ? (
          <>
            <div className={css.skeleton} />
            <div className={css.skeleton} />
          </>
        ) : mine.isError ? (
          <div className={css.empty} role="alert">
            工单加载失败：{mine.error.message}
          </div>
        ) : mine.data.cases.length === 0 ? (
          <div className={css.empty}>当前没有派给本单位的救援工单</div>
        ) : (
          byUrgency(mine.data.cases, now).map((c) => (
            <CaseCard
              key={c.id}
              c={c}
              now={now}
              limits={limits}
              onMoved={(next) => {
                setSaid(next);
                refresh();
              }}
            />
          ))
        )}
      </main>
    </div>
  );
}

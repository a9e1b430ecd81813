import {
  AGENT_TOPIC,
  CASE_KIND,
  RESCUE_PERMISSIONS,
  type RescueCaseRow,
  rescueCaseCalls,
} from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Badge, Button, Card, Col, Empty, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AreaCascader } from '../../../components/AreaCascader.tsx';
import { CallPopupDrawer, callPopupKey, type PopupCaller } from '../../../components/CallPopupDrawer.tsx';
import { lastCode } from '../../../components/table-input.ts';
import { usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import {
  byUrgency,
  caseTimers,
  clockOffset,
  isTyping,
  type Limits,
  SHORTCUTS,
  shortcutOf,
} from '../../../lib/case-board.ts';
import { dash } from '../../../lib/format.ts';
import { useLiveRefresh } from '../../../lib/live.ts';
import { DEFAULT_LIMITS, useServerNow } from '../../../lib/server-clock.ts';
import { type Board, boardEvent } from '../board-state.ts';
import { CaseState } from '../CaseFacts.tsx';
import { CasePanel, type CasePanelHandle, NoCase } from '../CasePanel.tsx';
import { LEVEL_SHORT } from '../labels.ts';
import { NewCaseDialog } from '../NewCaseDialog.tsx';
import { rescueKeys, useCaseEvents } from '../queries.ts';
import { RecentCalls } from '../RecentCalls.tsx';
import { TimerText } from '../Timers.tsx';

/** One open case on the board: kind, lift, trapped, level, assignee and its timers. */
function BoardCase({
  c,
  now,
  limits,
  selected,
  onSelect,
}: {
  c: RescueCaseRow;
  now: number;
  limits: Limits;
  selected: boolean;
  onSelect: () => void;
}) {
  const t = caseTimers(c, now, limits);
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      aria-label={`${c.caseNo} ${c.kindLabel} ${c.statusLabel} ${c.address ?? '未定位电梯'}`}
      data-testid="board-case"
      data-case-id={c.id}
      data-status={c.status}
      style={{
        display: 'block',
        width: '100%',
        textAlign: 'left',
        padding: '8px 10px',
        marginBottom: 8,
        border: `1px solid ${selected ? '#1677ff' : '#f0f0f0'}`,
        borderLeft: `4px solid ${c.kind === CASE_KIND.trapped ? '#f5222d' : '#1677ff'}`,
        borderRadius: 6,
        background: selected ? '#e6f4ff' : '#fff',
        cursor: 'pointer',
      }}
    >
      <Space size={4} wrap>
        <Tag color={c.kind === CASE_KIND.trapped ? 'red' : 'blue'}>{c.kindLabel}</Tag>
        <CaseState status={c.status} label={c.statusLabel} />
        <Typography.Text type="secondary">{c.caseNo}</Typography.Text>
      </Space>
      <div style={{ fontWeight: 600, margin: '4px 0' }}>{c.address ?? '未定位电梯'}</div>
      <div style={{ fontSize: 12, color: '#595959' }}>
        被困 {c.trapped} 人 · {LEVEL_SHORT[c.level] ?? c.levelLabel} · 承办 {dash(c.assigneeName)}
      </div>
      <Space size={12} wrap style={{ fontSize: 12 }}>
        <span>
          报警 <TimerText text={t.sinceAlarm} />
        </span>
        {t.accept && (
          <span data-testid="accept-timer">
            接单{t.accept.overdue ? '超时' : '剩'}{' '}
            <TimerText text={t.accept.text} tone={t.accept.overdue ? 'late' : 'normal'} />
          </span>
        )}
        {t.arrival?.running && (
          <span data-testid="arrival-timer">
            到达计时 <TimerText text={t.arrival.text} tone={t.arrival.tone} />
          </span>
        )}
        {t.arrival && !t.arrival.running && (
          <span>
            到达用时 <TimerText text={t.arrival.text} tone={t.arrival.tone} />
          </span>
        )}
      </Space>
    </button>
  );
}

/**
 * 应急处置 (/yjcz): the agents' live board and case console. Left, the open cases by urgency with
 * their timers, kept current by the server's live events; right, the chosen case. The common path
 * works from the keyboard: N opens a case, Enter moves on, the locate box takes the rescue code,
 * Ctrl+Enter dispatches level 1. Opened by the telephony pop-up as /yjcz?token=…, the call's pop-up
 * shows the caller, and its 新建工单 opens the case with the number filled in and the call linked.
 */
export default function BoardPage() {
  const client = useQueryClient();
  const { message, modal } = App.useApp();
  const mayHandle = usePermission(RESCUE_PERMISSIONS.caseHandle);
  const mayAgents = usePermission(RESCUE_PERMISSIONS.agentList);
  // The district shown (the picker's last code); null: every district the user may see.
  const [area, setArea] = useState<string[]>([]);
  const areaCode = (lastCode(area) as string | undefined) ?? null;
  const board = useQuery({
    queryKey: rescueKeys.boardOf(areaCode),
    queryFn: async ({ signal }): Promise<Board> => {
      const b = await call(rescueCaseCalls.board, areaCode ? { areaCode } : {}, { signal, silent: true });
      return { ...b, offset: clockOffset(b.now), areaCode };
    },
  });
  // 在岗坐席 follows the agents going on and off duty.
  useLiveRefresh(mayAgents ? [AGENT_TOPIC] : [], rescueKeys.board);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [newOpen, setNewOpen] = useState(false);
  const [params, setParams] = useSearchParams();
  const popupToken = params.get('token') || null;
  const [fromCall, setFromCall] = useState<PopupCaller | null>(null);
  const closePopup = () =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('token');
        return next;
      },
      { replace: true },
    );
  const [focusLocate, setFocusLocate] = useState(0);
  const panel = useRef<CasePanelHandle>(null);
  const root = useRef<HTMLDivElement>(null);
  const now = useServerNow(board.data?.offset ?? 0);

  const onRow = useCallback(
    (row: RescueCaseRow) => {
      client.setQueriesData<Board>({ queryKey: rescueKeys.board }, (b) => (b ? boardEvent(b, row) : b));
      const shown = client.getQueryData<{ version: number }>(rescueKeys.detail(row.id));
      if (shown && shown.version < row.version)
        void client.invalidateQueries({ queryKey: rescueKeys.detail(row.id) });
      void client.invalidateQueries({ queryKey: rescueKeys.list });
    },
    [client],
  );
  useCaseEvents(onRow, () => void client.invalidateQueries({ queryKey: rescueKeys.all }));

  const limits: Limits = {
    acceptMinutes: board.data?.acceptMinutes ?? DEFAULT_LIMITS.acceptMinutes,
    arriveMinutes: board.data?.arriveMinutes ?? DEFAULT_LIMITS.arriveMinutes,
    warnMinutes: board.data?.warnMinutes ?? DEFAULT_LIMITS.warnMinutes,
  };
  // Re-sorted every second: a case's wait counts in its urgency.
  const cases = useMemo(() => byUrgency(board.data?.cases ?? [], now), [board.data?.cases, now]);

  const keys = useRef({ cases, selectedId, newOpen, mayHandle });
  keys.current = { cases, selectedId, newOpen, mayHandle };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // The console keeps pages alive in hidden tabs: only the board on screen answers its keys.
      if (!root.current || root.current.closest('[hidden]')) return;
      const { cases: list, selectedId: sel, newOpen: dialog, mayHandle: handle } = keys.current;
      if (dialog || document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal'))
        return;
      const what = shortcutOf({
        key: e.key,
        ctrlKey: e.ctrlKey,
        metaKey: e.metaKey,
        altKey: e.altKey,
        shiftKey: e.shiftKey,
        typing: isTyping(e.target),
      });
      if (!what) return;
      if (what === 'newCase') {
        if (!handle) return;
        e.preventDefault();
        setFromCall(null);
        setNewOpen(true);
      } else if (what === 'locate') {
        e.preventDefault();
        panel.current?.focusLocate();
      } else if (what === 'dispatch1' || what === 'dispatch2') {
        e.preventDefault();
        panel.current?.dispatch(what === 'dispatch1' ? 1 : 2);
      } else if (list.length > 0) {
        e.preventDefault();
        const i = list.findIndex((c) => c.id === sel);
        const next = what === 'next' ? Math.min(list.length - 1, i + 1) : Math.max(0, i - 1);
        setSelectedId(list[next]!.id);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Row ref={root} gutter={16} data-testid="rescue-board">
      <Col xs={24} lg={9} xl={8}>
        <Card
          size="small"
          title={
            <Space>
              <span>未关闭工单</span>
              <Badge count={cases.length} showZero color={cases.length ? '#f5222d' : '#bfbfbf'} />
            </Space>
          }
          extra={
            <Space>
              <AreaCascader
                aria-label="区域"
                placeholder="全部区域"
                size="small"
                style={{ width: 150 }}
                value={area}
                onChange={(v) => setArea((v as string[] | undefined) ?? [])}
                data-testid="board-area"
              />
              <Typography.Text type="secondary">在岗坐席 {board.data?.agentsOnline ?? '—'}</Typography.Text>
              {mayHandle && (
                <Button
                  type="primary"
                  onClick={() => {
                    setFromCall(null);
                    setNewOpen(true);
                  }}
                  aria-keyshortcuts="N F2"
                  data-testid="new-case"
                >
                  新建工单（N）
                </Button>
              )}
            </Space>
          }
          styles={{ body: { maxHeight: 'calc(100vh - 260px)', overflow: 'auto' } }}
        >
          {board.isPending ? (
            <Skeleton active />
          ) : board.isError ? (
            <Alert type="error" showIcon message={`看板加载失败：${board.error.message}`} />
          ) : cases.length === 0 ? (
            <Empty description={areaCode ? '该区域当前没有未关闭的工单' : '当前没有未关闭的工单'} />
          ) : (
            <nav aria-label="未关闭工单（Alt+↑/↓ 切换）" data-testid="board-list">
              {cases.map((c) => (
                <BoardCase
                  key={c.id}
                  c={c}
                  now={now}
                  limits={limits}
                  selected={c.id === selectedId}
                  onSelect={() => setSelectedId(c.id)}
                />
              ))}
            </nav>
          )}
        </Card>
        <RecentCalls />
        <Card size="small" title="快捷键" style={{ marginTop: 12 }} data-testid="shortcuts">
          {SHORTCUTS.map((s) => (
            <div key={s.keys} style={{ display: 'flex', justifyContent: 'space-between', fontSize: 12 }}>
              <kbd>{s.keys}</kbd>
              <span>{s.what}</span>
            </div>
          ))}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            接单时限 {limits.acceptMinutes} 分钟；到达 {limits.warnMinutes} 分钟预警（橙）、
            {limits.arriveMinutes} 分钟超时（红）。
          </Typography.Text>
        </Card>
      </Col>
      <Col xs={24} lg={15} xl={16}>
        <Card size="small" title="工单处置">
          {selectedId === null ? (
            <NoCase />
          ) : (
            <CasePanel
              ref={panel}
              key={selectedId}
              caseId={selectedId}
              now={now}
              limits={limits}
              focusLocate={focusLocate}
              onOpenCase={setSelectedId}
            />
          )}
        </Card>
      </Col>
      <CallPopupDrawer
        token={popupToken}
        onClose={closePopup}
        onNewCase={
          mayHandle
            ? (caller) => {
                closePopup();
                setFromCall(caller);
                setNewOpen(true);
              }
            : undefined
        }
      />
      {mayHandle && (
        <NewCaseDialog
          open={newOpen}
          fromCall={fromCall}
          onClose={() => {
            setNewOpen(false);
            setFromCall(null);
          }}
          onSaved={(saved, joined) => {
            setNewOpen(false);
            if (fromCall) {
              // The call now names its case: its pop-up and the recent calls show it.
              void client.invalidateQueries({ queryKey: callPopupKey(fromCall.token) });
              void client.invalidateQueries({ queryKey: rescueKeys.recentCalls });
              setFromCall(null);
            }
            client.setQueryData(rescueKeys.detail(saved.id), saved);
            onRow(saved);
            setSelectedId(saved.id);
            if (joined) {
              modal.info({
                title: '来电已并入未关闭的工单',
                content: `该电梯已有未关闭的困人工单 ${saved.caseNo}，本次来电已并入该工单，请继续处置。`,
                okText: '知道了',
              });
            } else {
              message.success(`已建单 ${saved.caseNo}，请定位电梯`);
              setFocusLocate((n) => n + 1);
            }
          }}
        />
      )}
    </Row>
  );
}

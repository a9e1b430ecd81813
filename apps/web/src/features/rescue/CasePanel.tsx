import {
  CASE_KIND,
  CASE_KIND_LABEL,
  CASE_STATE,
  type LocatedLift,
  RESCUE_PERMISSIONS,
  type RescueCaseDetail,
  rescueCaseCalls,
} from '@ec/contract';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  InputNumber,
  type InputRef,
  Select,
  Skeleton,
  Space,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { type ComponentRef, forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { usePermission } from '../../lib/access.ts';
import { call } from '../../lib/api.ts';
import { caseTimers, dispatchBlock, type Limits } from '../../lib/case-board.ts';
import { dash } from '../../lib/format.ts';
import { CaseCalls, CaseState, CaseSteps, CaseSummary } from './CaseFacts.tsx';
import { CaseNote } from './CaseNote.tsx';
import { CloseDialog } from './CloseDialog.tsx';
import { LiftFacts, LiftResults, LiftSearchBox, useLiftSearch } from './LiftLocator.tsx';
import { useCaseMoves } from './moves.ts';
import { useCaseDetail } from './queries.ts';
import { TimerText } from './Timers.tsx';

export interface CasePanelHandle {
  focusLocate: () => void;
  dispatch: (level: 1 | 2) => void;
}

const KIND_OPTIONS = Object.entries(CASE_KIND_LABEL).map(([value, label]) => ({
  value: Number(value),
  label,
}));

/**
 * The selected case: locate and confirm the lift with the people trapped, dispatch (level 1 / 2, or
 * 已通知119), record the rescuer's steps on their behalf, close, notes (CaseNote), and the history.
 */
export const CasePanel = forwardRef<
  CasePanelHandle,
  {
    caseId: number;
    now: number;
    limits: Limits /** Changes when the locate box should take the focus. */;
    focusLocate?: number;
    /** Shows another case (the located lift's open one). */
    onOpenCase?: (id: number) => void;
  }
>(function CasePanel({ caseId, now, limits, focusLocate, onOpenCase }, ref) {
  const detail = useCaseDetail(caseId);
  const c = detail.data;
  const { modal, message } = App.useApp();
  const { run, busy, show, reload } = useCaseMoves();
  const mayRescue = usePermission(RESCUE_PERMISSIONS.caseRescue);
  const lifts = useLiftSearch();
  const [chosen, setChosen] = useState<LocatedLift | null>(null);
  const [trapped, setTrapped] = useState<number | null>(null);
  const [kind, setKind] = useState<number | null>(null);
  const [closing, setClosing] = useState(false);
  const locateBox = useRef<InputRef>(null);
  const trappedBox = useRef<ComponentRef<typeof InputNumber>>(null);
  const dispatch1 = useRef<HTMLButtonElement>(null);

  // A new case: start the locate step afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the case changes
  useEffect(() => {
    setChosen(null);
    setTrapped(null);
    setKind(null);
    lifts.clear();
  }, [caseId]);

  const dispatch = (level: 1 | 2) => {
    if (!c) return;
    const block = dispatchBlock(c, level);
    if (block) {
      message.warning(block);
      return;
    }
    void run(
      `dispatch${level}`,
      c.id,
      () => call(rescueCaseCalls.dispatch, { id: c.id, version: c.version, level }),
      level === 1 ? '已派遣维保单位（一级响应）' : '已派遣救援单位（二级响应）',
    );
  };

  const loaded = c?.id ?? null;
  useEffect(() => {
    if (focusLocate && loaded !== null) setTimeout(() => locateBox.current?.focus(), 0);
  }, [focusLocate, loaded]);

  useImperativeHandle(ref, () => ({
    focusLocate: () => locateBox.current?.focus(),
    dispatch,
  }));

  if (detail.isPending) return <Skeleton active />;
  if (detail.isError || !c) {
    return <Alert type="error" showIcon message={`工单加载失败：${detail.error?.message ?? ''}`} />;
  }

  const open = c.status !== CASE_STATE.closed;
  const canLocate = c.status === CASE_STATE.new;
  const timers = caseTimers(c, now, limits);
  const block1 = dispatchBlock(c, 1);
  const block2 = dispatchBlock(c, 2);

  const search = async (text: string) => {
    const found = await lifts.search(text);
    const first = found[0] ?? null;
    setChosen(first);
    if (first) {
      setTrapped((t) => t ?? (c.trapped || (c.kind === CASE_KIND.trapped ? 1 : 0)));
      setTimeout(() => trappedBox.current?.focus(), 0);
    }
  };

  const confirmLift = async () => {
    if (!chosen) return;
    const done = await run(
      'locate',
      c.id,
      () =>
        call(rescueCaseCalls.locate, {
          id: c.id,
          version: c.version,
          elevatorId: chosen.id,
          kind: kind ?? c.kind,
          trapped: trapped ?? c.trapped,
        }),
      '已确认电梯',
    );
    if (done) {
      setChosen(null);
      lifts.clear();
      setTimeout(() => dispatch1.current?.focus(), 0);
    }
  };

  const fireBrigade = () =>
    modal.confirm({
      title: '三级响应：已通知 119 消防？',
      content: '请先拨打 119 告知地址与被困人数，再确认记录。',
      okText: '已通知119',
      cancelText: '取消',
      onOk: () =>
        run(
          'fire',
          c.id,
          () => call(rescueCaseCalls.fireBrigade, { id: c.id, version: c.version }),
          '已记录通知 119',
        ),
    });

  const onBehalf = (what: 'arrive' | 'free') => {
    if (what === 'arrive') {
      void run(
        'arrive',
        c.id,
        () => call(rescueCaseCalls.arrive, { id: c.id, version: c.version }),
        '已代记到达',
      );
    } else {
      void run(
        'free',
        c.id,
        () => call(rescueCaseCalls.free, { id: c.id, version: c.version, freed: c.trapped }),
        '已代记解救完成',
      );
    }
  };

  return (
    <div data-testid="case-panel" data-case-id={c.id}>
      <Space align="center" wrap style={{ marginBottom: 12 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {c.caseNo}
        </Typography.Title>
        <CaseState status={c.status} label={c.statusLabel} />
        <Tag color={c.kind === CASE_KIND.trapped ? 'red' : 'blue'}>{c.kindLabel}</Tag>
        <Tag>{c.levelLabel}</Tag>
        <span>
          报警 <TimerText text={timers.sinceAlarm} />
        </span>
        {timers.accept && (
          <span>
            接单{timers.accept.overdue ? '超时' : '倒计时'}{' '}
            <TimerText text={timers.accept.text} tone={timers.accept.overdue ? 'late' : 'normal'} />
          </span>
        )}
        {timers.arrival && (
          <span>
            {timers.arrival.running ? '到达计时' : '到达用时'}{' '}
            <TimerText text={timers.arrival.text} tone={timers.arrival.tone} />
          </span>
        )}
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {c.address ? `${c.address}${c.areaName ? `（${c.areaName}）` : ''}` : '尚未定位电梯'} · 被困{' '}
        {c.trapped} 人 · 来电 {dash(c.callerPhone)} · 承办 {dash(c.assigneeName)}
      </Typography.Paragraph>

      {canLocate && (
        <Card size="small" title="① 定位电梯并确认被困人数（L / F3）" style={{ marginBottom: 12 }}>
          <LiftSearchBox ref={locateBox} onSearch={(t) => void search(t)} searching={lifts.searching} />
          {lifts.error && (
            <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 6 }}>
              {lifts.error}
            </Typography.Text>
          )}
          {lifts.results && (
            <LiftResults
              results={lifts.results}
              chosen={chosen?.id ?? null}
              onChoose={(l) => {
                setChosen(l);
                trappedBox.current?.focus();
              }}
            />
          )}
          {chosen && (
            <div style={{ marginTop: 8 }}>
              <LiftFacts lift={chosen} currentCaseId={c.id} onOpenCase={onOpenCase} />
              <Space wrap style={{ marginTop: 8 }}>
                <Select
                  aria-label="工单类型"
                  style={{ width: 120 }}
                  options={KIND_OPTIONS}
                  value={kind ?? c.kind}
                  onChange={(v) => setKind(v)}
                />
                <span>被困人数</span>
                <InputNumber
                  ref={trappedBox}
                  aria-label="被困人数（Enter 确认电梯）"
                  min={0}
                  max={99}
                  precision={0}
                  value={trapped}
                  onChange={(v) => setTrapped(v)}
                  onPressEnter={() => void confirmLift()}
                  data-testid="locate-trapped"
                />
                <Button type="primary" onClick={() => void confirmLift()} loading={busy === 'locate'}>
                  确认电梯（Enter）
                </Button>
              </Space>
            </div>
          )}
          {c.elevatorId !== null && !chosen && (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 6 }}>
              已确认：{c.address}（{dash(c.rescueCode)}）；如需更换，请重新查询。
            </Typography.Text>
          )}
        </Card>
      )}

      {open && c.kind === CASE_KIND.trapped && (
        <Card size="small" title="② 派遣救援" style={{ marginBottom: 12 }}>
          <Space wrap>
            <Button
              ref={dispatch1}
              type="primary"
              danger
              disabled={block1 !== null}
              loading={busy === 'dispatch1'}
              onClick={() => dispatch(1)}
              aria-label="一级派遣：通知维保单位（Ctrl+Enter）"
              aria-describedby={block1 ? 'dispatch1-reason' : undefined}
              data-testid="dispatch-1"
            >
              一级派遣 · 维保单位（Ctrl+Enter）
            </Button>
            <Button
              disabled={block2 !== null}
              loading={busy === 'dispatch2'}
              onClick={() => dispatch(2)}
              aria-label="二级派遣：通知救援单位（Ctrl+Shift+Enter）"
              aria-describedby={
                block2 ? (block2 === block1 ? 'dispatch1-reason' : 'dispatch2-reason') : undefined
              }
              data-testid="dispatch-2"
            >
              二级派遣 · 救援单位
            </Button>
            <Button
              onClick={fireBrigade}
              loading={busy === 'fire'}
              disabled={c.level >= 3 || (c.status !== CASE_STATE.new && c.status !== CASE_STATE.dispatched)}
              data-testid="fire-brigade"
            >
              已通知119（三级）
            </Button>
          </Space>
          <div style={{ marginTop: 6 }}>
            {block1 && (
              <Typography.Text type="secondary" id="dispatch1-reason" style={{ display: 'block' }}>
                {block1 === block2 ? '不可派遣' : '一级不可派遣'}：{block1}
              </Typography.Text>
            )}
            {block2 && block2 !== block1 && (
              <Typography.Text type="secondary" id="dispatch2-reason" style={{ display: 'block' }}>
                二级不可派遣：{block2}
              </Typography.Text>
            )}
          </div>
        </Card>
      )}

      {open && (
        <Card size="small" title="③ 现场与关闭" style={{ marginBottom: 12 }}>
          <Space wrap>
            {mayRescue && c.status === CASE_STATE.accepted && (
              <Button onClick={() => onBehalf('arrive')} loading={busy === 'arrive'}>
                代记到达
              </Button>
            )}
            {mayRescue && c.status === CASE_STATE.arrived && (
              <Button onClick={() => onBehalf('free')} loading={busy === 'free'}>
                代记解救完成（{c.trapped} 人）
              </Button>
            )}
            <Button
              type={c.status === CASE_STATE.freed ? 'primary' : 'default'}
              onClick={() => setClosing(true)}
              data-testid="close-case"
            >
              关闭工单
            </Button>
          </Space>
          {c.status === CASE_STATE.dispatched && (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 6 }}>
              等待 {dash(c.assigneeName)} 在手机上接单；超时未接单将自动升级到下一级响应。
            </Typography.Text>
          )}
          {!mayRescue && c.status >= CASE_STATE.accepted && c.status < CASE_STATE.freed && (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 6 }}>
              接单、到达与解救由救援单位在手机上记录。
            </Typography.Text>
          )}
        </Card>
      )}

      <CaseNote key={c.id} c={c} />

      <Tabs
        size="small"
        items={[
          { key: 'steps', label: '处理记录', children: <CaseSteps c={c} /> },
          { key: 'facts', label: '工单详情', children: <CaseSummary c={c} /> },
          { key: 'calls', label: `通话记录（${c.calls.length}）`, children: <CaseCalls c={c} /> },
        ]}
      />

      {closing && (
        <CloseDialog
          c={c}
          open={closing}
          onClose={() => setClosing(false)}
          onConflict={() => {
            setClosing(false);
            reload(c.id);
          }}
          onDone={(closed: RescueCaseDetail) => {
            setClosing(false);
            show(closed);
            message.success('工单已关闭');
          }}
        />
      )}
    </div>
  );
});

/** The panel when no case is chosen. */
export function NoCase() {
  return <Empty description="在左侧选择工单，或按 N 新建工单" />;
}

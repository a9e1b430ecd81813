import { type LocatedLift, rescueCaseCalls } from '@ec/contract';
import { Button, Descriptions, Input, type InputRef, List, Tag, Typography } from 'antd';
import { forwardRef, useState } from 'react';
import { ApiError, call } from '../../lib/api.ts';
import { isRescueCode } from '../../lib/case-board.ts';
import { dash } from '../../lib/format.ts';

/** The search of lifts (elevatorList): 6 digits are a rescue code, anything else a code, address or community. */
export function useLiftSearch() {
  const [results, setResults] = useState<LocatedLift[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const search = async (text: string): Promise<LocatedLift[]> => {
    const keyword = text.trim();
    if (keyword.length < 2) {
      setError('请输入救援识别码、注册代码、地址或小区（至少 2 个字）');
      setResults(null);
      return [];
    }
    setSearching(true);
    setError(null);
    try {
      const found = await call(rescueCaseCalls.elevatorList, { keyword, limit: 20 }, { silent: true });
      setResults(found);
      if (found.length === 0) {
        setError(isRescueCode(keyword) ? `没有救援识别码为 ${keyword} 的电梯` : '没有找到匹配的电梯');
      }
      return found;
    } catch (e) {
      setError(e instanceof ApiError ? e.message : '电梯查询失败，请重试');
      setResults(null);
      return [];
    } finally {
      setSearching(false);
    }
  };
  return { results, error, searching, search, clear: () => setResults(null) };
}

/** The search box of the locate step: Enter searches. */
export const LiftSearchBox = forwardRef<
  InputRef,
  { onSearch: (text: string) => void; searching: boolean; disabled?: boolean }
>(function LiftSearchBox({ onSearch, searching, disabled }, ref) {
  const [text, setText] = useState('');
  return (
    <Input.Search
      ref={ref}
      aria-label="定位电梯：救援识别码、注册代码、地址或小区"
      placeholder="6 位救援识别码 / 注册代码 / 地址 / 小区，Enter 查询"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={(v) => onSearch(v)}
      loading={searching}
      disabled={disabled}
      enterButton="查询"
      allowClear
      data-testid="lift-search"
    />
  );
});

/** A located lift's facts: codes, address, companies with phones, grid and rescue unit, an open case. */
export function LiftFacts({
  lift,
  currentCaseId,
  onOpenCase,
}: {
  lift: LocatedLift;
  currentCaseId?: number;
  /** Shows the lift's open case (a button beside the warning). */
  onOpenCase?: (id: number) => void;
}) {
  return (
    <Descriptions size="small" column={1} bordered data-testid="lift-facts">
      <Descriptions.Item label="地址">
        {lift.address}
        {lift.communityName ? `（${lift.communityName}）` : ''}
      </Descriptions.Item>
      <Descriptions.Item label="注册代码 / 救援识别码">
        {lift.registerCode} / {dash(lift.rescueCode)}
      </Descriptions.Item>
      <Descriptions.Item label="区域">{dash(lift.areaName)}</Descriptions.Item>
      <Descriptions.Item label="维保单位">
        {lift.maintenanceCompanyName ? (
          <>
            {lift.maintenanceCompanyName}{' '}
            {lift.maintenanceCompanyPhone ? `☎ ${lift.maintenanceCompanyPhone}` : ''}
          </>
        ) : (
          <Tag color="red">无维保单位</Tag>
        )}
      </Descriptions.Item>
      <Descriptions.Item label="使用单位">
        {dash(lift.useCompanyName)} {lift.useCompanyPhone ? `☎ ${lift.useCompanyPhone}` : ''}
      </Descriptions.Item>
      <Descriptions.Item label="救援网格 / 救援单位">
        {lift.rescueUnitName ? (
          `${dash(lift.gridName)} / ${lift.rescueUnitName}`
        ) : (
          <Tag color="orange">不在救援网格内</Tag>
        )}
      </Descriptions.Item>
      {lift.openCaseId !== null && lift.openCaseId !== currentCaseId && (
        <Descriptions.Item label="未关闭工单">
          <Tag color="red">该电梯已有未关闭的困人工单（#{lift.openCaseId}）</Tag>
          {onOpenCase && (
            <Button size="small" onClick={() => onOpenCase(lift.openCaseId!)} data-testid="go-open-case">
              转到该工单
            </Button>
          )}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

/** The results: one is chosen (the first after a search); a click or Enter on another chooses it. */
export function LiftResults({
  results,
  chosen,
  onChoose,
}: {
  results: LocatedLift[];
  chosen: number | null;
  onChoose: (lift: LocatedLift) => void;
}) {
  if (results.length <= 1) return null;
  return (
    <List
      size="small"
      bordered
      style={{ maxHeight: 180, overflow: 'auto', marginTop: 8 }}
      dataSource={results}
      renderItem={(l) => (
        <List.Item style={{ padding: 0 }}>
          <Button
            type={l.id === chosen ? 'primary' : 'text'}
            block
            style={{ textAlign: 'left', height: 'auto', whiteSpace: 'normal' }}
            onClick={() => onChoose(l)}
            aria-pressed={l.id === chosen}
          >
            <span>
              {l.address}{' '}
              <Typography.Text type={l.id === chosen ? undefined : 'secondary'}>
                {l.rescueCode ?? '无识别码'} · {l.registerCode}
              </Typography.Text>
            </span>
          </Button>
        </List.Item>
      )}
    />
  );
}

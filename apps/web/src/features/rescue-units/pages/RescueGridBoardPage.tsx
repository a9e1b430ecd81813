import { RESCUE_CASE_TOPIC, rescueUnitCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Card, Col, Empty, Row, Select, Space, Statistic, Tag, Typography } from 'antd';
import { useState } from 'react';
import { NanningMap } from '../../../components/city-map/NanningMap.tsx';
import { call } from '../../../lib/api.ts';
import { useLiveRefresh } from '../../../lib/live.ts';
import { unitColour } from '../map.ts';
import { unitKeys } from '../queries.ts';
import { districtOptions } from '../rights.ts';

const REFRESH_MS = 30_000;

/**
 * 救援网格看板: per grid its rescue unit, who is on duty now, how many lifts stand in it and its open
 * cases, beside the map. Refreshed every 30 s and at once when a case changes (topic rescue.case).
 */
export default function RescueGridBoardPage() {
  const [areaCode, setAreaCode] = useState<string | undefined>();
  const [selected, setSelected] = useState<number | null>(null);
  const key = [...unitKeys.board, areaCode ?? null];
  useLiveRefresh([RESCUE_CASE_TOPIC], unitKeys.board);
  const board = useQuery({
    queryKey: key,
    refetchInterval: REFRESH_MS,
    queryFn: ({ signal }) => call(rescueUnitCalls.board, areaCode ? { areaCode } : {}, { signal }),
  });
  const data = board.data;
  const cards = data?.cards ?? [];
  const open = cards.reduce((s, c) => s + c.openCases.length, 0);
  return (
    <div data-testid="grid-board">
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          allowClear
          placeholder="全部区域"
          style={{ width: 160 }}
          options={districtOptions}
          value={areaCode}
          onChange={setAreaCode}
        />
        {data && (
          <Typography.Text type="secondary">
            当前班次：{data.day} {data.shiftLabel}　更新于 {new Date(data.now).toLocaleTimeString('zh-CN')}
          </Typography.Text>
        )}
      </Space>
      <Row gutter={16}>
        <Col xs={24} xl={10}>
          <Card size="small">
            <Space size={32} style={{ marginBottom: 8 }}>
              <Statistic title="网格" value={cards.length} />
              <Statistic title="网格内电梯" value={cards.reduce((s, c) => s + c.liftCount, 0)} />
              <Statistic
                title="进行中工单"
                value={open}
                valueStyle={open ? { color: '#cf1322' } : undefined}
              />
              <Statistic title="未覆盖电梯" value={data?.uncoveredLifts ?? 0} />
            </Space>
            <NanningMap
              height={440}
              grids={cards.map((c) => ({
                id: c.gridId,
                ring: c.ring,
                colour: unitColour(c.unitId, c.color),
                name: c.openCases.length ? `${c.gridName}（${c.openCases.length}）` : c.gridName,
                caption: c.unitName,
              }))}
              selected={selected}
              onSelect={setSelected}
            />
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          {board.isError && <Alert type="error" message="看板加载失败" />}
          {cards.length === 0 && !board.isLoading && <Empty description="暂无网格" />}
          <Row gutter={[12, 12]}>
            {cards.map((c) => (
              <Col xs={24} md={12} key={c.gridId}>
                <Card
                  size="small"
                  data-testid={`board-card-${c.gridId}`}
                  onClick={() => setSelected(c.gridId)}
                  style={{
                    borderColor: c.gridId === selected ? unitColour(c.unitId, c.color) : undefined,
                    borderWidth: c.gridId === selected ? 2 : 1,
                  }}
                  title={
                    <Space>
                      <span
                        style={{
                          display: 'inline-block',
                          width: 10,
                          height: 10,
                          background: unitColour(c.unitId, c.color),
                        }}
                      />
                      {c.gridName}
                      {c.areaName && <Tag>{c.areaName}</Tag>}
                    </Space>
                  }
                  extra={c.openCases.length > 0 ? <Badge count={c.openCases.length} /> : null}
                >
                  <div>
                    救援单位：{c.unitName ?? <Tag color="orange">未分配</Tag>}
                    {c.unitPhone && <Typography.Text type="secondary">　{c.unitPhone}</Typography.Text>}
                  </div>
                  <div style={{ marginTop: 4 }}>
                    当班人员：
                    {c.onDuty.length === 0 ? (
                      <Tag color="red">无人值班</Tag>
                    ) : (
                      c.onDuty.map((s) => (
                        <Tag key={s.id} color="green" title={s.phone}>
                          {s.name}
                        </Tag>
                      ))
                    )}
                  </div>
                  <div style={{ marginTop: 4 }}>网格内电梯：{c.liftCount} 台</div>
                  <div style={{ marginTop: 4 }}>
                    进行中工单：
                    {c.openCases.length === 0
                      ? '无'
                      : c.openCases.map((o) => (
                          <div key={o.id} style={{ fontSize: 12 }}>
                            <Tag color="red">{o.statusLabel}</Tag>
                            {o.caseNo} {o.address ?? ''}
                          </div>
                        ))}
                  </div>
                </Card>
              </Col>
            ))}
          </Row>
        </Col>
      </Row>
    </div>
  );
}

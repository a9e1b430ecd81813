import { type LngLat, type RescueGridRow, rescueUnitCalls } from '@ec/contract';
import { Alert, App, Button, Card, Col, Form, Input, Popconfirm, Row, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { NanningMap } from '../../../components/city-map/NanningMap.tsx';
import { call } from '../../../lib/api.ts';
import { unitColour } from '../map.ts';
import { useAllGrids, useInvalidateUnits, useUnitOptions } from '../queries.ts';
import { useUnitRights } from '../rights.ts';

interface Draft {
  id?: number;
  version?: number;
  name: string;
  unitId: number | null;
  color: string;
  ring: LngLat[];
}

const COLOURS = ['#1677ff', '#52c41a', '#fa8c16', '#722ed1', '#eb2f96', '#13c2c2', '#faad14', '#f5222d'];

/**
 * 救援网格: the grids on the offline map of Nanning, coloured by unit. The platform draws a grid by
 * clicking its corners on the map, names it and assigns it to a unit; edits and deletes it.
 */
export default function RescueGridPage() {
  const rights = useUnitRights();
  const units = useUnitOptions();
  const grids = useAllGrids();
  const invalidate = useInvalidateUnits();
  const { message, modal } = App.useApp();
  const [selected, setSelected] = useState<number | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const rows = grids.data ?? [];
  const shown = rows.filter((g) => g.id !== draft?.id);

  const save = async () => {
    if (!draft) return;
    if (!draft.name.trim()) return void message.warning('请输入网格名称');
    if (draft.ring.length < 3) return void message.warning('请在地图上至少点选 3 个顶点');
    setSaving(true);
    try {
      const saved = await call(rescueUnitCalls.gridSave, {
        ...(draft.id ? { id: draft.id, version: draft.version } : {}),
        name: draft.name.trim(),
        unitId: draft.unitId,
        color: draft.color,
        ring: draft.ring,
      });
      if (saved.overlaps.length > 0)
        modal.warning({
          title: '网格已保存，但与其他网格重叠',
          content: `重叠的网格：${saved.overlaps.map((o) => o.name).join('、')}。重叠处的电梯归属较早创建的网格。`,
        });
      else message.success('网格已保存');
      setDraft(null);
      setSelected(saved.grid.id);
      await invalidate();
    } catch {
      // shown by the api client
    } finally {
      setSaving(false);
    }
  };

  const edit = (g: RescueGridRow) =>
    setDraft({
      id: g.id,
      version: g.version,
      name: g.name,
      unitId: g.unitId,
      color: g.color ?? unitColour(g.unitId),
      ring: g.ring,
    });

  return (
    <Row gutter={16}>
      <Col xs={24} xl={15}>
        <Card
          size="small"
          title={draft ? (draft.id ? `编辑网格：${draft.name}` : '绘制新网格') : '南宁市救援网格'}
          extra={
            rights.editGrids &&
            !draft && (
              <Button
                type="primary"
                data-testid="grid-new"
                onClick={() =>
                  setDraft({ name: '', unitId: null, color: COLOURS[rows.length % COLOURS.length], ring: [] })
                }
              >
                绘制网格
              </Button>
            )
          }
        >
          {draft && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 8 }}
              message={`在地图上依次点击网格的顶点（已选 ${draft.ring.length} 个，至少 3 个），边界不能交叉。`}
            />
          )}
          <NanningMap
            grids={shown.map((g) => ({
              id: g.id,
              name: g.name,
              ring: g.ring,
              colour: unitColour(g.unitId, g.color),
              caption: g.unitName,
            }))}
            selected={selected}
            onSelect={setSelected}
            onPick={draft ? (p) => setDraft({ ...draft, ring: [...draft.ring, p] }) : undefined}
            draft={draft?.ring}
          />
          {draft && (
            <Form layout="inline" style={{ marginTop: 12, rowGap: 8 }} data-testid="grid-form">
              <Form.Item label="网格名称" required>
                <Input
                  value={draft.name}
                  maxLength={50}
                  onChange={(e) => setDraft({ ...draft, name: e.target.value })}
                  data-testid="grid-name"
                />
              </Form.Item>
              <Form.Item label="救援单位">
                <Select
                  style={{ width: 240 }}
                  allowClear
                  placeholder="请选择"
                  value={draft.unitId ?? undefined}
                  options={units.data ?? []}
                  onChange={(v) => setDraft({ ...draft, unitId: v ?? null })}
                  data-testid="grid-unit"
                  showSearch
                  optionFilterProp="label"
                />
              </Form.Item>
              <Form.Item label="颜色">
                <Select
                  style={{ width: 90 }}
                  value={draft.color}
                  onChange={(color) => setDraft({ ...draft, color })}
                  options={COLOURS.map((c) => ({
                    value: c,
                    label: <span style={{ display: 'inline-block', width: 40, height: 12, background: c }} />,
                  }))}
                />
              </Form.Item>
              <Space>
                <Button
                  disabled={draft.ring.length === 0}
                  onClick={() => setDraft({ ...draft, ring: draft.ring.slice(0, -1) })}
                >
                  撤销上一点
                </Button>
                <Button onClick={() => setDraft({ ...draft, ring: [] })}>重新绘制</Button>
                <Button type="primary" loading={saving} onClick={save} data-testid="grid-save">
                  保存网格
                </Button>
                <Button onClick={() => setDraft(null)}>取消</Button>
              </Space>
            </Form>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={9}>
        <Card size="small" title={`网格列表（${rows.length}）`}>
          <Table
            size="small"
            rowKey="id"
            loading={grids.isLoading}
            pagination={{ pageSize: 12 }}
            dataSource={rows}
            data-testid="grid-list"
            onRow={(g) => ({ onClick: () => setSelected(g.id) })}
            rowClassName={(g) => (g.id === selected ? 'ant-table-row-selected' : '')}
            columns={[
              {
                title: '网格',
                dataIndex: 'name',
                render: (v: string, g) => (
                  <Space>
                    <span
                      style={{
                        display: 'inline-block',
                        width: 10,
                        height: 10,
                        background: unitColour(g.unitId, g.color),
                      }}
                    />
                    {v}
                  </Space>
                ),
              },
              { title: '救援单位', dataIndex: 'unitName', render: (v) => v ?? <Tag>未分配</Tag> },
              { title: '区域', dataIndex: 'areaName', render: (v) => v ?? '—' },
              ...(rights.editGrids
                ? [
                    {
                      title: '操作',
                      key: 'op',
                      render: (_: unknown, g: RescueGridRow) => (
                        <Space size={0}>
                          <Button type="link" size="small" onClick={() => edit(g)}>
                            编辑
                          </Button>
                          <Popconfirm
                            title={`删除网格 ${g.name}？`}
                            onConfirm={async () => {
                              await call(rescueUnitCalls.gridDelete, { ids: [g.id] });
                              message.success('已删除');
                              await invalidate();
                            }}
                          >
                            <Button type="link" size="small" danger>
                              删除
                            </Button>
                          </Popconfirm>
                        </Space>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}

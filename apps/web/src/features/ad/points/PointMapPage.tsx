import {
  AD_MEDIUM_LABEL,
  AD_POINT_STATE,
  AD_POINT_STATE_LABEL,
  type AdPointDetail,
  adPointCalls,
  areaLabel,
  AD_PERMISSIONS as P,
} from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Drawer, Select, Space, Statistic, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { CityMap, type MapLegendItem, type MapPoint } from '../../../components/city-map/CityMap.tsx';
import { usePermission } from '../../../lib/access.ts';
import { call, download, saveFile } from '../../../lib/api.ts';
import { useAdOperator } from '../access.ts';
import { BookingDialog, type MapChoice } from '../orders/BookingDialog.tsx';

const COLOUR: Record<number, string> = {
  1: '#52c41a',
  2: '#1677ff',
  3: '#722ed1',
  4: '#fa8c16',
  5: '#8c8c8c',
};
const legend: MapLegendItem[] = Object.entries(AD_POINT_STATE_LABEL).map(([state, label]) => ({
  state,
  label,
  colour: COLOUR[Number(state)],
}));

/** Points that can't be booked whatever the dates (维修, 停用): the availability search leaves them out. */
const unbookable = new Set<number>([AD_POINT_STATE.repair, AD_POINT_STATE.disabled]);

/**
 * 点位地图: the visible points on the offline city map, coloured by state; a click opens the point.
 * The operator chooses points to book from their drawers (加入预订) and books them together (预订).
 */
export default function PointMapPage() {
  const client = useQueryClient();
  const [state, setState] = useState<number>();
  const [medium, setMedium] = useState<number>();
  const [open, setOpen] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const [chosen, setChosen] = useState<MapChoice[]>([]);
  const [booking, setBooking] = useState(false);
  const canExport = usePermission(P.pointExport);
  const canBook = useAdOperator(P.orderEdit);
  const isChosen = (id: number) => chosen.some((c) => c.id === id);
  const toggle = (c: MapChoice) =>
    setChosen((all) => (all.some((x) => x.id === c.id) ? all.filter((x) => x.id !== c.id) : [...all, c]));
  /** 导出: the points the map shows for its filters, with their coordinates (.xlsx). */
  const exportMap = async () => {
    setExporting(true);
    try {
      saveFile(await download(adPointCalls.getPointAllExport, { state, medium }));
    } catch {
      // shown by the request layer
    } finally {
      setExporting(false);
    }
  };
  const all = useQuery({
    queryKey: ['ad', 'map', state, medium],
    queryFn: () => call(adPointCalls.getPointAll, { state, medium }),
  });
  const points: MapPoint[] = useMemo(
    () =>
      (all.data?.points ?? []).map(([id, lng, lat, s]) => ({
        id,
        lng,
        lat,
        state: String(s),
        label: AD_POINT_STATE_LABEL[s],
      })),
    [all.data],
  );
  const counts = useMemo(() => {
    const c: Record<number, number> = {};
    for (const [, , , s] of all.data?.points ?? []) c[s] = (c[s] ?? 0) + 1;
    return c;
  }, [all.data]);
  const detail = useQuery({
    queryKey: ['ad', 'point', open],
    queryFn: () => call(adPointCalls.detail, { id: open as number }),
    enabled: open !== null,
  });
  const p: AdPointDetail | undefined = detail.data;
  return (
    <Card
      title="点位地图"
      extra={
        <Space>
          <Select
            placeholder="状态"
            allowClear
            style={{ width: 120 }}
            value={state}
            onChange={setState}
            options={Object.entries(AD_POINT_STATE_LABEL).map(([v, label]) => ({ value: Number(v), label }))}
          />
          <Select
            placeholder="媒介"
            allowClear
            style={{ width: 120 }}
            value={medium}
            onChange={setMedium}
            options={Object.entries(AD_MEDIUM_LABEL).map(([v, label]) => ({ value: Number(v), label }))}
          />
          {canExport && (
            <Button data-testid="ad-map-export" loading={exporting} onClick={exportMap}>
              导出
            </Button>
          )}
        </Space>
      }
    >
      {canBook && chosen.length > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="ad-map-chosen"
          message={`已选 ${chosen.length} 个点位：${chosen.map((c) => c.pointNo).join('、')}`}
          action={
            <Space>
              <Button size="small" type="primary" data-testid="ad-map-book" onClick={() => setBooking(true)}>
                预订
              </Button>
              <Button size="small" onClick={() => setChosen([])}>
                清空
              </Button>
            </Space>
          }
        />
      )}
      <Space size={32} style={{ marginBottom: 12 }} data-testid="ad-map-counts">
        <Statistic title="点位总数" value={all.data?.total ?? 0} loading={all.isLoading} />
        {legend.map((l) => (
          <Statistic
            key={l.state}
            title={<Tag color={l.colour}>{l.label}</Tag>}
            value={counts[Number(l.state)] ?? 0}
            loading={all.isLoading}
          />
        ))}
      </Space>
      <CityMap
        testId="ad-point-map"
        label="广告点位地图"
        points={points}
        legend={legend}
        onPointClick={(pt) => setOpen(Number(pt.id))}
        height={600}
      />
      {open !== null && (
        <Drawer
          open
          width={520}
          title={p ? `点位 ${p.pointNo}` : '点位'}
          onClose={() => setOpen(null)}
          extra={
            canBook &&
            p &&
            !unbookable.has(p.state) && (
              <Button
                data-testid="ad-map-choose"
                type={isChosen(p.id) ? 'default' : 'primary'}
                onClick={() => {
                  toggle({ id: p.id, pointNo: p.pointNo });
                  setOpen(null);
                }}
              >
                {isChosen(p.id) ? '移出预订' : '加入预订'}
              </Button>
            )
          }
        >
          {p && (
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label="地址">{p.address}</Descriptions.Item>
              <Descriptions.Item label="区域">{areaLabel(p.areaCode) ?? p.areaCode}</Descriptions.Item>
              <Descriptions.Item label="使用单位">{p.useCompanyName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="位置 / 媒介">
                {p.positionLabel} / {p.mediumLabel}（{p.size}）
              </Descriptions.Item>
              <Descriptions.Item label="价格">{p.price} 元/周</Descriptions.Item>
              <Descriptions.Item label="状态">
                <Tag color={COLOUR[p.state]}>{p.stateLabel}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label="预订">
                {p.bookings.length === 0
                  ? '无'
                  : p.bookings.map((b) => (
                      <div key={`${b.orderId}`}>
                        {b.startDate} 至 {b.endDate} {b.customName}（{b.statusLabel}）
                      </div>
                    ))}
              </Descriptions.Item>
            </Descriptions>
          )}
        </Drawer>
      )}
      {booking && (
        <BookingDialog
          mode={{ kind: 'new', points: chosen }}
          onClose={async (made) => {
            setBooking(false);
            if (!made) return;
            setChosen([]);
            await client.invalidateQueries({ queryKey: ['ad'] });
          }}
        />
      )}
    </Card>
  );
}

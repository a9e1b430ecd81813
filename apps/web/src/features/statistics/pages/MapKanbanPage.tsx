import { Card, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { elevatorDetailUrl } from '../../../lib/routes.ts';
import { type Drill, DrillDrawer } from '../kit/DrillDrawer.tsx';
import { drillFor } from '../kit/drills.ts';
import { FilterBar } from '../kit/FilterBar.tsx';
import { LiftMap } from '../kit/LiftMap.tsx';
import { type FilterValues, toStatsQuery } from '../kit/query.ts';

/**
 * 数据地图 (mapKanban): the lifts of the caller's scope on the offline map — per district zoomed out,
 * each lift coloured by its state zoomed in; a lift opens its detail, a district lists its lifts.
 */
export default function MapKanbanPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState<FilterValues>({});
  const [drill, setDrill] = useState<Drill | null>(null);
  const filters = useMemo(() => {
    const { month: _m, dateFrom: _f, dateTo: _t, ...rest } = toStatsQuery(values);
    return rest;
  }, [values]);
  return (
    <div data-testid="map-kanban">
      <Card size="small">
        <FilterBar value={values} onChange={setValues} period={false} />
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          滚轮或按钮缩放、拖动平移；放大后显示单台电梯（颜色表示状态），点击电梯查看详情，点击区域列出该区域的电梯。
        </Typography.Text>
      </Card>
      <Card size="small" style={{ marginTop: 12 }}>
        <LiftMap
          filters={filters}
          height="calc(100vh - 300px)"
          selectedDistrict={drill?.query.areaCode as string | undefined}
          onLiftClick={(id) => navigate(elevatorDetailUrl(id))}
          onDistrictClick={(d) =>
            setDrill({
              ...drillFor('mapDistrictLifts', filters, { areaCode: d.adcode }),
              title: `${d.name}的电梯`,
            })
          }
        />
      </Card>
      <DrillDrawer drill={drill} onClose={() => setDrill(null)} />
    </div>
  );
}

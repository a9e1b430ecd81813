import { elevatorCalls, maintenanceOrderCalls, rescueCaseCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Table, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../../lib/api.ts';
import {
  ELEVATOR_PATHS,
  elevatorDetailUrl,
  MAINTENANCE_PATHS,
  RESCUE_CASE_PATHS,
  workOrderUrl,
} from '../../../lib/routes.ts';
import { useSession } from '../../../lib/session.ts';
import { type DrillList, drillUrl } from './query.ts';

/** What a drill-down opens: the list, its query (filters as the list call spells them), a title. */
export interface Drill {
  list: DrillList;
  query: Record<string, string | number>;
  title: string;
}

/**
 * The list pages a drill-down opens, the first the user's menu grants: each takes the drill's query
 * from its URL (its search form and, for keys the form lacks, a notice above the list), so that its
 * total is the drawer's. (单位电梯 is not one: it lists the use unit of its own `id`.)
 */
const LIST_PATHS: Record<DrillList, readonly string[]> = {
  lifts: [ELEVATOR_PATHS.management, ELEVATOR_PATHS.ledger, ELEVATOR_PATHS.myElevators],
  cases: [RESCUE_CASE_PATHS.cases],
  orders: [MAINTENANCE_PATHS.record, MAINTENANCE_PATHS.tasks],
};

const PAGE = 20;

type Row = { id: number; cells: string[] };

async function fetchRows(
  list: DrillList,
  query: Record<string, string | number>,
  page: number,
  signal: AbortSignal,
) {
  const q = { ...query, page, limit: PAGE };
  if (list === 'lifts') {
    const r = await call(elevatorCalls.queryList, q, { signal });
    return {
      total: r.total,
      rows: r.records.map(
        (e): Row => ({
          id: e.id,
          cells: [
            e.registerCode,
            e.areaName ?? '',
            e.address,
            e.useOccasion ?? '',
            e.maintenanceCompanyName ?? '',
          ],
        }),
      ),
    };
  }
  if (list === 'cases') {
    const r = await call(rescueCaseCalls.orderList, q, { signal });
    return {
      total: r.total,
      rows: r.records.map(
        (c): Row => ({
          id: c.id,
          cells: [c.caseNo, c.kindLabel, c.statusLabel, c.areaName ?? '', c.address ?? ''],
        }),
      ),
    };
  }
  const r = await call(maintenanceOrderCalls.queryList, q, { signal });
  return {
    total: r.total,
    rows: r.records.map(
      (o): Row => ({
        id: o.id,
        cells: [o.orderNo, o.registerCode, o.planDate, o.statusLabel, o.maintenanceCompanyName ?? ''],
      }),
    ),
  };
}

const HEADERS: Record<DrillList, string[]> = {
  lifts: ['注册代码', '区域', '地址', '使用场所', '维保单位'],
  cases: ['工单编号', '类型', '状态', '区域', '地址'],
  orders: ['工单编号', '注册代码', '计划日期', '状态', '维保单位'],
};

/**
 * A figure's records: the list call behind it with the page's filters narrowed by the clicked item
 * (its total is the figure), and a link to the full list page with the same filters in its URL.
 */
export function DrillDrawer({ drill, onClose }: { drill: Drill | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const navigate = useNavigate();
  const { allowed } = useSession();
  const list = drill?.list ?? 'lifts';
  const rows = useQuery({
    queryKey: ['stats', 'drill', drill, page],
    enabled: !!drill,
    queryFn: ({ signal }) => fetchRows(list, drill?.query ?? {}, page, signal),
  });
  const listPage = drill ? LIST_PATHS[drill.list].find((p) => allowed.has(p)) : undefined;
  const open = (id: number) =>
    navigate(
      list === 'lifts'
        ? elevatorDetailUrl(id)
        : list === 'orders'
          ? workOrderUrl(id)
          : `${RESCUE_CASE_PATHS.cases}?id=${id}`,
    );
  return (
    <Drawer
      open={!!drill}
      onClose={() => {
        setPage(1);
        onClose();
      }}
      width={760}
      title={drill?.title}
      destroyOnClose
      extra={
        listPage && drill ? (
          <Button
            onClick={() => {
              const url = drillUrl(listPage, drill.query);
              setPage(1);
              onClose();
              navigate(url);
            }}
            data-testid="drill-open-list"
          >
            在列表中打开
          </Button>
        ) : null
      }
    >
      <div data-testid="drill-drawer">
        <Typography.Paragraph type="secondary">
          共 <span data-testid="drill-total">{rows.data?.total ?? '…'}</span>{' '}
          {list === 'lifts' ? '台电梯' : list === 'cases' ? '个工单' : '个维保工单'}
        </Typography.Paragraph>
        <Table<Row>
          size="small"
          rowKey="id"
          loading={rows.isLoading}
          dataSource={rows.data?.rows ?? []}
          pagination={{
            current: page,
            pageSize: PAGE,
            total: rows.data?.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          onRow={(r) => ({ onClick: () => open(r.id), style: { cursor: 'pointer' } })}
          columns={HEADERS[list].map((title, i) => ({
            title,
            key: title,
            render: (_: unknown, r: Row) => r.cells[i],
          }))}
        />
      </div>
    </Drawer>
  );
}

import {
  type Call,
  type CallOutput,
  statsDesignedCalls as D,
  isReviewer,
  type SessionUser,
  STATS_PERMISSIONS,
  type TodoItem,
  type UseUnitLift,
} from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Col, List, Row, Statistic, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { usePermission } from '../../lib/access.ts';
import { call } from '../../lib/api.ts';
import { elevatorDetailUrl } from '../../lib/routes.ts';

/*
 * The home page's own figures, per side of the account (the server answers each call to its side
 * only, modules/statistics/live.ts): a regulator's city or districts at a glance, a maintenance
 * company's month and to-do, a use unit's lifts with their due dates. Every figure is in the
 * caller's data scope and as fresh as the statistics rollups (≤ 1 min, docs/statistics.md).
 */

type Side = 'regulator' | 'company' | 'use' | null;

/** Each side's home call; the home page and the workbench share its query (and its cache). */
const SIDE_CALLS = {
  regulator: D.regulatorDashboard,
  company: D.companyDashboard,
  use: D.useUnitDashboard,
} as const;

function useSideDashboard<S extends keyof typeof SIDE_CALLS>(side: S, enabled = true) {
  return useQuery({
    queryKey: ['stats', 'dashboard', side],
    enabled,
    // Every side's call takes no input: one call site for the three (typed by the side's output).
    queryFn: ({ signal }) =>
      call(SIDE_CALLS[side] as Call, {}, { signal, silent: true }) as Promise<
        CallOutput<(typeof SIDE_CALLS)[S]>
      >,
  });
}

/**
 * The account's to-do list, from its side's home call: null while it loads, [] for an account
 * without home figures (its to-do lives on its own pages).
 */
export function useRoleTodo(user: SessionUser): TodoItem[] | null {
  const allowed = usePermission(STATS_PERMISSIONS.dashboard);
  const side = allowed ? dashboardSide(user) : null;
  const regulator = useSideDashboard('regulator', side === 'regulator');
  const company = useSideDashboard('company', side === 'company');
  const use = useSideDashboard('use', side === 'use');
  if (side === null) return [];
  const q = { regulator, company, use }[side];
  if (q.isError) return [];
  return q.data?.todo ?? null;
}

/** Which home figures an account gets (the server's sideOf, statistics/query.ts). */
export function dashboardSide(user: Pick<SessionUser, 'dataScope' | 'userType' | 'companyId'>): Side {
  if (isReviewer(user.dataScope)) return 'regulator';
  if (user.companyId === null) return null;
  if (user.userType === 'maintenance' || user.userType === 'maintenance_staff') return 'company';
  if (user.userType === 'use_unit' || user.userType === 'safety_officer') return 'use';
  return null;
}

const percent = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)}%`);
const minutes = (v: number | null) => (v === null ? '—' : `${v.toFixed(1)} 分钟`);

function Figure({
  title,
  value,
  suffix,
  alert,
}: {
  title: string;
  value: ReactNode;
  suffix?: string;
  alert?: boolean;
}) {
  return (
    <Col xs={12} md={8} xl={4}>
      <Card size="small">
        <Statistic
          title={title}
          value={value as string | number}
          suffix={suffix}
          valueStyle={alert ? { color: '#cf1322' } : undefined}
        />
      </Card>
    </Col>
  );
}

export function Todo({ items, title = '待办' }: { items: TodoItem[]; title?: string }) {
  const navigate = useNavigate();
  return (
    <Card size="small" title={title} style={{ marginTop: 16 }} data-testid="dashboard-todo">
      <List
        size="small"
        dataSource={items}
        locale={{ emptyText: '暂无待办' }}
        renderItem={(t) => (
          <List.Item
            style={{ cursor: 'pointer' }}
            onClick={() => navigate(t.route)}
            data-testid={`dashboard-todo-${t.key}`}
          >
            <span>{t.label}</span>
            <Badge
              count={t.count}
              showZero
              color={t.count > 0 ? '#cf1322' : '#d9d9d9'}
              overflowCount={9999}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

function Stale({ behind, asOf }: { behind: boolean; asOf: string }) {
  return (
    <Typography.Text type={behind ? 'warning' : 'secondary'} style={{ fontSize: 12 }}>
      {behind ? '统计数据更新滞后，' : ''}数据截至 {asOf}
    </Typography.Text>
  );
}

function RegulatorFigures() {
  const q = useSideDashboard('regulator');
  const d = q.data;
  if (!d) return null;
  return (
    <Card
      title="监管概况"
      style={{ marginTop: 16 }}
      extra={<Stale behind={d.meta.behind} asOf={d.meta.asOf} />}
    >
      <Row gutter={[12, 12]} data-testid="dashboard-figures">
        <Figure title="在用电梯" value={d.lifts} suffix="台" />
        <Figure title="维保单位" value={d.maintenanceCompanies} suffix="家" />
        <Figure title="使用单位" value={d.useUnits} suffix="家" />
        <Figure title="本月困人" value={d.trappedThisMonth} suffix={`起（上月 ${d.trappedLastMonth}）`} />
        <Figure title="本月按时维保率" value={percent(d.onTimeRateThisMonth)} />
        <Figure title="本月 30 分钟到达率" value={percent(d.within30RateThisMonth)} />
        <Figure title="本月平均到达用时" value={minutes(d.avgArrivalThisMonth)} />
        <Figure
          title="超期未维保"
          value={d.overdueMaintenance}
          suffix="台"
          alert={d.overdueMaintenance > 0}
        />
        <Figure title="超期未检" value={d.overdueInspection} suffix="台" alert={d.overdueInspection > 0} />
        <Figure title="救援中" value={d.openRescues} suffix="起" alert={d.openRescues > 0} />
      </Row>
      <Todo items={d.todo} />
    </Card>
  );
}

function CompanyFigures() {
  const q = useSideDashboard('company');
  const d = q.data;
  if (!d) return null;
  return (
    <Card
      title="本单位概况"
      style={{ marginTop: 16 }}
      extra={<Stale behind={d.meta.behind} asOf={d.meta.asOf} />}
    >
      <Row gutter={[12, 12]} data-testid="dashboard-figures">
        <Figure title="在用维保电梯" value={d.lifts} suffix="台" />
        <Figure title="本月计划维保" value={d.plannedThisMonth} suffix="次" />
        <Figure title="本月已完成" value={d.completedThisMonth} suffix="次" />
        <Figure title="本月按时维保率" value={percent(d.onTimeRateThisMonth)} />
        <Figure title="超期未维保" value={d.overdueLifts} suffix="台" alert={d.overdueLifts > 0} />
        <Figure title="本月困人" value={d.trappedThisMonth} suffix="起" />
        <Figure title="本月 30 分钟到达率" value={percent(d.within30RateThisMonth)} />
        <Figure title="本月平均到达用时" value={minutes(d.avgArrivalThisMonth)} />
      </Row>
      <Todo items={d.todo} />
    </Card>
  );
}

function UseUnitFigures() {
  const navigate = useNavigate();
  const q = useSideDashboard('use');
  const d = q.data;
  if (!d) return null;
  const due = (day: string | null, late: boolean) =>
    day ? (
      <Tag color={late ? 'red' : undefined}>
        {day}
        {late ? ' 已超期' : ''}
      </Tag>
    ) : (
      '—'
    );
  return (
    <Card
      title="本单位电梯"
      style={{ marginTop: 16 }}
      extra={<Stale behind={d.meta.behind} asOf={d.meta.asOf} />}
    >
      <Row gutter={[12, 12]} data-testid="dashboard-figures">
        <Figure title="在用电梯" value={d.lifts} suffix="台" />
        <Figure
          title="超期未维保"
          value={d.overdueMaintenance}
          suffix="台"
          alert={d.overdueMaintenance > 0}
        />
        <Figure title="超期未检" value={d.overdueInspection} suffix="台" alert={d.overdueInspection > 0} />
        <Figure title="本月困人" value={d.trappedThisMonth} suffix="起" />
      </Row>
      <Table<UseUnitLift>
        style={{ marginTop: 16 }}
        size="small"
        rowKey="id"
        dataSource={d.rows}
        pagination={{ pageSize: 10, showTotal: (n) => `共 ${n} 台（下次到期在前）` }}
        scroll={{ x: 900 }}
        onRow={(r) => ({ onClick: () => navigate(elevatorDetailUrl(r.id)), style: { cursor: 'pointer' } })}
        columns={[
          { title: '注册代码', dataIndex: 'registerCode', width: 200 },
          { title: '地址', dataIndex: 'address', ellipsis: true },
          { title: '维保单位', dataIndex: 'maintenanceCompanyName', width: 180, render: (v) => v ?? '—' },
          {
            title: '下次维保',
            dataIndex: 'maintenanceDue',
            width: 150,
            render: (_, r) => due(r.maintenanceDue, r.maintenanceOverdue),
          },
          {
            title: '下次检验',
            dataIndex: 'inspectionDue',
            width: 150,
            render: (_, r) => due(r.inspectionDue, r.inspectionOverdue),
          },
          { title: '状态', dataIndex: 'stateLabel', width: 110 },
        ]}
      />
      <Todo items={d.todo} />
    </Card>
  );
}

/** The figures of the account's side, when it holds the home page's statistics. */
export function RoleFigures({ user }: { user: SessionUser }) {
  const allowed = usePermission(STATS_PERMISSIONS.dashboard);
  if (!allowed) return null;
  switch (dashboardSide(user)) {
    case 'regulator':
      return <RegulatorFigures />;
    case 'company':
      return <CompanyFigures />;
    case 'use':
      return <UseUnitFigures />;
    default:
      return null;
  }
}

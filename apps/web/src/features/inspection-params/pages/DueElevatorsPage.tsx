import type { ProColumns } from '@ant-design/pro-components';
import {
  DUE_STATE_LABEL,
  DUE_WINDOW_DAYS,
  type DueLiftRow,
  LIFT_VARIETIES,
  type TechParamListRow,
  technicalParamCalls,
} from '@ec/contract';
import { Card, Col, Row, Statistic, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { ContractTable, type TableContext } from '../../../components/ContractTable.tsx';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { ImportParams } from '../ImportParams.tsx';
import { ParamDrawer } from '../ParamDrawer.tsx';
import {
  districtOptions,
  paramKeys,
  useDueSummary,
  useInvalidateParams,
  useParamRights,
} from '../queries.ts';

const varietyOptions = LIFT_VARIETIES.map((v) => ({ value: v.code, label: v.name }));
const recordedOptions = [
  { value: 'true', label: '已录入' },
  { value: 'false', label: '未录入' },
];

type Lift = { elevatorId: number; registerCode: string };

function DueCounts({ ctx, days }: { ctx: TableContext<DueLiftRow>; days: number }) {
  const { data } = useDueSummary(days);
  /** A count card; one with a filter shows its rows when clicked. */
  const card = (
    title: string,
    value: number | undefined,
    filter: Record<string, string> | null,
    color?: string,
  ) => (
    <Col xs={12} md={6}>
      <Card
        size="small"
        hoverable={filter !== null}
        onClick={filter ? () => ctx.searchWith(filter) : undefined}
        data-testid={`due-count-${title}`}
      >
        <Statistic title={title} value={value ?? '—'} valueStyle={color ? { color } : undefined} />
      </Card>
    </Col>
  );
  return (
    <Row gutter={12} style={{ marginBottom: 12 }}>
      {card(`${days} 天内待检`, data?.due, {})}
      {card('已超期', data?.overdue, { dueState: 'overdue' }, '#cf1322')}
      {card('已录入技术参数', data?.recorded, { hasParams: 'true' }, '#389e0d')}
      {card('待分配检验', data?.undistributed, null, '#d48806')}
    </Row>
  );
}

function DueTab({ onOpen }: { onOpen: (lift: Lift) => void }) {
  const rights = useParamRights();
  const invalidate = useInvalidateParams();
  const days = DUE_WINDOW_DAYS;
  const columns: ProColumns<DueLiftRow>[] = [
    { title: '注册代码', dataIndex: 'registerCode', width: 200, copyable: true },
    { title: '电梯名称', dataIndex: 'elevatorName', search: false, render: (_, r) => r.elevatorName ?? '—' },
    {
      title: '所在区域',
      dataIndex: 'areaCode',
      valueType: 'select',
      fieldProps: { options: districtOptions },
      render: (_, r) => r.areaName ?? r.areaCode,
      width: 100,
    },
    {
      title: '设备品种',
      dataIndex: 'variety',
      valueType: 'select',
      fieldProps: { options: varietyOptions },
      render: (_, r) => r.varietyName ?? '—',
    },
    {
      title: '使用单位',
      dataIndex: 'useUnit',
      hideInTable: true,
      fieldProps: { placeholder: '使用单位名称' },
    },
    {
      title: '使用单位',
      dataIndex: 'useCompanyName',
      search: false,
      render: (_, r) => r.useCompanyName ?? '—',
    },
    { title: '地址', dataIndex: 'address', search: false, ellipsis: true },
    { title: '下次检验日期', dataIndex: 'nextInspectDate', search: false, width: 120 },
    {
      title: '到期状态',
      dataIndex: 'dueState',
      valueType: 'select',
      fieldProps: {
        options: [
          { value: 'overdue', label: '已超期' },
          { value: 'soon', label: `${days} 天内到期` },
        ],
      },
      width: 130,
      render: (_, r) =>
        r.dueState === 'overdue' ? (
          <Tag color="red">
            {DUE_STATE_LABEL.overdue} {-r.daysLeft} 天
          </Tag>
        ) : (
          <Tag color="orange">
            {DUE_STATE_LABEL.soon}（{r.daysLeft} 天）
          </Tag>
        ),
    },
    {
      title: '技术参数',
      dataIndex: 'hasParams',
      valueType: 'select',
      fieldProps: { options: recordedOptions },
      width: 110,
      render: (_, r) =>
        r.recorded ? (
          <Tag color="green">{r.distributed ? '已录入·已分配' : '已录入'}</Tag>
        ) : (
          <Tag>未录入</Tag>
        ),
    },
    actionColumn<DueLiftRow>(100, (r) => (
      <RowAction onClick={() => onOpen({ elevatorId: r.elevatorId, registerCode: r.registerCode })}>
        技术参数
      </RowAction>
    )),
  ];
  return (
    <ContractTable<DueLiftRow>
      call={technicalParamCalls.dueList}
      queryKey={paramKeys.due}
      rowKey="elevatorId"
      columns={columns}
      testId="due-lifts"
      emptyText={`区域内没有 ${days} 天内到期或已超期的电梯`}
      above={(ctx) => <DueCounts ctx={ctx} days={days} />}
      toolbar={(ctx) => [
        ...(rights.edit ? [<ImportParams key="import" onImported={() => void invalidate()} />] : []),
        ...(rights.ownOrg !== null
          ? [
              <ExportButton
                key="export"
                call={technicalParamCalls.exportExcel}
                input={() => ({
                  id: rights.ownOrg!,
                  ...(ctx.filters.registerCode ? { registerCode: String(ctx.filters.registerCode) } : {}),
                  ...(ctx.filters.areaCode ? { areaCode: String(ctx.filters.areaCode) } : {}),
                })}
              >
                导出技术参数
              </ExportButton>,
            ]
          : []),
      ]}
    />
  );
}

function ParamsTab({ onOpen }: { onOpen: (lift: Lift) => void }) {
  const rights = useParamRights();
  const columns: ProColumns<TechParamListRow>[] = [
    { title: '注册代码', dataIndex: 'registerCode', width: 200, copyable: true },
    ...(rights.ownOrg === null
      ? [
          {
            title: '检验机构',
            dataIndex: 'orgName',
            search: false,
            render: (_: unknown, r: TechParamListRow) => r.orgName ?? '—',
          },
        ]
      : []),
    {
      title: '所在区域',
      dataIndex: 'areaCode',
      valueType: 'select',
      fieldProps: { options: districtOptions },
      render: (_, r) => r.areaName ?? r.areaCode,
      width: 100,
    },
    {
      title: '设备品种',
      dataIndex: 'variety',
      valueType: 'select',
      fieldProps: { options: varietyOptions },
      render: (_, r) => r.varietyName ?? '—',
    },
    { title: '层站数', dataIndex: 'stops', search: false, width: 80, render: (_, r) => r.stops ?? '—' },
    {
      title: '额定载重量(kg)',
      dataIndex: 'ratedLoad',
      search: false,
      width: 120,
      render: (_, r) => r.ratedLoad ?? '—',
    },
    {
      title: '额定速度(m/s)',
      dataIndex: 'ratedSpeed',
      search: false,
      width: 120,
      render: (_, r) => r.ratedSpeed ?? '—',
    },
    { title: '提升高度(m)', dataIndex: 'riseM', search: false, width: 110, render: (_, r) => r.riseM ?? '—' },
    { title: '控制方式', dataIndex: 'controlMode', search: false, render: (_, r) => r.controlMode ?? '—' },
    {
      title: '技术参数',
      dataIndex: 'hasParams',
      valueType: 'select',
      fieldProps: { options: recordedOptions },
      width: 100,
      render: (_, r) => (r.id ? <Tag color="green">已录入</Tag> : <Tag>未录入</Tag>),
    },
    {
      title: '更新时间',
      dataIndex: 'updateTime',
      search: false,
      width: 170,
      render: (_, r) => r.updateTime ?? '—',
    },
    actionColumn<TechParamListRow>(100, (r) => (
      <RowAction onClick={() => onOpen({ elevatorId: r.elevatorId, registerCode: r.registerCode })}>
        {rights.edit ? (r.id ? '编辑' : '录入') : '查看'}
      </RowAction>
    )),
  ];
  return (
    <ContractTable<TechParamListRow>
      call={technicalParamCalls.query}
      queryKey={paramKeys.list}
      rowKey="key"
      columns={columns}
      testId="tech-params"
      emptyText="没有符合条件的电梯"
    />
  );
}

/**
 * 检验电梯: the lifts due for inspection in the organisation's area (the platform: every lift; a
 * regulator: its districts) with their technical parameters, the import of a parameter sheet, the
 * export, and the counts of the window.
 */
export default function DueElevatorsPage() {
  const [lift, setLift] = useState<Lift | null>(null);
  return (
    <>
      <Tabs
        items={[
          { key: 'due', label: '到期待检电梯', children: <DueTab onOpen={setLift} /> },
          { key: 'params', label: '技术参数台账', children: <ParamsTab onOpen={setLift} /> },
        ]}
      />
      <ParamDrawer lift={lift} onClose={() => setLift(null)} />
    </>
  );
}

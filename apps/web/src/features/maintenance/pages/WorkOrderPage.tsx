import { ArrowLeftOutlined, HistoryOutlined } from '@ant-design/icons';
import { maintenanceOrderCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Space, Table, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { NotFoundCard } from '../../../components/NotFoundCard.tsx';
import { OrderStatusTag } from '../../../components/OrderStatusTag.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { call } from '../../../lib/api.ts';
import { dash, durationText } from '../../../lib/format.ts';
import { useCanOpen, usePageParam } from '../../../lib/page-param.ts';
import { ELEVATOR_PATHS, elevatorDetailUrl, MAINTENANCE_PATHS, orderLogUrl } from '../../../lib/routes.ts';
import { RESULT_COLOR } from '../labels.ts';

/** 维保工单详情 (?id=): who maintained which elevator when, item by item, and who confirmed it. */
export default function WorkOrderPage() {
  const id = usePageParam();
  const navigate = useNavigate();
  const canOpenLog = useCanOpen(MAINTENANCE_PATHS.log);
  const canOpenElevator = useCanOpen(ELEVATOR_PATHS.detail);
  const order = useQuery({
    queryKey: ['maintenance', 'order', id],
    queryFn: ({ signal }) => call(maintenanceOrderCalls.info, { id: id! }, { signal, silent: true }),
    enabled: id !== null,
  });

  if (id === null || order.isError) {
    return (
      <NotFoundCard
        title="工单不存在或无权访问"
        subTitle={id === null ? '缺少工单编号（id）' : order.error?.message}
      />
    );
  }
  const o = order.data;
  if (!o) return <Card loading />;
  const changed = o.items.filter((i) => i.result !== '正常').length;

  return (
    <Card
      data-testid="work-order"
      title={
        <Space>
          {`维保工单 · ${o.orderNo}`}
          <OrderStatusTag status={o.status} label={o.statusLabel} />
        </Space>
      }
      extra={
        <Space>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
            返回
          </Button>
          {canOpenLog && (
            <Button type="primary" icon={<HistoryOutlined />} onClick={() => navigate(orderLogUrl(o.id))}>
              维保日志
            </Button>
          )}
        </Space>
      }
    >
      <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }}>
        <Descriptions.Item label="工单号">{o.orderNo}</Descriptions.Item>
        <Descriptions.Item label="注册代码">
          {canOpenElevator ? (
            <RowAction onClick={() => navigate(elevatorDetailUrl(o.elevatorId))}>{o.registerCode}</RowAction>
          ) : (
            o.registerCode
          )}
        </Descriptions.Item>
        <Descriptions.Item label="维保类别">{o.kindLabel}</Descriptions.Item>
        <Descriptions.Item label="安装地址" span={2}>
          {o.address}
        </Descriptions.Item>
        <Descriptions.Item label="计划日期">{o.planDate}</Descriptions.Item>
        <Descriptions.Item label="维保单位">{dash(o.maintenanceCompanyName)}</Descriptions.Item>
        <Descriptions.Item label="使用单位">{dash(o.useCompanyName)}</Descriptions.Item>
        <Descriptions.Item label="维保人员">{dash(o.workers.join('、'))}</Descriptions.Item>
        <Descriptions.Item label="签到时间">{dash(o.signInTime)}</Descriptions.Item>
        <Descriptions.Item label="签退时间">{dash(o.signOutTime)}</Descriptions.Item>
        <Descriptions.Item label="作业时长">{durationText(o.durationMinutes)}</Descriptions.Item>
        <Descriptions.Item label="使用单位确认">{dash(o.confirmedBy)}</Descriptions.Item>
        <Descriptions.Item label="确认时间">{dash(o.confirmTime)}</Descriptions.Item>
        <Descriptions.Item label="备注">{dash(o.remark)}</Descriptions.Item>
      </Descriptions>
      <Table
        data-testid="work-order-items"
        style={{ marginTop: 16 }}
        size="small"
        rowKey="name"
        title={() =>
          o.items.length === 0
            ? '维保项目'
            : `维保项目（共 ${o.items.length} 项${changed ? `，${changed} 项有调整、更换或异常` : '，全部正常'}）`
        }
        dataSource={o.items}
        pagination={false}
        locale={{ emptyText: o.status === 0 ? '工单尚未开始，暂无维保项目记录' : '暂无维保项目记录' }}
        columns={[
          { title: '序号', width: 70, render: (_v, _r, i) => i + 1 },
          { title: '维保项目', dataIndex: 'name' },
          {
            title: '结果',
            dataIndex: 'result',
            width: 100,
            render: (v: string) => <Tag color={RESULT_COLOR[v]}>{v}</Tag>,
          },
          { title: '说明', dataIndex: 'note', render: (v: string | null) => dash(v) },
        ]}
      />
    </Card>
  );
}

import { adCountCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Progress, Row, Statistic, Table } from 'antd';
import { call } from '../../../lib/api.ts';

const money = (v: number) => v.toFixed(2);

/**
 * 点位统计 (/ad/count): the points by state and by district, and the orders and their (paid)
 * revenue by month of their start, over the last 12 months; an operator counts its own.
 */
export default function CountPage() {
  const data = useQuery({ queryKey: ['adCount'], queryFn: () => call(adCountCalls.overview, {}) });
  const d = data.data;
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card loading={data.isLoading} title="点位状态">
          {d && d.pointTotal === 0 ? (
            <Empty description="暂无点位" />
          ) : (
            <Row gutter={16}>
              <Col span={4}>
                <Statistic title="点位总数" value={d?.pointTotal ?? 0} />
              </Col>
              {(d?.byState ?? []).map((s) => (
                <Col span={4} key={s.state}>
                  <Statistic title={s.label} value={s.count} />
                  <Progress
                    percent={d ? Math.round((s.count / Math.max(1, d.pointTotal)) * 100) : 0}
                    size="small"
                  />
                </Col>
              ))}
            </Row>
          )}
        </Card>
      </Col>
      <Col span={10}>
        <Card loading={data.isLoading} title="按区县">
          <Table
            size="small"
            rowKey="areaCode"
            pagination={false}
            dataSource={d?.byDistrict ?? []}
            columns={[
              { title: '区县代码', dataIndex: 'areaCode' },
              { title: '点位数', dataIndex: 'count' },
            ]}
          />
        </Card>
      </Col>
      <Col span={14}>
        <Card loading={data.isLoading} title="月度订单与收入">
          <Table
            size="small"
            rowKey="month"
            pagination={false}
            dataSource={d?.byMonth ?? []}
            locale={{ emptyText: '暂无订单' }}
            columns={[
              { title: '月份', dataIndex: 'month' },
              { title: '订单数', dataIndex: 'orders' },
              { title: '收入（元）', dataIndex: 'revenue', render: money },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}

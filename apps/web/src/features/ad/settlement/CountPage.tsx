import { type AdGroupCount, adCountCalls, adPointCalls, areaLabel } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Progress, Row, Statistic, Table } from 'antd';
import { call } from '../../../lib/api.ts';

const money = (v: number) => v.toFixed(2);

/** One grouping of the points (the server's group counts: by district, use occasion or lift type). */
function GroupCard({
  title,
  head,
  testId,
  call: fetch,
}: {
  title: string;
  head: string;
  testId: string;
  call: typeof adPointCalls.countByArea;
}) {
  const data = useQuery({ queryKey: ['adCount', testId], queryFn: () => call(fetch, {}) });
  return (
    <Card loading={data.isLoading} title={title}>
      <Table<AdGroupCount[number]>
        data-testid={testId}
        size="small"
        rowKey={(r) => r.key ?? '—'}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        dataSource={data.data ?? []}
        locale={{ emptyText: '暂无点位' }}
        columns={[
          {
            title: head,
            dataIndex: 'label',
            render: (label: string, r) =>
              testId === 'ad-count-area' && r.key ? (areaLabel(r.key) ?? label) : label,
          },
          { title: '点位数', dataIndex: 'count', width: 90 },
        ]}
      />
    </Card>
  );
}

/**
 * 点位统计 (/ad/count): the points by state, by district, use occasion and lift type, and the orders and their (paid)
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
      <Col span={8}>
        <GroupCard title="按区县" head="区县" testId="ad-count-area" call={adPointCalls.countByArea} />
      </Col>
      <Col span={8}>
        <GroupCard
          title="按使用场所"
          head="使用场所"
          testId="ad-count-occasion"
          call={adPointCalls.countByOccasion}
        />
      </Col>
      <Col span={8}>
        <GroupCard
          title="按电梯类型"
          head="电梯类型"
          testId="ad-count-lift-type"
          call={adPointCalls.countByLiftType}
        />
      </Col>
      <Col span={24}>
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

import { costCalls, formatYuan, INSPECTION_TYPE_LABEL, type InspectionType } from '@ec/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Empty, Radio, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { ApiError, call } from '../../lib/api.ts';
import { catalogKeys, useCatalogRights, useTariffOrgs } from './queries.ts';

const fmt = (v: number | null, unit: string) => (v == null ? '—' : `${v} ${unit}`);

/**
 * 报价预览: a lift the organisation may quote (by register code) and the fee computed by the server
 * from the tariff and the lift's facts, line by line. The platform and regulators pick an organisation.
 */
export function QuotePreview() {
  const rights = useCatalogRights();
  const orgs = useTariffOrgs(rights.ownOrg === null);
  const [orgId, setOrgId] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const [elevatorId, setElevatorId] = useState<number | null>(null);
  const [type, setType] = useState<InspectionType>('periodic');
  const org = rights.ownOrg ?? orgId;
  const lifts = useQuery({
    queryKey: catalogKeys.lifts(keyword, org),
    enabled: org !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      call(
        costCalls.lifts,
        { keyword: keyword || undefined, orgId: rights.ownOrg ? undefined : (org ?? undefined) },
        { signal, silent: true },
      ),
  });
  const input = {
    elevatorId: elevatorId ?? 0,
    inspectionType: type,
    orgId: rights.ownOrg ? undefined : (org ?? undefined),
  };
  const quote = useQuery({
    queryKey: catalogKeys.quote(input),
    enabled: elevatorId !== null && org !== null,
    retry: false,
    queryFn: ({ signal }) => call(costCalls.quote, input, { signal, silent: true }),
  });
  const q = quote.data;
  return (
    <Card title="报价预览" data-testid="quote-preview">
      <Space wrap style={{ marginBottom: 16 }}>
        {rights.ownOrg === null && (
          <Select
            style={{ width: 260 }}
            placeholder="选择检验机构"
            options={orgs.data ?? []}
            value={orgId ?? undefined}
            onChange={(v) => {
              setOrgId(v);
              setElevatorId(null);
            }}
            aria-label="检验机构"
          />
        )}
        <Select
          showSearch
          allowClear
          style={{ width: 380 }}
          placeholder="输入注册代码或电梯名称搜索"
          filterOption={false}
          onSearch={setKeyword}
          value={elevatorId ?? undefined}
          onChange={(v) => setElevatorId(v ?? null)}
          loading={lifts.isFetching}
          notFoundContent={org === null ? '请先选择检验机构' : '没有可报价的电梯'}
          options={(lifts.data ?? []).map((l) => ({
            value: l.id,
            label: `${l.registerCode} ${l.name ?? ''}${l.varietyName ? `（${l.varietyName}）` : ''}`,
          }))}
          aria-label="选择电梯"
          data-testid="quote-lift"
        />
        <Radio.Group value={type} onChange={(e) => setType(e.target.value)} optionType="button">
          <Radio.Button value="periodic">{INSPECTION_TYPE_LABEL.periodic}</Radio.Button>
          <Radio.Button value="supervision">{INSPECTION_TYPE_LABEL.supervision}</Radio.Button>
        </Radio.Group>
      </Space>
      {elevatorId === null ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="选择一台电梯，按收费标准和其技术参数计算检验费"
        />
      ) : quote.isError ? (
        <Alert
          type="warning"
          showIcon
          message="无法计算报价"
          description={quote.error instanceof ApiError ? quote.error.message : '报价失败，请稍后重试'}
          data-testid="quote-error"
        />
      ) : q ? (
        <>
          <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
            <Descriptions.Item label="注册代码">{q.registerCode}</Descriptions.Item>
            <Descriptions.Item label="设备品种">{q.facts.varietyName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="层站数">{fmt(q.facts.stops, '层站')}</Descriptions.Item>
            <Descriptions.Item label="额定载重量">{fmt(q.facts.ratedLoad, 'kg')}</Descriptions.Item>
            <Descriptions.Item label="提升高度">{fmt(q.facts.riseM, 'm')}</Descriptions.Item>
            <Descriptions.Item label="长度">{fmt(q.facts.lengthM, 'm')}</Descriptions.Item>
          </Descriptions>
          <Table
            size="small"
            rowKey="label"
            pagination={false}
            dataSource={q.lines}
            columns={[
              { title: '项目', dataIndex: 'label', width: 140 },
              { title: '计算方式', dataIndex: 'detail' },
              {
                title: '金额（元）',
                dataIndex: 'amount',
                align: 'right',
                width: 140,
                render: (v: number) => formatYuan(v),
              },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={2}>
                  <strong>{INSPECTION_TYPE_LABEL[q.inspectionType]}费合计</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <strong data-testid="quote-total">{formatYuan(q.total)}</strong>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {q.notes.join('；')}。层站数等取自本机构的技术参数，未录入的取电梯台账登记值。
          </Typography.Paragraph>
        </>
      ) : (
        <Card loading bordered={false} />
      )}
    </Card>
  );
}

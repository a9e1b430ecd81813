import type { ProColumns } from '@ant-design/pro-components';
import { elevatorCalls, type IncentiveRow, incentiveCalls, type RatingRow } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Form, Input, Modal, Rate, Select } from 'antd';
import { useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { validated } from '../../../components/form.ts';
import { RowAction } from '../../../components/RowAction.tsx';
import { usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { partyKeys, useInvalidateParties } from '../queries.ts';

/** The rating rule, shown where ratings are given and read. */
const RULE =
  '每台电梯每月只能评价一次（按评价时的维保单位计），下月可再次评价；平均评分为该维保单位收到的全部评价的平均值。';

/** A use unit rates the maintenance company of one of its elevators (1–5). */
function RateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ elevatorId: number; score: number; comment?: string }>();
  const { message } = App.useApp();
  const invalidate = useInvalidateParties();
  const [saving, setSaving] = useState(false);
  const lifts = useQuery({
    queryKey: partyKeys.of('rate-elevators', {}),
    queryFn: () => call(elevatorCalls.queryList, { page: 1, limit: 500, maintenanceClaimState: 3 }),
    enabled: open,
  });
  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    setSaving(true);
    try {
      await call(incentiveCalls.save, {
        elevatorId: v.elevatorId,
        score: v.score,
        comment: v.comment?.trim() || undefined,
      });
      message.success('评价已提交');
      await invalidate();
      onClose();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title="评价维保单位"
      open={open}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={RULE} data-testid="rating-rule" />
      <Form form={form} layout="vertical" preserve={false} initialValues={{ score: 5 }}>
        <Form.Item name="elevatorId" label="电梯" rules={[{ required: true, message: '请选择电梯' }]}>
          <Select
            showSearch
            optionFilterProp="label"
            loading={lifts.isFetching}
            options={(lifts.data?.records ?? [])
              .filter((e) => e.maintenanceCompanyId !== null)
              .map((e) => ({
                value: e.id,
                label: `${e.registerCode} ${e.name ?? ''}（${e.maintenanceCompanyName}）`,
              }))}
          />
        </Form.Item>
        <Form.Item name="score" label="评分" rules={[{ required: true, message: '请评分' }]}>
          <Rate />
        </Form.Item>
        <Form.Item name="comment" label="评价">
          <Input.TextArea rows={3} maxLength={300} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 维保激励: the average rating of each maintenance company, its ratings, and rating as a use unit. */
export default function MaintenanceIncentivePage() {
  const canRate = usePermission('incentive:rate');
  const [rating, setRating] = useState(false);
  const [viewing, setViewing] = useState<IncentiveRow | null>(null);
  const columns: ProColumns<IncentiveRow>[] = [
    { title: '维保单位', dataIndex: 'name', render: (_, r) => r.maintenanceCompanyName },
    {
      title: '平均评分',
      dataIndex: 'averageScore',
      search: false,
      render: (_, r) => (
        <span>
          <Rate disabled allowHalf value={Math.round(r.averageScore * 2) / 2} style={{ fontSize: 14 }} />{' '}
          {r.averageScore.toFixed(2)}
        </span>
      ),
    },
    {
      title: '确认违规',
      dataIndex: 'violationCount',
      search: false,
      tooltip: '近一年监管核查确认的违规，每条扣 0.2 分',
      render: (_, r) =>
        r.violationCount > 0 ? <span style={{ color: '#cf1322' }}>{r.violationCount}</span> : 0,
    },
    {
      title: '综合评分',
      dataIndex: 'incentiveScore',
      search: false,
      render: (_, r) => r.incentiveScore.toFixed(2),
    },
    { title: '评价次数', dataIndex: 'ratingCount', search: false },
    { title: '评价电梯', dataIndex: 'elevatorCount', search: false },
    { title: '最近评价', dataIndex: 'lastRatedAt', search: false, render: (_, r) => dash(r.lastRatedAt) },
    {
      title: '操作',
      valueType: 'option',
      render: (_, r) => <RowAction onClick={() => setViewing(r)}>评价明细</RowAction>,
    },
  ];
  const ratings: ProColumns<RatingRow>[] = [
    { title: '注册代码', dataIndex: 'registerCode' },
    { title: '电梯', dataIndex: 'elevatorName', render: (_, r) => dash(r.elevatorName) },
    { title: '使用单位', dataIndex: 'useCompanyName' },
    {
      title: '评分',
      dataIndex: 'score',
      render: (_, r) => <Rate disabled value={r.score} style={{ fontSize: 14 }} />,
    },
    { title: '评价', dataIndex: 'comment', render: (_, r) => dash(r.comment) },
    { title: '评价人', dataIndex: 'raterName', render: (_, r) => dash(r.raterName) },
    { title: '时间', dataIndex: 'createTime' },
  ];
  return (
    <>
      <Alert type="info" showIcon message={RULE} style={{ marginBottom: 16 }} />
      <ContractTable
        queryKey={partyKeys.all}
        testId="incentive-list"
        call={incentiveCalls.queryList}
        rowKey="maintenanceCompanyId"
        columns={columns}
        toolbar={() =>
          canRate
            ? [
                <Button key="rate" type="primary" onClick={() => setRating(true)}>
                  评价维保单位
                </Button>,
              ]
            : []
        }
      />
      <Drawer
        title={`评价明细：${viewing?.maintenanceCompanyName ?? ''}`}
        open={!!viewing}
        onClose={() => setViewing(null)}
        width={900}
        destroyOnHidden
      >
        {viewing && (
          <ContractTable
            queryKey={partyKeys.all}
            call={incentiveCalls.detail}
            params={{ maintenanceCompanyId: viewing.maintenanceCompanyId }}
            rowKey="id"
            columns={ratings}
            search={false}
          />
        )}
      </Drawer>
      <RateModal open={rating} onClose={() => setRating(false)} />
    </>
  );
}

import { RESCUE_PERMISSIONS as P, SIGNING_KIND, type SigningLift, signingCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Popconfirm, Space, Spin, Table, Tag } from 'antd';
import { useState } from 'react';
import { NotFoundCard } from '../../../components/NotFoundCard.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { usePageParam } from '../../../lib/page-param.ts';
import { shareText } from '../format.ts';
import { signingKeys, useInvalidateSigning } from '../queries.ts';
import { SigningDialog } from '../SigningDialog.tsx';

const STATE_COLOR = { upcoming: 'blue', active: 'green', expired: 'default' } as const;

/** 签约详情 (/userunitDetail?id=): the signing and its lifts; 移除 takes a lift out after a confirmation. */
export default function SigningDetailPage() {
  const id = usePageParam('id');
  const { message } = App.useApp();
  const canEdit = usePermission(P.signingEdit);
  const invalidate = useInvalidateSigning();
  const [editing, setEditing] = useState(false);
  const detail = useQuery({
    queryKey: signingKeys.detail(id),
    enabled: id !== null,
    queryFn: ({ signal }) => call(signingCalls.findById, { id: id! }, { signal, silent: true }),
    retry: false,
  });
  const s = detail.data;
  if (id === null || detail.isError)
    return <NotFoundCard title="签约不存在或无权访问" back={{ label: '返回签约列表', path: '/userunit' }} />;
  if (!s) return <Spin />;
  const remove = async (l: SigningLift) => {
    try {
      await call(signingCalls.deleteElevatorById, { id: l.id });
      message.success(`已移除电梯 ${l.registerCode ?? l.elevatorId}`);
    } catch {
      // The request layer showed the reason.
    } finally {
      await invalidate();
    }
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={`签约 ${s.signNo}`}
        extra={
          canEdit && (
            <Button onClick={() => setEditing(true)} data-testid="signing-edit">
              编辑
            </Button>
          )
        }
      >
        <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered data-testid="signing-detail">
          <Descriptions.Item label="类型">{s.kindLabel}</Descriptions.Item>
          <Descriptions.Item label="状态">
            <Tag color={STATE_COLOR[s.state]}>{s.stateLabel}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="使用单位">{s.useCompanyName}</Descriptions.Item>
          <Descriptions.Item label="租赁方">{dash(s.partnerName)}</Descriptions.Item>
          <Descriptions.Item label="开始日期">{s.startDate}</Descriptions.Item>
          <Descriptions.Item label="结束日期">{s.endDate}</Descriptions.Item>
          <Descriptions.Item label="金额（元）">{dash(s.amount)}</Descriptions.Item>
          {s.kind === SIGNING_KIND.lease && (
            <Descriptions.Item label="广告分成比例">{shareText(s.share)}</Descriptions.Item>
          )}
          <Descriptions.Item label="联系人">
            {dash(s.contactName)} {s.contactPhone ?? ''}
          </Descriptions.Item>
          <Descriptions.Item label="登记人">{dash(s.createdByName)}</Descriptions.Item>
          <Descriptions.Item label="登记时间">{s.createTime}</Descriptions.Item>
          <Descriptions.Item label="备注" span={2}>
            {dash(s.remark)}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={`签约电梯（${s.lifts.length} 台）`}>
        <Table<SigningLift>
          data-testid="signing-lifts-table"
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={s.lifts}
          locale={{ emptyText: '暂无签约电梯' }}
          columns={[
            { title: '注册代码', dataIndex: 'registerCode', render: (v: string | null) => dash(v) },
            { title: '名称', dataIndex: 'name', render: (v: string | null) => dash(v) },
            { title: '地址', dataIndex: 'address', render: (v: string | null) => dash(v) },
            ...(canEdit
              ? [
                  {
                    title: '操作',
                    key: 'actions',
                    width: 80,
                    render: (_: unknown, l: SigningLift) => (
                      <Popconfirm
                        title={`从签约中移除电梯 ${l.registerCode ?? l.elevatorId}？`}
                        okText="移除"
                        okButtonProps={{ danger: true }}
                        onConfirm={() => remove(l)}
                      >
                        <RowAction danger data-testid="signing-lift-remove">
                          移除
                        </RowAction>
                      </Popconfirm>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {editing && <SigningDialog kind={s.kind} editing={s} onClose={() => setEditing(false)} />}
    </Space>
  );
}

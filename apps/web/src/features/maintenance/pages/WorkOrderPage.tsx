import { ArrowLeftOutlined, CheckOutlined, CloseOutlined, HistoryOutlined } from '@ant-design/icons';
import {
  type MaintenanceOrderDetail,
  maintenanceOrderCalls,
  ORDER_PERMISSIONS,
  ORDER_STATUS,
  type OrderItem,
  type OrderWorker,
  PAPER_RECORD_NO_ITEMS,
  PAPER_RECORD_REMARK,
} from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NotFoundCard } from '../../../components/NotFoundCard.tsx';
import { Photos, Thumbnail } from '../../../components/Photos.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { useCanAudit, usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { dash, durationText } from '../../../lib/format.ts';
import { useCanOpen, usePageParam } from '../../../lib/page-param.ts';
import { ELEVATOR_PATHS, elevatorDetailUrl } from '../../../lib/routes.ts';
import { useSession } from '../../../lib/session.ts';
import { ChainBadge } from '../ChainBadge.tsx';
import { ConfirmOrderDialog, useOrderAudit } from '../Decisions.tsx';
import { ExportPdfButton } from '../ExportPdf.tsx';
import { RESULT_COLOR } from '../labels.ts';
import { OrderStatus, VerdictTag } from '../OrderTags.tsx';
import { maintenanceKeys, useLiveMaintenance, useOrderLinks } from '../queries.ts';

/** Account kinds that confirm a record for the use unit. */
const USE_UNIT_KINDS = new Set(['use_unit', 'safety_officer']);

/**
 * 维保工单详情 (?id=): the lift and the visit, the template's items as the worker recorded them, the
 * parts, the workers and their certificates, the photos and signatures, the use unit's confirmation,
 * the audit and the regulator's findings, with the tamper-evidence check of the record. The use unit
 * confirms here and the regulator audits here (each only when the order waits for them).
 */
export default function WorkOrderPage() {
  useLiveMaintenance();
  const id = usePageParam();
  const navigate = useNavigate();
  const links = useOrderLinks();
  const canOpenElevator = useCanOpen(ELEVATOR_PATHS.detail);
  const { user } = useSession();
  const mayConfirm = usePermission(ORDER_PERMISSIONS.confirm) && USE_UNIT_KINDS.has(user?.userType ?? '');
  const mayAudit = useCanAudit(ORDER_PERMISSIONS.audit);
  const [confirming, setConfirming] = useState(false);
  const audit = useOrderAudit();
  const order = useQuery({
    queryKey: maintenanceKeys.order('info', id),
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
  const orderLink = (orderId: number, text: string) =>
    links.detail ? <RowAction onClick={() => navigate(links.detail!(orderId))}>{text}</RowAction> : text;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="work-order">
      <Card
        title={
          <Space wrap>
            {`维保工单 · ${o.orderNo}`}
            <OrderStatus status={o.status} label={o.statusLabel} late={o.late} />
            <ChainBadge orderId={o.id} />
          </Space>
        }
        extra={
          <Space wrap>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
              返回
            </Button>
            {links.log && (
              <Button icon={<HistoryOutlined />} onClick={() => navigate(links.log!(o.id))}>
                维保日志
              </Button>
            )}
            <ExportPdfButton ids={() => [o.id]} />
            {mayConfirm && o.status === ORDER_STATUS.awaitingConfirm && (
              <Button type="primary" icon={<CheckOutlined />} onClick={() => setConfirming(true)}>
                确认
              </Button>
            )}
            {mayAudit && o.status === ORDER_STATUS.completed && (
              <>
                <Button type="primary" icon={<CheckOutlined />} onClick={() => audit.pass([o.id])}>
                  审核通过
                </Button>
                <Button danger icon={<CloseOutlined />} onClick={() => audit.reject([o.id])}>
                  驳回
                </Button>
              </>
            )}
          </Space>
        }
      >
        <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} data-testid="order-info">
          <Descriptions.Item label="工单号">{o.orderNo}</Descriptions.Item>
          <Descriptions.Item label="注册代码">
            {canOpenElevator ? (
              <RowAction onClick={() => navigate(elevatorDetailUrl(o.elevatorId))}>
                {o.registerCode}
              </RowAction>
            ) : (
              o.registerCode
            )}
          </Descriptions.Item>
          <Descriptions.Item label="电梯名称">{dash(o.elevatorName)}</Descriptions.Item>
          <Descriptions.Item label="安装地址" span={2}>
            {o.address}
          </Descriptions.Item>
          <Descriptions.Item label="维保类别">{o.kindLabel}</Descriptions.Item>
          <Descriptions.Item label="计划日期">{o.planDate}</Descriptions.Item>
          <Descriptions.Item label="维保单位">{dash(o.maintenanceCompanyName)}</Descriptions.Item>
          <Descriptions.Item label="使用单位">{dash(o.useCompanyName)}</Descriptions.Item>
          <Descriptions.Item label="签到时间">{dash(o.signInTime)}</Descriptions.Item>
          <Descriptions.Item label="签退时间">{dash(o.signOutTime)}</Descriptions.Item>
          <Descriptions.Item label="作业时长">{durationText(o.durationMinutes)}</Descriptions.Item>
          <Descriptions.Item label="签到距离">
            {o.signInDistanceM === null ? '—' : `距电梯 ${o.signInDistanceM} 米`}
          </Descriptions.Item>
          <Descriptions.Item label="签退距离">
            {o.signOutDistanceM === null ? '—' : `距电梯 ${o.signOutDistanceM} 米`}
          </Descriptions.Item>
          <Descriptions.Item label="提交时间">{dash(o.submitTime)}</Descriptions.Item>
          <Descriptions.Item label="维保人员">{dash(o.workers.join('、'))}</Descriptions.Item>
          <Descriptions.Item label="维保模板">
            {o.templateName
              ? `${o.templateName}${o.templateVersion ? `（第 ${o.templateVersion} 版）` : ''}`
              : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="备注" span={o.correctsOrderId || o.redoneByOrderId ? 1 : 3}>
            {dash(o.remark)}
          </Descriptions.Item>
          {o.correctsOrderId && (
            <Descriptions.Item label="重做的工单">
              {orderLink(o.correctsOrderId, `查看被驳回的原工单`)}
            </Descriptions.Item>
          )}
          {o.redoneByOrderId && (
            <Descriptions.Item label="重做工单">
              {orderLink(o.redoneByOrderId, '查看重做的工单')}
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <ItemsCard order={o} />
      <WorkersCard orderId={o.id} />
      <PartsCard orderId={o.id} />
      <Card title="现场照片" size="small" data-testid="order-photos">
        <MissingPhotos order={o} />
        <Photos photos={o.photos} />
      </Card>
      <SignOffCard order={o} />
      <FindingsCard order={o} />
      {mayConfirm && <ConfirmOrderDialog order={o} open={confirming} onClose={() => setConfirming(false)} />}
      {audit.dialog}
    </Space>
  );
}

/** The checklist, one table per maintenance kind (半月 items first, then the longer intervals'). */
function ItemsCard({ order: o }: { order: MaintenanceOrderDetail }) {
  const groups = new Map<number, { label: string; items: OrderItem[] }>();
  for (const item of [...o.items].sort((a, b) => a.kind - b.kind || a.seq - b.seq)) {
    const group = groups.get(item.kind) ?? { label: item.kindLabel, items: [] };
    group.items.push(item);
    groups.set(item.kind, group);
  }
  const recorded = o.items.filter((i) => i.result !== null).length;
  const notable = o.items.filter(
    (i) => i.result !== null && i.result !== '正常' && i.result !== '无此项',
  ).length;
  return (
    <Card
      size="small"
      data-testid="work-order-items"
      title={
        o.items.length === 0
          ? '维保项目'
          : `维保项目（共 ${o.items.length} 项，已记录 ${recorded} 项${notable ? `，${notable} 项有调整、更换或异常` : ''}）`
      }
    >
      {o.items.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            o.status === ORDER_STATUS.planned
              ? '工单尚未开始，暂无维保项目记录'
              : o.remark === PAPER_RECORD_REMARK
                ? PAPER_RECORD_NO_ITEMS
                : '暂无维保项目记录'
          }
        />
      ) : (
        [...groups].map(([kind, group]) => (
          <Table<OrderItem>
            key={kind}
            size="small"
            style={{ marginBottom: 12 }}
            rowKey={(r) => `${r.kind}-${r.seq}-${r.name}`}
            title={() => (
              <Typography.Text strong>{`${group.label}项目（${group.items.length} 项）`}</Typography.Text>
            )}
            dataSource={group.items}
            pagination={false}
            columns={[
              { title: '序号', dataIndex: 'seq', width: 70 },
              {
                title: '维保项目',
                dataIndex: 'name',
                render: (_, r) => (
                  <div>
                    <div>{r.name}</div>
                    {r.requirement && (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {r.requirement}
                      </Typography.Text>
                    )}
                  </div>
                ),
              },
              {
                title: '结果',
                dataIndex: 'result',
                width: 100,
                render: (_, r) =>
                  r.result ? <Tag color={RESULT_COLOR[r.result]}>{r.result}</Tag> : '未记录',
              },
              {
                title: '测量值',
                dataIndex: 'value',
                width: 120,
                render: (_, r) =>
                  r.measured ? (r.value ? `${r.value}${r.unit ? ` ${r.unit}` : ''}` : '—') : '',
              },
              { title: '说明', dataIndex: 'note', render: (_, r) => dash(r.note) },
            ]}
          />
        ))
      )}
    </Card>
  );
}

/** The workers of the order with their certificates, valid or not on the visit's day. */
function WorkersCard({ orderId }: { orderId: number }) {
  const workers = useQuery({
    queryKey: maintenanceKeys.order('workers', orderId),
    queryFn: ({ signal }) => call(maintenanceOrderCalls.userInfo, { orderId }, { signal, silent: true }),
  });
  return (
    <Card title="维保人员" size="small" data-testid="order-workers">
      <Table<OrderWorker>
        size="small"
        rowKey="userId"
        loading={workers.isPending}
        dataSource={workers.data ?? []}
        pagination={false}
        locale={{ emptyText: workers.isError ? '维保人员加载失败' : '暂无维保人员' }}
        columns={[
          { title: '姓名', dataIndex: 'name', width: 120 },
          { title: '角色', dataIndex: 'role', width: 120 },
          { title: '手机号', dataIndex: 'phone', width: 140, render: (_, r) => dash(r.phone) },
          { title: '证书类型', dataIndex: 'certType', render: (_, r) => dash(r.certType) },
          { title: '证书编号', dataIndex: 'certNo', width: 200, render: (_, r) => dash(r.certNo) },
          {
            title: '证书有效期',
            dataIndex: 'certExpiry',
            width: 200,
            render: (_, r) => (
              <Space size={4}>
                {dash(r.certExpiry)}
                {!r.certValid && (
                  <Tag color="red" data-testid="cert-expired">
                    证书过期
                  </Tag>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** The parts replaced on the visit. */
function PartsCard({ orderId }: { orderId: number }) {
  const parts = useQuery({
    queryKey: maintenanceKeys.order('parts', orderId),
    queryFn: ({ signal }) => call(maintenanceOrderCalls.partInfo, { orderId }, { signal, silent: true }),
  });
  return (
    <Card title="更换配件" size="small" data-testid="order-parts">
      <Table
        size="small"
        rowKey={(r) => `${r.name}-${r.model ?? ''}`}
        loading={parts.isPending}
        dataSource={parts.data ?? []}
        pagination={false}
        locale={{ emptyText: parts.isError ? '配件加载失败' : '本次维保未更换配件' }}
        columns={[
          { title: '配件名称', dataIndex: 'name' },
          { title: '型号', dataIndex: 'model', render: (v: string | null) => dash(v) },
          { title: '数量', dataIndex: 'quantity', width: 100 },
        ]}
      />
    </Card>
  );
}

/** The required shots (机房, 轿顶, …) the record lacks. */
function MissingPhotos({ order: o }: { order: MaintenanceOrderDetail }) {
  if (o.status < ORDER_STATUS.awaitingConfirm) return null;
  const taken = new Set(o.photos.map((p) => p.label));
  const missing = o.requiredPhotos.filter((label) => !taken.has(label));
  if (missing.length === 0) return null;
  return (
    <div style={{ marginBottom: 12 }}>
      <Typography.Text type="danger">缺少照片：</Typography.Text>
      {missing.map((label) => (
        <Tag key={label} color="red">
          {label}
        </Tag>
      ))}
    </div>
  );
}

/** The worker's signature, the use unit's confirmation and the regulator's audit. */
function SignOffCard({ order: o }: { order: MaintenanceOrderDetail }) {
  return (
    <Card title="签字确认与审核" size="small" data-testid="order-signoff">
      <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }}>
        <Descriptions.Item label="维保人员签名">
          {o.workerSignatureFileId ? (
            <Thumbnail fileId={o.workerSignatureFileId} label="维保人员签名" caption={false} size={96} />
          ) : (
            '未签名'
          )}
        </Descriptions.Item>
        <Descriptions.Item label="使用单位确认" span={2}>
          {o.confirmedBy ? (
            <Space direction="vertical" size={4}>
              <span data-testid="confirmed-by">{`${o.confirmedBy} 于 ${dash(o.confirmTime)} 确认`}</span>
              {o.confirmRemark && <span>{`备注：${o.confirmRemark}`}</span>}
              {o.confirmSignatureFileId && (
                <Thumbnail fileId={o.confirmSignatureFileId} label="使用单位签名" caption={false} size={96} />
              )}
            </Space>
          ) : o.status === ORDER_STATUS.awaitingConfirm ? (
            <Tag color="gold">待使用单位确认</Tag>
          ) : (
            '—'
          )}
        </Descriptions.Item>
        <Descriptions.Item label="审核结果" span={3}>
          {o.auditedBy ? (
            <Space direction="vertical" size={4} data-testid="audit-result">
              <span>
                <Tag color={o.status === ORDER_STATUS.rejected ? 'red' : 'green'}>{o.statusLabel}</Tag>
                {`${o.auditedBy} 于 ${dash(o.auditTime)} 审核`}
              </span>
              {o.auditRemark && (
                <span>{`${o.status === ORDER_STATUS.rejected ? '驳回原因' : '审核意见'}：${o.auditRemark}`}</span>
              )}
            </Space>
          ) : o.status === ORDER_STATUS.completed ? (
            <Tag color="cyan">待监管部门审核</Tag>
          ) : (
            '—'
          )}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** What the regulator's checks found in the record, and how each was decided. */
function FindingsCard({ order: o }: { order: MaintenanceOrderDetail }) {
  return (
    <Card title={`核查问题（${o.findings.length} 项）`} size="small" data-testid="order-findings">
      <Table
        size="small"
        rowKey="id"
        dataSource={o.findings}
        pagination={false}
        locale={{ emptyText: '未发现核查问题' }}
        columns={[
          { title: '核查类型', dataIndex: 'kindLabel', width: 160 },
          { title: '问题说明', dataIndex: 'detail' },
          {
            title: '核查结论',
            dataIndex: 'verdict',
            width: 110,
            render: (_, r) => <VerdictTag verdict={r.verdict} label={r.verdictLabel} />,
          },
          { title: '核查备注', dataIndex: 'note', render: (v: string | null) => dash(v) },
        ]}
      />
    </Card>
  );
}

import { DownloadOutlined } from '@ant-design/icons';
import {
  fileCalls,
  INSPECTION_ORDER_STATE_LABEL,
  type InspectionOrderDetail,
  type InspectionOrderState,
  inspectionOrderCalls,
} from '@ec/contract';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Popconfirm,
  Skeleton,
  Space,
  Timeline,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useDownload } from '../../../components/ImportReport.tsx';
import { FileUpload, NotFoundCard } from '../../../components/index.ts';
import { RowAction } from '../../../components/RowAction.tsx';
import { call, download } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { usePageParam } from '../../../lib/page-param.ts';
import { ORG_PATHS } from '../../../lib/routes.ts';
import {
  DistributeDialog,
  NoticeDialog,
  NoticeView,
  PaymentDialog,
  QuoteTable,
  ReasonDialog,
} from '../dialogs.tsx';
import { actionsFor, type OrderAction } from '../logic.ts';
import { StateTag } from '../OrderTable.tsx';
import { useOrder, useOrderRights, useOrderWrite } from '../queries.ts';

const unit = (v: number | null, u: string) => (v == null ? '—' : `${v} ${u}`);

/** 检验工单详情 / 受理详情: the lift, the attachments, quote, notice, inspector, history and the actions the state allows. */
export default function OrderDetailPage() {
  const id = usePageParam();
  const q = useOrder(id);
  const { pathname } = useLocation();
  const back =
    pathname === ORG_PATHS.acceptanceDetail
      ? { label: '返回报检受理', path: ORG_PATHS.acceptance }
      : { label: '返回检验工单', path: ORG_PATHS.inspection };
  if (id === null || q.isError) return <NotFoundCard title="检验申请不存在或无权访问" back={back} />;
  if (!q.data) return <Skeleton active />;
  return <OrderDetail order={q.data} />;
}

function OrderDetail({ order: o }: { order: InspectionOrderDetail }) {
  const rights = useOrderRights();
  const write = useOrderWrite();
  const navigate = useNavigate();
  const [open, setOpen] = useState<OrderAction | null>(null);
  const close = () => setOpen(null);
  const allowed = actionsFor(o.state, rights, o.notice?.payState ?? null);
  const act = { id: o.id, version: o.version };
  const run = (f: () => Promise<unknown>, done: string) => write(f, done).catch(() => undefined);

  const buttons: Record<OrderAction, ReactNode> = {
    reapply: (
      <Button type="primary" onClick={() => navigate(`${ORG_PATHS.inspectionAdd}?id=${o.id}`)}>
        修改并重新申请
      </Button>
    ),
    cancel: (
      <Button danger onClick={() => setOpen('cancel')}>
        撤回申请
      </Button>
    ),
    accept: (
      <Popconfirm
        title={`受理申请 ${o.orderNo}？`}
        description="受理后使用单位不能再修改或撤回该申请"
        onConfirm={() => run(() => call(inspectionOrderCalls.acceptance, act), '已受理')}
      >
        <Button type="primary" data-testid="order-accept">
          受理
        </Button>
      </Popconfirm>
    ),
    sendBack: <Button onClick={() => setOpen('sendBack')}>退回</Button>,
    quote: (
      <Popconfirm
        title={o.quote ? '按当前收费标准重新计算报价？' : '按收费标准计算报价？'}
        description="金额由收费标准和电梯技术参数计算，不能手工填写"
        onConfirm={() => run(() => call(inspectionOrderCalls.quotedPrice, act), '已报价')}
      >
        <Button type={o.quote ? 'default' : 'primary'} data-testid="order-quote">
          {o.quote ? '重新报价' : '报价'}
        </Button>
      </Popconfirm>
    ),
    notice: (
      <Button type="primary" onClick={() => setOpen('notice')} data-testid="order-notice">
        收费通知
      </Button>
    ),
    payment: (
      <Button onClick={() => setOpen('payment')} data-testid="order-payment">
        登记缴费
      </Button>
    ),
    distribute: (
      <Button
        type={o.state === 'noticed' ? 'primary' : 'default'}
        onClick={() => setOpen('distribute')}
        data-testid="order-distribute"
      >
        {o.state === 'distributed' ? '重新分配' : '分配'}
      </Button>
    ),
    close: (
      <Button danger onClick={() => setOpen('close')}>
        关闭
      </Button>
    ),
    remark: <Button onClick={() => setOpen('remark')}>备注</Button>,
  };

  return (
    <>
      <Card
        title={
          <Space>
            <span>检验申请 {o.orderNo}</span>
            <StateTag state={o.state} />
          </Space>
        }
        extra={
          <Space wrap data-testid="order-actions">
            {allowed.map((a) => (
              <span key={a}>{buttons[a]}</span>
            ))}
          </Space>
        }
        data-testid="order-detail"
      >
        {o.state === 'returned' && o.returnReason && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message="检验机构退回了该申请"
            description={`退回原因：${o.returnReason}`}
            data-testid="return-reason"
          />
        )}
        {o.state === 'closed' && o.closeReason && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message="该申请已关闭"
            description={`关闭原因：${o.closeReason}`}
          />
        )}
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" bordered>
          <Descriptions.Item label="检验类别">{o.kindLabel}</Descriptions.Item>
          <Descriptions.Item label="申请时间">{o.appliedAt}</Descriptions.Item>
          <Descriptions.Item label="申请的下次检验日期">{o.nextInspectionDate}</Descriptions.Item>
          <Descriptions.Item label="使用单位">{dash(o.useUnitName)}</Descriptions.Item>
          <Descriptions.Item label="检验机构">{dash(o.orgName)}</Descriptions.Item>
          <Descriptions.Item label="申请说明">{dash(o.applyRemark)}</Descriptions.Item>
          {o.orgRemark !== null && (
            <Descriptions.Item label="机构备注" span={3}>
              {dash(o.orgRemark)}
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>

      <Card title="电梯信息" style={{ marginTop: 16 }} size="small">
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label="注册代码">{o.registerCode}</Descriptions.Item>
          <Descriptions.Item label="电梯名称">{dash(o.elevatorName)}</Descriptions.Item>
          <Descriptions.Item label="所在区域">{dash(o.areaName)}</Descriptions.Item>
          <Descriptions.Item label="安装地址" span={2}>
            {o.address}
          </Descriptions.Item>
          <Descriptions.Item label="设备品种">{dash(o.lift.varietyName)}</Descriptions.Item>
          <Descriptions.Item label="层站数">{unit(o.lift.floors, '层')}</Descriptions.Item>
          <Descriptions.Item label="额定载重量">{unit(o.lift.ratedLoad, 'kg')}</Descriptions.Item>
          <Descriptions.Item label="额定速度">{unit(o.lift.ratedSpeed, 'm/s')}</Descriptions.Item>
          <Descriptions.Item label="当前下次检验日期">{dash(o.lift.nextInspectDate)}</Descriptions.Item>
        </Descriptions>
      </Card>

      <Card title="申请附件" style={{ marginTop: 16 }} size="small" data-testid="order-attachments">
        <Descriptions column={1} size="small" bordered styles={{ label: { width: 180 } }}>
          {o.attachments.map((a) => (
            <Descriptions.Item
              key={a.key}
              label={
                <span>
                  {a.required && <Typography.Text type="danger">* </Typography.Text>}
                  {a.label}
                </span>
              }
            >
              <AttachmentFiles files={a.files} />
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Card>

      {o.quote && (
        <Card
          title={`报价（${o.quote.quotedAt}）`}
          style={{ marginTop: 16 }}
          size="small"
          data-testid="order-quote-card"
        >
          <QuoteTable quote={o.quote} />
        </Card>
      )}

      {o.notice && (
        <Card title="收费通知单" style={{ marginTop: 16 }} size="small" data-testid="order-notice-card">
          <NoticeView notice={o.notice} />
        </Card>
      )}

      {o.inspectorId !== null && (
        <Card title="检验人员" style={{ marginTop: 16 }} size="small" data-testid="order-inspector">
          <Descriptions column={{ xs: 1, md: 2, xl: 4 }} size="small">
            <Descriptions.Item label="检验人员">{dash(o.inspectorName)}</Descriptions.Item>
            <Descriptions.Item label="证书编号">{dash(o.inspectorCertNo)}</Descriptions.Item>
            <Descriptions.Item label="现场检验日期">{dash(o.plannedDate)}</Descriptions.Item>
            <Descriptions.Item label="分配时间">{dash(o.distributedAt)}</Descriptions.Item>
          </Descriptions>
        </Card>
      )}

      <Card title="办理记录" style={{ marginTop: 16 }} size="small" data-testid="order-history">
        {o.history.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无办理记录" />
        ) : (
          <Timeline
            items={o.history.map((h) => ({
              key: h.id,
              children: (
                <>
                  <Typography.Text strong>{h.actionLabel}</Typography.Text>
                  {h.toState && h.toState !== h.fromState && (
                    <Typography.Text type="secondary">
                      {' '}
                      → {INSPECTION_ORDER_STATE_LABEL[h.toState as InspectionOrderState] ?? h.toState}
                    </Typography.Text>
                  )}
                  <div>
                    <Typography.Text type="secondary">
                      {h.at}
                      {h.actorName ? ` · ${h.actorName}` : ''}
                    </Typography.Text>
                  </div>
                  {h.reason && <div>{h.reason}</div>}
                </>
              ),
            }))}
          />
        )}
      </Card>

      {open === 'cancel' && (
        <ReasonDialog
          title={`撤回检验申请 ${o.orderNo}`}
          label="撤回原因"
          required={false}
          testId="cancel-dialog"
          onClose={close}
          send={(reason) =>
            write(
              () => call(inspectionOrderCalls.cancelBind, { ...act, ...(reason ? { reason } : {}) }),
              undefined,
              close,
            )
          }
        />
      )}
      {open === 'sendBack' && (
        <ReasonDialog
          title={`退回检验申请 ${o.orderNo}`}
          label="退回原因"
          required
          testId="send-back-dialog"
          onClose={close}
          send={(reason) =>
            write(() => call(inspectionOrderCalls.sendBack, { ...act, reason }), undefined, close)
          }
        />
      )}
      {open === 'close' && (
        <ReasonDialog
          title={`关闭检验申请 ${o.orderNo}`}
          label="关闭原因"
          required
          testId="close-dialog"
          onClose={close}
          send={(reason) =>
            write(() => call(inspectionOrderCalls.close, { ...act, reason }), undefined, close)
          }
        />
      )}
      {open === 'remark' && (
        <ReasonDialog
          title="机构备注"
          label="备注"
          required={false}
          initial={o.orgRemark}
          testId="remark-dialog"
          onClose={close}
          send={(remark) =>
            write(() => call(inspectionOrderCalls.saveRemark, { id: o.id, remark }), undefined, close)
          }
        />
      )}
      {open === 'notice' && <NoticeDialog order={o} onClose={close} />}
      {open === 'payment' && o.notice && <PaymentDialog order={o} notice={o.notice} onClose={close} />}
      {open === 'distribute' && (
        <DistributeDialog
          order={o}
          current={{ inspectorId: o.inspectorId, plannedDate: o.plannedDate }}
          onClose={close}
        />
      )}
    </>
  );
}

/** An attachment kind's files: preview (pictures and PDFs) and download. */
function AttachmentFiles({ files }: { files: { id: string; name: string | null }[] }) {
  const dl = useDownload();
  if (files.length === 0) return <Typography.Text type="secondary">未上传</Typography.Text>;
  const refs = files.map((f) => ({ id: f.id, fileName: f.name ?? '附件' }));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <FileUpload value={refs} multiple disabled />
      <Space wrap>
        {refs.map((f) => (
          <RowAction
            key={f.id}
            icon={<DownloadOutlined />}
            disabled={dl.busy}
            onClick={() => void dl.run(() => download(fileCalls.showFile, { id: f.id }))}
          >
            下载 {f.fileName}
          </RowAction>
        ))}
      </Space>
    </Space>
  );
}

import type { ProColumns } from '@ant-design/pro-components';
import {
  AD_PERMISSIONS,
  AD_TASK_KIND_LABEL,
  AD_TASK_STATUS,
  AD_TASK_STATUS_LABEL,
  AD_USER_PERMISSIONS,
  type AdTaskRow,
  adOrderCalls,
  adTaskCalls,
  adUserCalls,
  AD_TASK_PERMISSIONS as P,
  WX_USER_KIND,
} from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Descriptions, Drawer, Modal, Popconfirm, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { type UrlFilter, urlParse } from '../../../components/url-filters.ts';
import { usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { Photo } from './Photo.tsx';

export const adTaskKeys = { all: ['adTasks'] as const };

const enumOf = (labels: Record<number, string>) =>
  Object.fromEntries(Object.entries(labels).map(([k, text]) => [k, { text }]));
export const TASK_COLOR: Record<number, string> = {
  1: 'default',
  2: 'processing',
  3: 'success',
  4: 'error',
  5: 'default',
};

/**
 * A field worker (小程序用户, 安装人员) of the caller's for a search form: searched by name or phone;
 * a worker given by a link (?workerId=) shows its name (getXcxUser) though the search leaves it out.
 */
export function WorkerSelect({
  value,
  onChange,
  ...rest
}: {
  value?: number;
  onChange?: (v: number | undefined) => void;
  'data-testid'?: string;
}) {
  const [keyword, setKeyword] = useState('');
  const workers = useQuery({
    queryKey: [...adTaskKeys.all, 'workers', 'filter', keyword],
    queryFn: () =>
      call(
        adUserCalls.getXcxUserList,
        { kind: WX_USER_KIND.worker, keyword: keyword || undefined, page: 1, limit: 50 },
        { silent: true },
      ),
  });
  const options = (workers.data?.records ?? []).map((w) => ({
    value: w.id,
    label: `${w.name}（${w.phone}）`,
  }));
  const missing = value !== undefined && value !== null && !options.some((o) => o.value === Number(value));
  const chosen = useQuery({
    queryKey: [...adTaskKeys.all, 'worker', value],
    queryFn: () => call(adUserCalls.getXcxUser, { id: Number(value) }, { silent: true }),
    enabled: missing,
  });
  if (missing) options.unshift({ value: Number(value), label: chosen.data?.name ?? `编号 ${value}` });
  return (
    <Select
      data-testid={rest['data-testid'] ?? 'ad-worker-filter'}
      allowClear
      showSearch
      filterOption={false}
      placeholder="搜索姓名或手机号"
      onSearch={(v) => setKeyword(v.trim())}
      loading={workers.isFetching}
      value={value === undefined || value === null ? undefined : Number(value)}
      onChange={(v) => onChange?.(v ?? undefined)}
      options={options}
      notFoundContent={workers.isFetching ? '加载中…' : '没有安装人员'}
    />
  );
}

/** A worker's name by its id for the list's notice (编号 N when unknown or not readable). */
function WorkerName({ id }: { id: number }) {
  const canRead = usePermission(AD_USER_PERMISSIONS.list);
  const w = useQuery({
    queryKey: [...adTaskKeys.all, 'worker', id],
    queryFn: () => call(adUserCalls.getXcxUser, { id }, { silent: true }),
    enabled: canRead,
    staleTime: 60_000,
  });
  return <>{w.data?.name ?? `编号 ${id}`}</>;
}

/** An order's number by its id for the list's notice. */
function OrderNo({ id }: { id: number }) {
  const canRead = usePermission(AD_PERMISSIONS.orderList);
  const o = useQuery({
    queryKey: [...adTaskKeys.all, 'order', id],
    queryFn: () => call(adOrderCalls.detail, { id }, { silent: true }),
    enabled: canRead,
    staleTime: 60_000,
  });
  return <>{o.data?.orderNo ?? `编号 ${id}`}</>;
}

/** The links' filters of the task and log lists: a worker (the search form's when shown), an order. */
export const AD_TASK_URL_FILTERS: { worker: UrlFilter; order: UrlFilter } = {
  worker: {
    key: 'workerId',
    label: '安装人员',
    parse: urlParse.id,
    format: (v) => <WorkerName id={Number(v)} />,
  },
  order: { key: 'orderId', label: '订单', parse: urlParse.id, format: (v) => <OrderNo id={Number(v)} /> },
};

/** 安装人员 as a search field of the task and log lists (for those who may read the workers). */
export const workerFilterColumn = <Row,>(canListWorkers: boolean): ProColumns<Row> => ({
  title: '安装人员',
  dataIndex: 'workerId',
  key: 'workerId',
  hideInTable: true,
  hideInSearch: !canListWorkers,
  renderFormItem: () => <WorkerSelect />,
});

/**
 * 投放任务 (/ad/task): the install and removal tasks the orders made, per point; a row opens its
 * detail with its logs and photos; 重置 reopens a done or rejected task, 解绑二维码 frees the point's
 * code. Binding a code and sending a log are the field worker's (the mini-program's) calls.
 */
export default function TaskPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const canEdit = usePermission(P.taskEdit);
  const [open, setOpen] = useState<number | null>(null);
  const [assigning, setAssigning] = useState<AdTaskRow | null>(null);
  const canListWorkers = usePermission(AD_USER_PERMISSIONS.list);
  const canAssign = canEdit && canListWorkers;
  const refresh = () => qc.invalidateQueries({ queryKey: adTaskKeys.all });
  const act = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      message.success(done);
    } catch {
      // The request layer showed the reason.
    } finally {
      await refresh();
    }
  };
  const columns: ProColumns<AdTaskRow>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      key: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '订单号、点位编号或地址' },
    },
    workerFilterColumn<AdTaskRow>(canListWorkers),
    {
      title: '点位编号',
      dataIndex: 'pointName',
      key: 'pointName',
      hideInSearch: true,
      width: 230,
      render: (_, r) => (
        <RowAction data-testid="ad-task-link" onClick={() => setOpen(r.id)}>
          {r.pointName}
        </RowAction>
      ),
    },
    { title: '订单号', dataIndex: 'orderNo', key: 'orderNo', hideInSearch: true, width: 170 },
    { title: '客户', dataIndex: 'customerName', key: 'customerName', hideInSearch: true, ellipsis: true },
    { title: '地址', dataIndex: 'address', key: 'address', hideInSearch: true, ellipsis: true },
    {
      title: '类型',
      dataIndex: 'kind',
      key: 'kind',
      valueType: 'select',
      valueEnum: enumOf(AD_TASK_KIND_LABEL),
      width: 80,
      render: (_, r) => r.kindLabel,
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      valueType: 'select',
      valueEnum: enumOf(AD_TASK_STATUS_LABEL),
      width: 90,
      render: (_, r) => <Tag color={TASK_COLOR[r.status]}>{r.statusLabel}</Tag>,
    },
    { title: '计划日期', dataIndex: 'planDate', key: 'planDate', hideInSearch: true, width: 110 },
    {
      title: '安装人员',
      dataIndex: 'workerName',
      key: 'workerName',
      hideInSearch: true,
      width: 100,
      render: (_, r) => dash(r.workerName),
    },
    {
      title: '二维码',
      dataIndex: 'qrCode',
      key: 'qrCode',
      hideInSearch: true,
      width: 140,
      render: (_, r) => dash(r.qrCode),
    },
    actionColumn<AdTaskRow>(200, (r) => [
      <RowAction key="detail" onClick={() => setOpen(r.id)}>
        详情
      </RowAction>,
      ...(canAssign && (r.status === AD_TASK_STATUS.pending || r.status === AD_TASK_STATUS.rejected)
        ? [
            <RowAction key="assign" data-testid="ad-task-assign" onClick={() => setAssigning(r)}>
              指派
            </RowAction>,
          ]
        : []),
      ...(canEdit && (r.status === AD_TASK_STATUS.done || r.status === AD_TASK_STATUS.rejected)
        ? [
            <Popconfirm
              key="reset"
              title="重置后任务回到待执行，确定？"
              onConfirm={() =>
                act(() => call(adTaskCalls.resetTask, { id: r.id, version: r.version }), '已重置')
              }
            >
              <RowAction>重置</RowAction>
            </Popconfirm>,
          ]
        : []),
      ...(canEdit && r.qrCode
        ? [
            <Popconfirm
              key="unbind"
              title={`解绑二维码 ${r.qrCode}？`}
              onConfirm={() => act(() => call(adTaskCalls.unBindQrCode, { id: r.id }), '已解绑')}
            >
              <RowAction danger>解绑</RowAction>
            </Popconfirm>,
          ]
        : []),
    ]),
  ];
  return (
    <>
      <ContractTable<AdTaskRow>
        testId="ad-task-list"
        call={adTaskCalls.getTaskList}
        queryKey={adTaskKeys.all}
        columns={columns}
        urlFilters={[AD_TASK_URL_FILTERS.worker, AD_TASK_URL_FILTERS.order]}
        emptyText="暂无投放任务"
      />
      {open !== null && <TaskDrawer id={open} onClose={() => setOpen(null)} />}
      {assigning && (
        <AssignDialog
          task={assigning}
          onClose={async (done) => {
            setAssigning(null);
            if (done) await refresh();
          }}
        />
      )}
    </>
  );
}

/**
 * 指派: one of the operator's enabled field workers (小程序用户, 安装人员) for an open task (待执行 or
 * 已驳回); the server decides who may be assigned (assignWorker: the task's own operator's worker).
 */
function AssignDialog({ task, onClose }: { task: AdTaskRow; onClose: (done?: boolean) => void }) {
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [workerId, setWorkerId] = useState<number | undefined>(task.workerId ?? undefined);
  const [saving, setSaving] = useState(false);
  const workers = useQuery({
    queryKey: [...adTaskKeys.all, 'workers', keyword],
    queryFn: () =>
      call(adUserCalls.getXcxUserList, {
        kind: WX_USER_KIND.worker,
        enabled: 'true',
        keyword: keyword || undefined,
        page: 1,
        limit: 50,
      }),
  });
  const options = (workers.data?.records ?? []).map((w) => ({
    value: w.id,
    label: `${w.name}（${w.phone}）`,
  }));
  // The task's current worker stays choosable even when the search leaves it out.
  if (task.workerId && task.workerName && !options.some((o) => o.value === task.workerId))
    options.unshift({ value: task.workerId, label: task.workerName });
  const submit = async () => {
    if (!workerId) return message.warning('请选择安装人员');
    setSaving(true);
    try {
      await call(adTaskCalls.assign, { ids: [task.id], workerId });
      const name = options.find((o) => o.value === workerId)?.label.replace(/（.*$/, '') ?? '';
      message.success(`已指派给 ${name}`);
      onClose(true);
    } catch {
      // The request layer showed the reason.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={`指派安装人员：${task.pointName}`}
      okText="指派"
      confirmLoading={saving}
      onOk={submit}
      onCancel={() => onClose()}
      maskClosable={false}
      className="ad-task-assign"
    >
      <Typography.Paragraph type="secondary">
        {task.kindLabel}任务 · 订单 {task.orderNo} · 当前安装人员：{dash(task.workerName)}
      </Typography.Paragraph>
      <Select
        data-testid="ad-task-worker"
        style={{ width: '100%' }}
        placeholder="搜索姓名或手机号"
        showSearch
        filterOption={false}
        onSearch={(v) => setKeyword(v.trim())}
        loading={workers.isFetching}
        value={workerId}
        onChange={setWorkerId}
        options={options}
        notFoundContent={workers.isFetching ? '加载中…' : '没有启用的安装人员，请先在小程序用户中添加'}
      />
    </Modal>
  );
}

function TaskDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useQuery({
    queryKey: [...adTaskKeys.all, 'detail', id],
    queryFn: () => call(adTaskCalls.get, { id }),
  });
  const t = detail.data;
  return (
    <Drawer open title="投放任务详情" width={720} onClose={onClose} loading={detail.isLoading}>
      {t && (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="点位编号">{t.pointName}</Descriptions.Item>
            <Descriptions.Item label="订单号">{t.orderNo}</Descriptions.Item>
            <Descriptions.Item label="注册代码">{dash(t.registerCode)}</Descriptions.Item>
            <Descriptions.Item label="类型">{t.kindLabel}</Descriptions.Item>
            <Descriptions.Item label="地址" span={2}>
              {dash(t.address)}
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={TASK_COLOR[t.status]}>{t.statusLabel}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="二维码">{dash(t.qrCode)}</Descriptions.Item>
            <Descriptions.Item label="安装人员">{dash(t.workerName)}</Descriptions.Item>
            <Descriptions.Item label="完成时间">{dash(t.finishTime)}</Descriptions.Item>
          </Descriptions>
          <Table
            style={{ marginTop: 16 }}
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={t.logs}
            locale={{ emptyText: '暂无投放日志' }}
            columns={[
              {
                title: '照片',
                dataIndex: 'photoFileId',
                width: 80,
                render: (v: string) => <Photo id={v} alt="安装照片" />,
              },
              { title: '安装人员', dataIndex: 'workerName' },
              { title: '提交时间', dataIndex: 'logTime', width: 160 },
              {
                title: '距电梯',
                dataIndex: 'distanceM',
                render: (v: number | null, r) =>
                  v === null ? '—' : <span style={{ color: r.far ? '#cf1322' : undefined }}>{v} 米</span>,
              },
              { title: '状态', dataIndex: 'statusLabel' },
              { title: '审核意见', dataIndex: 'reviewRemark', render: (v: string | null) => dash(v) },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}

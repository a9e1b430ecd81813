import { ModalForm, type ProColumns, ProFormTextArea } from '@ant-design/pro-components';
import {
  AD_LOG_STATUS,
  AD_LOG_STATUS_LABEL,
  AD_USER_PERMISSIONS,
  type AdTaskLogRow,
  adTaskCalls,
  AD_TASK_PERMISSIONS as P,
} from '@ec/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { ContractTable, type SearchValues } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { splitRange, toInput } from '../../../components/table-input.ts';
import { URL_FILTERS } from '../../../components/url-filters.ts';
import { usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { Photo } from './Photo.tsx';
import { AD_TASK_URL_FILTERS, adTaskKeys, workerFilterColumn } from './TaskPage.tsx';

const enumOf = (labels: Record<number, string>) =>
  Object.fromEntries(Object.entries(labels).map(([k, text]) => [k, { text }]));
const LOG_COLOR: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'error' };
const toQuery = (values: SearchValues): SearchValues =>
  toInput(splitRange(values, 'dateRange', 'dateFrom', 'dateTo'));

/**
 * 投放日志 (/ad/taskLog): each proof a field worker sent — the photo, the scanned code, the distance
 * to the lift (red beyond the sign-in limit) — with 通过 / 驳回 (a reason) for the operator; an
 * approved install turns its point 投放中. 导出 takes the filters. A link may open it narrowed to a
 * worker, an order and a period (?workerId=, ?orderId=, ?dateFrom=&dateTo=: 投放统计's rows).
 */
export default function TaskLogPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const canAudit = usePermission(P.logAudit);
  const canListWorkers = usePermission(AD_USER_PERMISSIONS.list);
  const [rejecting, setRejecting] = useState<AdTaskLogRow | null>(null);
  const review = async (r: AdTaskLogRow, status: number, remark?: string) => {
    try {
      await call(adTaskCalls.updateStatus, { id: r.id, version: r.version, status, remark });
      message.success(status === AD_LOG_STATUS.approved ? '已审核通过' : '已驳回');
    } catch {
      // The request layer showed the reason.
    } finally {
      await qc.invalidateQueries({ queryKey: adTaskKeys.all });
    }
  };
  const columns: ProColumns<AdTaskLogRow>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      key: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '订单号、点位编号或地址' },
    },
    workerFilterColumn<AdTaskLogRow>(canListWorkers),
    {
      title: '提交日期',
      dataIndex: 'dateRange',
      key: 'dateRange',
      valueType: 'dateRange',
      hideInTable: true,
    },
    {
      title: '照片',
      dataIndex: 'photoFileId',
      key: 'photo',
      hideInSearch: true,
      width: 80,
      render: (_, r) => <Photo id={r.photoFileId} alt={`${r.pointName} 安装照片`} />,
    },
    { title: '点位编号', dataIndex: 'pointName', key: 'pointName', hideInSearch: true, width: 230 },
    { title: '订单号', dataIndex: 'orderNo', key: 'orderNo', hideInSearch: true, width: 170 },
    { title: '类型', dataIndex: 'taskKindLabel', key: 'taskKind', hideInSearch: true, width: 70 },
    { title: '安装人员', dataIndex: 'workerName', key: 'workerName', hideInSearch: true, width: 100 },
    { title: '提交时间', dataIndex: 'logTime', key: 'logTime', hideInSearch: true, width: 160 },
    {
      title: '距电梯',
      dataIndex: 'distanceM',
      key: 'distanceM',
      hideInSearch: true,
      width: 90,
      render: (_, r) =>
        r.distanceM === null ? (
          '—'
        ) : (
          <span style={{ color: r.far ? '#cf1322' : undefined }}>{r.distanceM} 米</span>
        ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      valueType: 'select',
      valueEnum: enumOf(AD_LOG_STATUS_LABEL),
      width: 90,
      render: (_, r) => <Tag color={LOG_COLOR[r.status]}>{r.statusLabel}</Tag>,
    },
    {
      title: '审核意见',
      dataIndex: 'reviewRemark',
      key: 'reviewRemark',
      hideInSearch: true,
      ellipsis: true,
      render: (_, r) => dash(r.reviewRemark),
    },
    actionColumn<AdTaskLogRow>(120, (r) =>
      canAudit && r.status === AD_LOG_STATUS.pending
        ? [
            <Popconfirm key="ok" title="审核通过该日志？" onConfirm={() => review(r, AD_LOG_STATUS.approved)}>
              <RowAction data-testid="ad-log-approve">通过</RowAction>
            </Popconfirm>,
            <RowAction key="reject" danger onClick={() => setRejecting(r)}>
              驳回
            </RowAction>,
          ]
        : [],
    ),
  ];
  return (
    <>
      <ContractTable<AdTaskLogRow>
        testId="ad-task-log-list"
        call={adTaskCalls.getTaskLogListInfo}
        queryKey={adTaskKeys.all}
        columns={columns}
        toQuery={toQuery}
        urlFilters={[
          AD_TASK_URL_FILTERS.worker,
          AD_TASK_URL_FILTERS.order,
          ...URL_FILTERS.dateRange('提交日期'),
        ]}
        exports={[{ call: adTaskCalls.export, permission: P.logExport, unsorted: true }]}
        emptyText="暂无投放日志"
      />
      {rejecting && (
        <ModalForm<{ remark: string }>
          open
          title="驳回投放日志"
          width={480}
          modalProps={{ onCancel: () => setRejecting(null), destroyOnHidden: true }}
          onFinish={async (v) => {
            await review(rejecting, AD_LOG_STATUS.rejected, v.remark);
            setRejecting(null);
            return true;
          }}
        >
          <ProFormTextArea
            name="remark"
            label="驳回原因"
            rules={[{ required: true, whitespace: true, message: '请填写驳回原因' }]}
            fieldProps={{ maxLength: 300 }}
          />
        </ModalForm>
      )}
    </>
  );
}

import type { ProColumns } from '@ant-design/pro-components';
import { CHECK_PERMISSIONS, type CheckRow, type orderCheckCalls } from '@ec/contract';
import { App, Button, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ContractTable } from '../../components/ContractTable.tsx';
import { Photos } from '../../components/Photos.tsx';
import { actionColumn, RowAction } from '../../components/RowAction.tsx';
import { useIsReviewer, usePermission } from '../../lib/access.ts';
import { ApiError, call } from '../../lib/api.ts';
import { dash } from '../../lib/format.ts';
import {
  checkAreaFilter,
  checkDateFilter,
  toOrderQuery,
  useCompanyFilter,
  useOrderNoLink,
} from './columns.tsx';
import { checkKindEnum, VERDICT_ENUM } from './labels.ts';
import { VerdictTag } from './OrderTags.tsx';
import { maintenanceKeys, useInvalidateMaintenance, useOrderLinks } from './queries.ts';

/** The calls of a check page (工单核查 and 图片核查 have the same three, at their own paths). */
export type CheckCalls = typeof orderCheckCalls;

/** 待核查: a finding no regulator has decided yet (only those can be marked). */
const OPEN = 0;
const VERDICT_OPTIONS = [
  { value: 1, label: '确认违规' },
  { value: 2, label: '误报' },
];

/**
 * Marks one finding (`update`) or many (`updateByIds`) 确认违规 or 误报, with a note. A finding is
 * decided once: the server refuses a second decision (409) with its reason, which is shown, and the
 * list is refreshed.
 */
function useMarkDialog(calls: CheckCalls, onDone: () => void) {
  const { message } = App.useApp();
  const invalidate = useInvalidateMaintenance();
  const [ids, setIds] = useState<number[] | null>(null);
  const [verdict, setVerdict] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const open = (chosen: number[]) => {
    setVerdict(null);
    setNote('');
    setError(null);
    setIds(chosen);
  };
  const close = () => setIds(null);
  const submit = async () => {
    if (!ids) return;
    if (verdict === null) {
      setError('请选择核查结论');
      return;
    }
    setSaving(true);
    const input = { verdict, note: note.trim() || null };
    try {
      const { updated } =
        ids.length === 1
          ? await call(calls.update, { id: ids[0], ...input })
          : await call(calls.updateByIds, { ids, ...input });
      const label = VERDICT_OPTIONS.find((o) => o.value === verdict)?.label;
      const skipped = ids.length - updated;
      if (skipped > 0) message.warning(`已标记 ${updated} 条为${label}，${skipped} 条已核查过，未修改`);
      else message.success(`已标记 ${updated} 条为${label}`);
      close();
      onDone();
    } catch (e) {
      // The request layer showed the server's reason (e.g. already decided); the list is refreshed.
      if (e instanceof ApiError && e.status === 409) {
        close();
        onDone();
      }
    } finally {
      setSaving(false);
      await invalidate();
    }
  };
  const dialog = (
    <Modal
      title={ids && ids.length > 1 ? `核查标记（${ids.length} 条）` : '核查标记'}
      open={ids !== null}
      onOk={submit}
      onCancel={close}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form layout="vertical" data-testid="mark-dialog">
        <Typography.Paragraph type="secondary">
          每条核查记录只能标记一次；确认违规的问题计入维保单位的考核。
        </Typography.Paragraph>
        <Form.Item
          label="核查结论"
          required
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
        >
          <Radio.Group
            value={verdict}
            options={VERDICT_OPTIONS}
            onChange={(e) => {
              setVerdict(e.target.value);
              setError(null);
            }}
          />
        </Form.Item>
        <Form.Item label="核查备注">
          <Input.TextArea
            rows={3}
            maxLength={500}
            showCount
            placeholder="选填"
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
  return { open, dialog };
}

/**
 * A check page: the findings of the submitted orders in the user's scope, filtered by kind, verdict,
 * company, area, dates or keyword, marked 确认违规 or 误报 one by one or many at once. The picture
 * check also shows each order's photos and, for a reused photo, the order it was first used in.
 */
export function CheckList({
  calls,
  picture,
  testId,
}: {
  calls: CheckCalls;
  picture: boolean;
  testId: string;
}) {
  const navigate = useNavigate();
  const links = useOrderLinks();
  const orderNo = useOrderNoLink();
  const reviewer = useIsReviewer();
  const mayMark = usePermission(CHECK_PERMISSIONS.edit) && reviewer;
  const companyFilter = useCompanyFilter<CheckRow>();
  const clearSelection = useRef<() => void>(undefined);
  const mark = useMarkDialog(calls, () => clearSelection.current?.());

  const columns: ProColumns<CheckRow>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      key: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '工单号或注册代码' },
    },
    {
      title: '工单号',
      dataIndex: 'orderNo',
      key: 'orderNo',
      hideInSearch: true,
      width: 190,
      render: (_, r) => orderNo(r.orderId, r.orderNo),
    },
    { title: '注册代码', dataIndex: 'registerCode', key: 'registerCode', hideInSearch: true, width: 200 },
    {
      title: '核查类型',
      dataIndex: 'kind',
      key: 'kind',
      valueType: 'select',
      valueEnum: checkKindEnum(picture),
      width: 150,
      render: (_, r) => r.kindLabel,
    },
    { title: '问题说明', dataIndex: 'detail', key: 'detail', hideInSearch: true, width: 220, ellipsis: true },
    ...(picture
      ? ([
          {
            title: '照片',
            dataIndex: 'photos',
            key: 'photos',
            hideInSearch: true,
            // Three thumbnails a line (required shots are four: the fourth wraps).
            width: 200,
            render: (_, r) =>
              r.photos.length ? <Photos photos={r.photos} size={40} caption={false} /> : '无照片',
          },
          {
            title: '重复使用于',
            dataIndex: 'otherOrderNo',
            key: 'otherOrderNo',
            hideInSearch: true,
            width: 190,
            render: (_, r) => dash(r.otherOrderNo),
          },
        ] satisfies ProColumns<CheckRow>[])
      : []),
    {
      title: '结论',
      dataIndex: 'verdict',
      key: 'verdict',
      valueType: 'select',
      valueEnum: VERDICT_ENUM,
      width: 110,
      render: (_, r) => <VerdictTag verdict={r.verdict} label={r.verdictLabel} />,
    },
    { title: '计划日期', dataIndex: 'planDate', key: 'planDate', hideInSearch: true },
    { title: '地址', dataIndex: 'address', key: 'address', hideInSearch: true },
    {
      title: '维保单位',
      dataIndex: 'maintenanceCompanyName',
      key: 'maintenanceCompanyName',
      hideInSearch: true,
      render: (_, r) => dash(r.maintenanceCompanyName),
    },
    ...companyFilter,
    checkAreaFilter(),
    checkDateFilter(),
    {
      title: '核查备注',
      dataIndex: 'note',
      key: 'note',
      hideInSearch: true,
      width: 160,
      ellipsis: true,
      render: (_, r) => dash(r.note),
    },
    {
      title: '核查人',
      dataIndex: 'reviewerName',
      key: 'reviewerName',
      hideInSearch: true,
      render: (_, r) => dash(r.reviewerName),
    },
    {
      title: '核查时间',
      dataIndex: 'reviewTime',
      key: 'reviewTime',
      hideInSearch: true,
      render: (_, r) => dash(r.reviewTime),
    },
    { title: '发现时间', dataIndex: 'createTime', key: 'createTime', hideInSearch: true },
    actionColumn<CheckRow>(120, (row) => [
      mayMark && row.verdict === OPEN && (
        <RowAction key="mark" data-testid="mark" onClick={() => mark.open([row.id])}>
          标记
        </RowAction>
      ),
      links.detail && (
        <RowAction key="detail" onClick={() => navigate(links.detail!(row.orderId))}>
          工单
        </RowAction>
      ),
    ]),
  ];

  return (
    <>
      <ContractTable<CheckRow>
        testId={testId}
        call={calls.list}
        queryKey={maintenanceKeys.checks}
        columns={columns}
        toQuery={toOrderQuery}
        selectable={mayMark ? (row) => row.verdict === OPEN : false}
        selectionLabel={(n) => `已选择 ${n} 条核查记录`}
        headerTitle={(ctx) => {
          clearSelection.current = ctx.clearSelection;
          return mayMark ? (
            <Space>
              <Button
                data-testid="batch-mark"
                onClick={() => {
                  const ids = ctx.requireIds();
                  if (ids) mark.open(ids);
                }}
              >
                批量标记
              </Button>
            </Space>
          ) : undefined;
        }}
        emptyText={picture ? '暂无图片核查记录' : '暂无工单核查记录'}
      />
      {mark.dialog}
    </>
  );
}

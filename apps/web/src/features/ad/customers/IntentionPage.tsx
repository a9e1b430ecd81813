import {
  type ProColumns,
  ProFormDateRangePicker,
  ProFormDigit,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import {
  AD_INTENTION_STATE,
  AD_INTENTION_STATE_LABEL,
  type AdIntentionRow,
  adIntentionCalls,
  gxgdOrderCalls,
  AD_PERMISSIONS as P,
} from '@ec/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { call } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { useAdOperator } from '../access.ts';
import { BookingDialog } from '../orders/BookingDialog.tsx';

const STATE_COLOR: Record<number, string> = { 1: 'orange', 2: 'blue', 3: 'green', 4: 'default' };
const stateEnum = Object.fromEntries(
  Object.entries(AD_INTENTION_STATE_LABEL).map(([k, text]) => [k, { text }]),
);
const I = AD_INTENTION_STATE;

/**
 * 广电意向客户: the partner channel's leads — record, accept (受理 makes its customer), follow up,
 * book (下单: the booking dialog with the lead's customer; the order marks the lead 已成交), drop, export.
 */
export default function IntentionPage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const canEdit = useAdOperator(P.intentionEdit);
  const canBook = useAdOperator(P.orderEdit);
  const [booking, setBooking] = useState<AdIntentionRow | null>(null);
  const [editing, setEditing] = useState<'new' | { follow: AdIntentionRow } | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['ad'] });
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      message.success(done);
    } catch {
      // The request layer showed the reason.
    } finally {
      await refresh();
    }
  };
  const columns: ProColumns<AdIntentionRow>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      key: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '意向编号或客户名称' },
    },
    { title: '意向编号', dataIndex: 'intentionNo', key: 'intentionNo', hideInSearch: true, width: 130 },
    { title: '客户名称', dataIndex: 'customerName', key: 'customerName', hideInSearch: true, ellipsis: true },
    {
      title: '联系人',
      dataIndex: 'contactName',
      key: 'contactName',
      hideInSearch: true,
      width: 90,
      render: (_, r) => dash(r.contactName),
    },
    {
      title: '需求',
      dataIndex: 'demand',
      key: 'demand',
      hideInSearch: true,
      ellipsis: true,
      render: (_, r) => dash(r.demand),
    },
    {
      title: '预算（元）',
      dataIndex: 'budget',
      key: 'budget',
      hideInSearch: true,
      width: 100,
      render: (_, r) => dash(r.budget),
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      width: 90,
      valueType: 'select',
      valueEnum: stateEnum,
      render: (_, r) => <Tag color={STATE_COLOR[r.status]}>{r.statusLabel}</Tag>,
    },
    {
      title: '跟进记录',
      dataIndex: 'followNote',
      key: 'followNote',
      hideInSearch: true,
      ellipsis: true,
      render: (_, r) => dash(r.followNote),
    },
    actionColumn<AdIntentionRow>(200, (r) =>
      canEdit && (r.status === I.pending || r.status === I.accepted)
        ? [
            ...(r.status === I.pending
              ? [
                  <RowAction
                    key="accept"
                    onClick={() =>
                      act(
                        () => call(adIntentionCalls.accepted, { id: r.id, version: r.version }),
                        `已受理，客户「${r.customerName}」已加入广告客户`,
                      )
                    }
                  >
                    受理
                  </RowAction>,
                ]
              : []),
            ...(r.status === I.accepted && canBook
              ? [
                  <RowAction key="book" data-testid="intention-book" onClick={() => setBooking(r)}>
                    下单
                  </RowAction>,
                ]
              : []),
            <RowAction key="follow" onClick={() => setEditing({ follow: r })}>
              跟进
            </RowAction>,
            <Popconfirm
              key="drop"
              title={`放弃意向客户 ${r.customerName}？`}
              okText="放弃"
              onConfirm={() =>
                act(() => call(adIntentionCalls.save, { id: r.id, version: r.version, drop: true }), '已放弃')
              }
            >
              <RowAction danger>放弃</RowAction>
            </Popconfirm>,
          ]
        : [],
    ),
  ];
  return (
    <>
      <ContractTable<AdIntentionRow>
        testId="ad-intention-list"
        call={adIntentionCalls.getGxgdIntentionList}
        queryKey={['ad', 'intentions']}
        columns={columns}
        add={{ label: '录入意向', onClick: () => setEditing('new'), permission: P.intentionEdit }}
        exports={[{ call: adIntentionCalls.exportExcel, permission: P.intentionExport, unsorted: true }]}
        emptyText="暂无意向客户"
      />
      {booking && (
        <BookingDialog
          mode={{ kind: 'new', lead: booking }}
          onClose={async (made) => {
            setBooking(null);
            if (made) await refresh();
          }}
        />
      )}
      {editing === 'new' && (
        <FormModal<{
          customerName: string;
          contactName?: string;
          contactPhone?: string;
          demand?: string;
          budget?: number;
          pointCount?: number;
          dates?: [string, string];
        }>
          title="录入广电意向客户"
          onClose={() => setEditing(null)}
          onSubmit={async ({ dates, ...v }) => {
            await call(gxgdOrderCalls.save, { ...v, startDate: dates?.[0], endDate: dates?.[1] });
            message.success('已录入');
            await refresh();
          }}
        >
          <ProFormText
            name="customerName"
            label="客户名称"
            rules={[{ required: true, message: '请填写客户名称' }]}
          />
          <ProFormText name="contactName" label="联系人" />
          <ProFormText name="contactPhone" label="联系电话" />
          <ProFormTextArea name="demand" label="需求" />
          <ProFormDigit name="budget" label="预算（元）" min={0} fieldProps={{ precision: 0 }} />
          <ProFormDigit name="pointCount" label="点位数量" min={0} fieldProps={{ precision: 0 }} />
          <ProFormDateRangePicker name="dates" label="投放期" fieldProps={{ format: 'YYYY-MM-DD' }} />
        </FormModal>
      )}
      {editing !== null && editing !== 'new' && (
        <FormModal<{ followNote: string }>
          title={`跟进 ${editing.follow.customerName}`}
          initialValues={{ followNote: editing.follow.followNote ?? '' }}
          onClose={() => setEditing(null)}
          onSubmit={async (v) => {
            await call(adIntentionCalls.save, {
              id: editing.follow.id,
              version: editing.follow.version,
              followNote: v.followNote,
            });
            message.success('已记录跟进');
            await refresh();
          }}
        >
          <ProFormTextArea
            name="followNote"
            label="跟进记录"
            rules={[{ required: true, message: '请填写跟进记录' }]}
          />
        </FormModal>
      )}
    </>
  );
}

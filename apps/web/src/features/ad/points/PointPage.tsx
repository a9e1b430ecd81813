import {
  type ProColumns,
  ProFormDatePicker,
  ProFormDigit,
  ProFormSelect,
  ProFormText,
} from '@ant-design/pro-components';
import {
  AD_MEDIUM_LABEL,
  AD_POINT_STATE,
  AD_POINT_STATE_LABEL,
  AD_POSITION_LABEL,
  AD_TASK_PERMISSIONS,
  type AdPointRow,
  adPointCalls,
  adTaskCalls,
  areaLabel,
  AD_PERMISSIONS as P,
  shanghaiToday,
} from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { AreaCascader } from '../../../components/AreaCascader.tsx';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { usePermission } from '../../../lib/access.ts';
import { call, download, saveFile } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { useAdOperator } from '../access.ts';
import { changeSummary } from './change.ts';

export const adKeys = { points: ['ad', 'points'] as const };
const options = (labels: Record<number, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value: Number(value), label }));
const valueEnum = (labels: Record<number, string>) =>
  Object.fromEntries(Object.entries(labels).map(([k, text]) => [k, { text }]));
export const POINT_STATE_COLOR: Record<number, string> = {
  1: 'green',
  2: 'blue',
  3: 'purple',
  4: 'orange',
  5: 'default',
};

type Editing =
  | { kind: 'add' }
  | { kind: 'batch' }
  | { kind: 'edit'; row: AdPointRow }
  /** 批量修改: the state or price of the selected points. */
  | { kind: 'updateBatch'; ids: number[] }
  /** 换画: the selected points, or those the search form's filters match. */
  | { kind: 'change'; ids: number[] }
  | { kind: 'changeByFilters'; filters: Record<string, unknown> };

/** Lifts to place points in, searched by register code or address words. */
function LiftSelect({ multiple, name }: { multiple?: boolean; name: string }) {
  const [keyword, setKeyword] = useState('');
  const lifts = useQuery({
    queryKey: ['ad', 'lifts', keyword],
    queryFn: () => call(adPointCalls.lifts, { keyword: keyword || undefined }),
  });
  return (
    <ProFormSelect
      name={name}
      label="电梯"
      mode={multiple ? 'multiple' : undefined}
      rules={[{ required: true, message: '请选择电梯' }]}
      fieldProps={{
        showSearch: true,
        filterOption: false,
        onSearch: setKeyword,
        loading: lifts.isFetching,
        placeholder: '输入注册代码或地址查找',
      }}
      options={(lifts.data ?? []).map((l) => ({
        value: l.id,
        label: `${l.registerCode} ${l.name ?? ''} ${l.address}`,
      }))}
    />
  );
}

/** 广告点位: the operator's points (a use unit's or a regulator's read only), add, batch add, edit, export. */
export default function PointPage() {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const canEdit = useAdOperator(P.pointEdit);
  const canExport = usePermission(P.pointExport);
  const canChange = useAdOperator(AD_TASK_PERMISSIONS.taskEdit);
  const [editing, setEditing] = useState<Editing | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['ad'] });
  const remove = async (r: AdPointRow) => {
    try {
      await call(adPointCalls.delete, { ids: [r.id] });
      message.success(`已删除点位 ${r.pointNo}`);
    } catch {
      // The request layer showed the reason.
    } finally {
      await refresh();
    }
  };
  const columns: ProColumns<AdPointRow>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      key: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '点位编号、注册代码或地址' },
    },
    { title: '点位编号', dataIndex: 'pointNo', key: 'pointNo', hideInSearch: true, width: 200 },
    { title: '地址', dataIndex: 'address', key: 'address', hideInSearch: true, ellipsis: true },
    {
      title: '区域',
      dataIndex: 'areaCode',
      key: 'areaCode',
      width: 90,
      renderFormItem: () => <AreaCascader />,
      render: (_, r) => areaLabel(r.areaCode) ?? r.areaCode,
    },
    {
      title: '使用单位',
      dataIndex: 'useCompanyName',
      key: 'useCompanyName',
      hideInSearch: true,
      ellipsis: true,
      render: (_, r) => dash(r.useCompanyName),
    },
    {
      title: '位置',
      dataIndex: 'position',
      key: 'position',
      width: 90,
      valueType: 'select',
      valueEnum: valueEnum(AD_POSITION_LABEL),
      render: (_, r) => r.positionLabel,
    },
    {
      title: '媒介',
      dataIndex: 'medium',
      key: 'medium',
      width: 90,
      valueType: 'select',
      valueEnum: valueEnum(AD_MEDIUM_LABEL),
      render: (_, r) => r.mediumLabel,
    },
    { title: '尺寸', dataIndex: 'size', key: 'size', hideInSearch: true, width: 100 },
    { title: '价格（元/周）', dataIndex: 'price', key: 'price', hideInSearch: true, width: 110 },
    {
      title: '状态',
      dataIndex: 'state',
      key: 'state',
      width: 90,
      valueType: 'select',
      valueEnum: valueEnum(AD_POINT_STATE_LABEL),
      render: (_, r) => <Tag color={POINT_STATE_COLOR[r.state]}>{r.stateLabel}</Tag>,
    },
    actionColumn<AdPointRow>(120, (r) =>
      canEdit
        ? [
            <RowAction key="edit" onClick={() => setEditing({ kind: 'edit', row: r })}>
              编辑
            </RowAction>,
            <Popconfirm
              key="delete"
              title={`删除点位 ${r.pointNo}？`}
              okText="删除"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove(r)}
            >
              <RowAction danger>删除</RowAction>
            </Popconfirm>,
          ]
        : [],
    ),
  ];
  return (
    <>
      <ContractTable<AdPointRow>
        testId="ad-point-list"
        call={adPointCalls.list}
        queryKey={adKeys.points}
        columns={columns}
        selectable
        add={{ label: '新增点位', onClick: () => setEditing({ kind: 'add' }), permission: P.pointEdit }}
        toolbar={(ctx) => [
          ...(canEdit
            ? [
                <Button key="batch" onClick={() => setEditing({ kind: 'batch' })}>
                  批量新增
                </Button>,
                <Button
                  key="updateBatch"
                  data-testid="ad-point-update-batch"
                  onClick={() => {
                    const ids = ctx.requireIds();
                    if (ids) setEditing({ kind: 'updateBatch', ids });
                  }}
                >
                  批量修改
                </Button>,
              ]
            : []),
          ...(canChange
            ? [
                <Button
                  key="change"
                  data-testid="ad-point-change"
                  onClick={() => {
                    const ids = ctx.requireIds();
                    if (ids) setEditing({ kind: 'change', ids });
                  }}
                >
                  换画
                </Button>,
                <Button
                  key="changeByFilters"
                  data-testid="ad-point-change-filters"
                  onClick={() => setEditing({ kind: 'changeByFilters', filters: ctx.filters })}
                >
                  按筛选条件换画
                </Button>,
              ]
            : []),
          ...(canExport
            ? [
                <Button
                  key="byPoint"
                  onClick={async () => {
                    const ids = ctx.requireIds();
                    if (!ids) return;
                    try {
                      saveFile(await download(adPointCalls.exportByPoint, { ids }));
                    } catch {
                      // shown by the request layer
                    }
                  }}
                >
                  导出所选点位预订
                </Button>,
              ]
            : []),
        ]}
        exports={[{ call: adPointCalls.export, permission: P.pointExport, unsorted: true }]}
        emptyText="暂无点位"
      />
      {editing?.kind === 'add' && (
        <FormModal<{ elevatorId: number; position: number; medium: number; size: string; price: number }>
          title="新增点位"
          testId="ad-point-form"
          initialValues={{ position: 1, medium: 1, size: '60×90cm', price: 80 }}
          onClose={() => setEditing(null)}
          onSubmit={async (v) => {
            await call(adPointCalls.add, v);
            message.success('已新增点位');
            await refresh();
          }}
        >
          <LiftSelect name="elevatorId" />
          <PointFields />
        </FormModal>
      )}
      {editing?.kind === 'batch' && (
        <FormModal<{
          elevatorIds: number[];
          positions: number[];
          medium: number;
          size: string;
          price: number;
        }>
          title="批量新增点位"
          testId="ad-point-batch"
          initialValues={{ positions: [1, 2], medium: 1, size: '60×90cm', price: 80 }}
          onClose={() => setEditing(null)}
          onSubmit={async (v) => {
            const res = await call(adPointCalls.batchAddPoint, v);
            message.success(`已新增 ${res.added} 个点位${res.skipped ? `，跳过已有 ${res.skipped} 个` : ''}`);
            await refresh();
          }}
        >
          <LiftSelect name="elevatorIds" multiple />
          <ProFormSelect
            name="positions"
            label="位置"
            mode="multiple"
            options={options(AD_POSITION_LABEL)}
            rules={[{ required: true, message: '请选择点位位置' }]}
          />
          <PointFields withoutPosition />
        </FormModal>
      )}
      {editing?.kind === 'updateBatch' && (
        <FormModal<{ state?: number; price?: number }>
          title={`批量修改 ${editing.ids.length} 个点位`}
          testId="ad-point-update-batch-form"
          onClose={() => setEditing(null)}
          onSubmit={async (v) => {
            const state = v.state ?? undefined;
            const price = v.price ?? undefined;
            if (state === undefined && price === undefined) {
              message.warning('请选择要修改的状态或价格');
              throw new Error('nothing to change');
            }
            const what = [
              state !== undefined ? `状态改为「${AD_POINT_STATE_LABEL[state]}」` : '',
              price !== undefined ? `价格改为 ${price} 元/周` : '',
            ]
              .filter(Boolean)
              .join('，');
            const sure = await new Promise<boolean>((resolve) =>
              modal.confirm({
                title: `确定修改 ${editing.ids.length} 个点位？`,
                content: `所选 ${editing.ids.length} 个点位${what}。`,
                okText: '确定修改',
                cancelText: '返回',
                onOk: () => resolve(true),
                onCancel: () => resolve(false),
              }),
            );
            if (!sure) throw new Error('not confirmed');
            const res = await call(adPointCalls.updateBatch, { ids: editing.ids, state, price });
            message.success(`已修改 ${res.updated} 个点位`);
            await refresh();
          }}
        >
          <Typography.Paragraph type="secondary">
            只填写要改的项；已预订、投放中由订单决定，状态只能设为空闲、维修或停用。
          </Typography.Paragraph>
          <ProFormSelect
            name="state"
            label="状态"
            allowClear
            options={[AD_POINT_STATE.free, AD_POINT_STATE.repair, AD_POINT_STATE.disabled].map((s) => ({
              value: s,
              label: AD_POINT_STATE_LABEL[s],
            }))}
          />
          <ProFormDigit name="price" label="价格（元/周）" min={0} fieldProps={{ precision: 0 }} />
        </FormModal>
      )}
      {(editing?.kind === 'change' || editing?.kind === 'changeByFilters') && (
        <FormModal<{ planDate?: string }>
          title="换画"
          testId="ad-point-change-form"
          okText="新建换画任务"
          initialValues={{ planDate: shanghaiToday() }}
          onClose={() => setEditing(null)}
          onSubmit={async (v) => {
            const planDate = v.planDate || undefined;
            const res =
              editing.kind === 'change'
                ? await call(adTaskCalls.batchAddTaskByIds, { ids: editing.ids, planDate })
                : await call(adTaskCalls.batchAddTask, { ...editing.filters, planDate } as never);
            message.open({ type: res.created > 0 ? 'success' : 'warning', content: changeSummary(res) });
            await refresh();
          }}
        >
          <Typography.Paragraph>
            {editing.kind === 'change'
              ? `为所选 ${editing.ids.length} 个点位新建换画任务。`
              : '为当前筛选条件下的全部点位新建换画任务。'}
            只有投放中订单的投放中点位会新建任务（归入该订单），已有未完成换画任务的点位跳过；任务在「投放任务」中执行和审核，审核通过不改变点位状态。
          </Typography.Paragraph>
          <ProFormDatePicker
            name="planDate"
            label="计划日期"
            width="100%"
            // Days before today in Shanghai, as the server counts them (not the browser's own day).
            fieldProps={{ disabledDate: (d: Dayjs) => d.format('YYYY-MM-DD') < shanghaiToday() }}
          />
        </FormModal>
      )}
      {editing?.kind === 'edit' && (
        <FormModal<{ position: number; medium: number; size: string; price: number; state: number }>
          title={`编辑点位 ${editing.row.pointNo}`}
          testId="ad-point-form"
          initialValues={editing.row}
          onClose={() => setEditing(null)}
          onSubmit={async (v) => {
            await call(adPointCalls.updatePoint, {
              ...v,
              id: editing.row.id,
              version: editing.row.version,
              // 已预订 / 投放中 follow the orders: sent only when changed by hand.
              state: v.state === editing.row.state ? undefined : v.state,
            });
            message.success('已保存');
            await refresh();
          }}
        >
          <PointFields />
          <ProFormSelect
            name="state"
            label="状态"
            options={options(AD_POINT_STATE_LABEL).map((o) => ({
              ...o,
              disabled: o.value === 2 || o.value === 3,
            }))}
          />
        </FormModal>
      )}
    </>
  );
}

function PointFields({ withoutPosition = false }: { withoutPosition?: boolean }) {
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={0}>
      {!withoutPosition && (
        <ProFormSelect
          name="position"
          label="位置"
          options={options(AD_POSITION_LABEL)}
          rules={[{ required: true, message: '请选择点位位置' }]}
        />
      )}
      <ProFormSelect
        name="medium"
        label="媒介"
        options={options(AD_MEDIUM_LABEL)}
        rules={[{ required: true, message: '请选择媒介类型' }]}
      />
      <ProFormText name="size" label="尺寸" rules={[{ required: true, message: '请填写点位尺寸' }]} />
      <ProFormDigit
        name="price"
        label="价格（元/周）"
        min={0}
        fieldProps={{ precision: 0 }}
        rules={[{ required: true, message: '请填写价格' }]}
      />
    </Space>
  );
}

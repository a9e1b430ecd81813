import type { ProColumns } from '@ant-design/pro-components';
import { type MaintainedLift, maintenancePlanCalls, PLAN_PERMISSIONS, type PlanFlag } from '@ec/contract';
import { App, Popconfirm, Space, Tag } from 'antd';
import { useState } from 'react';
import { AreaCascader } from '../../../components/AreaCascader.tsx';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { FLAG_COLOR, flagEnum } from '../labels.ts';
import { PlanDialog } from '../PlanDialog.tsx';
import { planKeys, useInvalidatePlans } from '../queries.ts';

/**
 * 维保电梯资料: the lifts a company maintains with their plan, contract, last visit and due date,
 * flagged 无维保计划 / 无有效维保合同 / 未指定维保人员 / 维保超期; the plan is set or removed here.
 */
export default function MaintainedLiftsPage() {
  const { message } = App.useApp();
  const invalidate = useInvalidatePlans();
  // A district regulator reads this page (its district's lifts and who is 超期); plans are the
  // maintenance company's (and the platform administrator's), as the server decides.
  const { user } = useSession();
  const canEdit = usePermission(PLAN_PERMISSIONS.edit) && user?.dataScope !== 'area';
  const [editing, setEditing] = useState<MaintainedLift | null>(null);

  const removePlan = async (row: MaintainedLift) => {
    try {
      await call(maintenancePlanCalls.delete, { ids: [row.planId!] });
      message.success(`已删除 ${row.registerCode} 的维保计划`);
    } finally {
      await invalidate();
    }
  };

  const columns: ProColumns<MaintainedLift>[] = [
    {
      title: '关键字',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '注册代码 / 电梯名称 / 地址' },
    },
    { title: '所在区域', dataIndex: 'areaCode', hideInTable: true, renderFormItem: () => <AreaCascader /> },
    { title: '状态标记', dataIndex: 'flag', hideInTable: true, valueType: 'select', valueEnum: flagEnum },
    { title: '注册代码', dataIndex: 'registerCode', search: false, width: 190 },
    {
      title: '电梯',
      dataIndex: 'address',
      search: false,
      ellipsis: true,
      render: (_, r) => (r.elevatorName ? `${r.elevatorName} · ${r.address}` : r.address),
    },
    {
      title: '使用单位',
      dataIndex: 'useCompanyName',
      search: false,
      ellipsis: true,
      render: (_, r) => dash(r.useCompanyName),
    },
    {
      title: '维保单位',
      dataIndex: 'maintenanceCompanyName',
      search: false,
      ellipsis: true,
      render: (_, r) => dash(r.maintenanceCompanyName),
    },
    {
      title: '维保合同',
      dataIndex: 'contractNo',
      search: false,
      render: (_, r) => (r.contractNo ? `${r.contractNo}（至 ${dash(r.contractEnd)}）` : '—'),
    },
    {
      title: '维保内容',
      dataIndex: 'templateName',
      search: false,
      ellipsis: true,
      render: (_, r) => dash(r.templateName),
    },
    {
      title: '间隔',
      dataIndex: 'intervalDays',
      search: false,
      render: (_, r) => (r.intervalDays === null ? '—' : `${r.intervalDays} 天`),
    },
    {
      title: '维保人员',
      dataIndex: 'workers',
      search: false,
      ellipsis: true,
      render: (_, r) => dash(r.workers.join('、')),
    },
    { title: '上次维保', dataIndex: 'lastDoneDate', search: false, render: (_, r) => dash(r.lastDoneDate) },
    { title: '下次应保', dataIndex: 'dueDate', search: false, render: (_, r) => dash(r.dueDate) },
    {
      title: '超期天数',
      dataIndex: 'overdueDays',
      search: false,
      render: (_, r) => (r.overdue ? <span style={{ color: '#cf1322' }}>{r.overdueDays} 天</span> : '—'),
    },
    {
      title: '状态标记',
      key: 'flags',
      search: false,
      width: 190,
      render: (_, r) =>
        r.flags.length === 0 ? (
          <Tag color="green">正常</Tag>
        ) : (
          <Space size={4} wrap>
            {r.flags.map((f, i) => (
              <Tag key={f} color={FLAG_COLOR[f as PlanFlag] ?? 'default'}>
                {r.flagLabels[i] ?? f}
              </Tag>
            ))}
          </Space>
        ),
    },
    ...(canEdit
      ? [
          actionColumn<MaintainedLift>(150, (r) => (
            <Space size={12}>
              <RowAction onClick={() => setEditing(r)}>
                {r.planId === null ? '新建计划' : '修改计划'}
              </RowAction>
              {r.planId !== null && (
                <Popconfirm
                  title={`确定删除 ${r.registerCode} 的维保计划吗？`}
                  description="删除后不再生成新的工单，已生成的工单保留"
                  okText="删除"
                  okButtonProps={{ danger: true }}
                  cancelText="取消"
                  onConfirm={() => removePlan(r).catch(() => undefined)}
                >
                  <RowAction danger>删除计划</RowAction>
                </Popconfirm>
              )}
            </Space>
          )),
        ]
      : []),
  ];

  return (
    <>
      <ContractTable<MaintainedLift>
        testId="maintained-lifts"
        call={maintenancePlanCalls.queryList}
        queryKey={planKeys.lifts}
        rowKey="elevatorId"
        columns={columns}
        hiddenColumns={['useCompanyName', 'contractNo']}
        emptyText="暂无维保电梯"
      />
      {editing && <PlanDialog lift={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

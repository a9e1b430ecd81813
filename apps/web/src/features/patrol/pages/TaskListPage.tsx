import type { ProColumns } from '@ant-design/pro-components';
import {
  PATROL_TARGET_KIND_LABEL,
  PATROL_TASK_STATE_LABEL,
  type PatrolTaskRow,
  patrolTaskCalls,
} from '@ec/contract';
import { Button, Form, Input, Modal, Space, Tag } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { splitRange, toInput } from '../../../components/table-input.ts';
import { call } from '../../../lib/api.ts';
import { useLiveRefresh } from '../../../lib/live.ts';
import { PATROL_PATHS, PATROL_WORK_PATH } from '../../../lib/routes.ts';
import { useSession } from '../../../lib/session.ts';
import { districtOptions } from '../logic.ts';
import { PATROL_LIVE_TOPICS, patrolKeys, usePatrolRights, usePatrolWrite } from '../queries.ts';

export const TASK_STATE_COLOR: Record<string, string> = {
  pending: 'default',
  running: 'processing',
  done: 'success',
  cancelled: 'error',
};

/**
 * 巡检任务 (/patrol/task: every task of the user's districts) and 电子巡检任务 (/wisdom/patrolTask:
 * the regulator's own, with 新建巡检任务 and 现场巡检). Filters: state, district, target kind,
 * keyword, planned dates.
 */
export default function TaskListPage() {
  const { pathname } = useLocation();
  const mine = pathname === PATROL_PATHS.myTasks;
  const navigate = useNavigate();
  const rights = usePatrolRights();
  const { user } = useSession();
  const [cancelling, setCancelling] = useState<PatrolTaskRow | null>(null);
  useLiveRefresh(PATROL_LIVE_TOPICS, patrolKeys.all);
  const columns: ProColumns<PatrolTaskRow>[] = [
    { title: '任务编号', dataIndex: 'taskNo', search: false, width: 150 },
    { title: '任务名称', dataIndex: 'keyword', width: 200, ellipsis: true, render: (_, r) => r.name },
    {
      title: '辖区',
      dataIndex: 'areaCode',
      valueType: 'select',
      fieldProps: { options: districtOptions(user?.areaCodes ?? []) },
      hideInSearch: (user?.areaCodes.length ?? 0) < 2,
      width: 90,
      render: (_, r) => r.areaName ?? r.areaCode,
    },
    {
      title: '巡检对象',
      dataIndex: 'targetKind',
      valueType: 'select',
      valueEnum: PATROL_TARGET_KIND_LABEL,
      width: 90,
      render: (_, r) => `${r.targetKindLabel} ${r.targetCount} 个`,
    },
    { title: '巡检模板', dataIndex: 'templateName', search: false, width: 170, ellipsis: true },
    {
      title: '状态',
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: PATROL_TASK_STATE_LABEL,
      width: 90,
      render: (_, r) => (
        <Tag color={TASK_STATE_COLOR[r.state]} data-testid="task-state">
          {r.stateLabel}
        </Tag>
      ),
    },
    { title: '计划日期', dataIndex: 'plan', valueType: 'dateRange', hideInTable: true },
    {
      title: '计划日期',
      dataIndex: 'planStart',
      search: false,
      width: 190,
      render: (_, r) => `${r.planStart} 至 ${r.planEnd}`,
    },
    {
      title: '巡检人员',
      dataIndex: 'assignees',
      search: false,
      width: 120,
      render: (_, r) => r.assignees.map((a) => a.name).join('、'),
    },
    {
      title: '进度',
      dataIndex: 'checkedCount',
      search: false,
      width: 80,
      render: (_, r) => `${r.checkedCount}/${r.targetCount}`,
    },
    {
      title: '问题/待整改',
      dataIndex: 'findingCount',
      search: false,
      width: 100,
      render: (_, r) => `${r.findingCount} / ${r.openNoticeCount}`,
    },
    actionColumn<PatrolTaskRow>(170, (r) => (
      <>
        <RowAction onClick={() => navigate(`${PATROL_PATHS.taskDetail}?id=${r.id}`)}>详情</RowAction>
        {rights.editTasks && mine && r.state === 'pending' && (
          <RowAction onClick={() => navigate(`${PATROL_PATHS.newTask}?id=${r.id}`)}>修改</RowAction>
        )}
        {rights.editTasks && (r.state === 'pending' || r.state === 'running') && (
          <RowAction danger onClick={() => setCancelling(r)}>
            取消
          </RowAction>
        )}
      </>
    )),
  ];
  return (
    <>
      <ContractTable<PatrolTaskRow>
        call={patrolTaskCalls.queryList}
        params={mine ? { mine: true } : undefined}
        queryKey={patrolKeys.tasks}
        columns={columns}
        toQuery={(v) => toInput(splitRange(v, 'plan', 'from', 'to'))}
        testId="patrol-tasks"
        emptyText={mine ? '暂无指派给您的巡检任务' : '暂无巡检任务'}
        add={
          rights.editTasks && mine
            ? { label: '新建巡检任务', onClick: () => navigate(PATROL_PATHS.newTask) }
            : false
        }
        toolbar={() =>
          mine && rights.execute
            ? [
                <Button key="work" onClick={() => navigate(PATROL_WORK_PATH)}>
                  现场巡检
                </Button>,
              ]
            : []
        }
      />
      {cancelling && <CancelDialog task={cancelling} onClose={() => setCancelling(null)} />}
    </>
  );
}

function CancelDialog({ task, onClose }: { task: PatrolTaskRow; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const write = usePatrolWrite();
  return (
    <Modal
      open
      title={`取消巡检任务 ${task.taskNo}？`}
      okText="取消任务"
      okButtonProps={{ danger: true }}
      cancelText="返回"
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (!v) return;
        setBusy(true);
        try {
          await write(
            () => call(patrolTaskCalls.cancel, { id: task.id, version: task.version, reason: v.reason }),
            '任务已取消',
          );
          onClose();
        } catch {
          // the api client showed the reason
        } finally {
          setBusy(false);
        }
      }}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <span>取消后不能再记录检查结果，已开具的整改通知不受影响。</span>
        <Form form={form} layout="vertical">
          <Form.Item
            name="reason"
            label="取消原因"
            rules={[{ required: true, whitespace: true, message: '请填写取消原因' }]}
          >
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        </Form>
      </Space>
    </Modal>
  );
}

import type { ProColumns } from '@ant-design/pro-components';
import {
  JOB_OUTCOME_LABEL,
  JOB_OUTCOMES,
  JOB_PERMISSIONS,
  type JobRow,
  type JobRun,
  jobCalls,
} from '@ec/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Drawer, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { call } from '../../../lib/api.ts';
import { Permission } from '../../../lib/permission.tsx';
import { jobKeys } from '../keys.ts';

const OUTCOME_ENUM = Object.fromEntries(JOB_OUTCOMES.map((o) => [o, { text: JOB_OUTCOME_LABEL[o] }]));

/** 1.2 秒, 350 毫秒, 2 分 5 秒. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} 毫秒`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1).replace(/\.0$/, '')} 秒`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} 分 ${s % 60} 秒`;
}

/** The job's state at a glance: 执行中, 成功, 失败 (连续 n 次), 未执行. */
export function JobStatus({ job }: { job: JobRow }) {
  if (job.running) return <Tag color="processing">执行中</Tag>;
  if (job.lastOutcome === 'ok') return <Tag color="success">成功</Tag>;
  if (job.lastOutcome === 'failed') {
    return (
      <Tooltip title={job.lastError}>
        <Tag color="error">{job.failStreak > 1 ? `失败（连续 ${job.failStreak} 次）` : '失败'}</Tag>
      </Tooltip>
    );
  }
  return <Tag>未执行</Tag>;
}

/**
 * 定时任务: the jobs every server node runs (each period once across the nodes), their latest
 * outcome and failures in a row, 立即执行 (on the node that answers; refused while a run is under
 * way anywhere), and a drawer with each job's recorded runs.
 */
export default function JobPage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [open, setOpen] = useState<JobRow | null>(null);

  const runNow = async (job: JobRow) => {
    const run = await call(jobCalls.run, { name: job.name });
    if (run.outcome === 'ok')
      message.success(`「${job.label}」执行成功，用时 ${formatDuration(run.durationMs)}`);
    else message.error(`「${job.label}」执行失败：${run.error ?? '未知错误'}`);
    await client.invalidateQueries({ queryKey: jobKeys.all });
  };

  const columns: ProColumns<JobRow>[] = [
    {
      title: '任务',
      dataIndex: 'label',
      render: (_, r) => (
        <>
          <div>{r.label}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.name}
          </Typography.Text>
        </>
      ),
    },
    { title: '执行周期', dataIndex: 'schedule', width: 110 },
    { title: '状态', dataIndex: 'lastOutcome', width: 170, render: (_, r) => <JobStatus job={r} /> },
    { title: '最近执行', dataIndex: 'lastRunTime', width: 170, render: (_, r) => r.lastRunTime ?? '—' },
    {
      title: '用时',
      dataIndex: 'lastDurationMs',
      width: 100,
      align: 'right',
      render: (_, r) => (r.lastDurationMs === null ? '—' : formatDuration(r.lastDurationMs)),
    },
    {
      title: '最近错误',
      dataIndex: 'lastError',
      ellipsis: true,
      render: (_, r) => (r.lastOutcome === 'failed' ? r.lastError : '—'),
    },
    actionColumn(150, (r) => [
      <RowAction key="runs" onClick={() => setOpen(r)} data-testid={`job-runs-${r.name}`}>
        执行记录
      </RowAction>,
      <Permission key="run" value={JOB_PERMISSIONS.run}>
        <Popconfirm
          title={`立即执行「${r.label}」？`}
          description="在当前服务节点上立即执行一次，本周期的定时执行随之完成。"
          onConfirm={() => runNow(r)}
        >
          <RowAction disabled={r.running} data-testid={`job-run-${r.name}`}>
            立即执行
          </RowAction>
        </Popconfirm>
      </Permission>,
    ]),
  ];

  return (
    <>
      <ContractTable<JobRow>
        testId="job-table"
        call={jobCalls.query}
        queryKey={jobKeys.list}
        rowKey="name"
        columns={columns}
        search={false}
        headerTitle="定时任务"
        emptyText="暂无定时任务"
      />
      {open && <RunsDrawer job={open} onClose={() => setOpen(null)} />}
    </>
  );
}

function RunsDrawer({ job, onClose }: { job: JobRow; onClose: () => void }) {
  const columns: ProColumns<JobRun>[] = [
    { title: '开始时间', dataIndex: 'startTime', width: 170, search: false },
    { title: '节点', dataIndex: 'node', width: 160, search: false, ellipsis: true },
    {
      title: '方式',
      dataIndex: 'manual',
      width: 80,
      search: false,
      render: (_, r) => (r.manual ? '手动' : '定时'),
    },
    {
      title: '用时',
      dataIndex: 'durationMs',
      width: 100,
      align: 'right',
      search: false,
      render: (_, r) => formatDuration(r.durationMs),
    },
    {
      title: '结果',
      dataIndex: 'outcome',
      width: 90,
      valueType: 'select',
      valueEnum: OUTCOME_ENUM,
      render: (_, r) => (
        <Tag color={r.outcome === 'ok' ? 'success' : 'error'}>{JOB_OUTCOME_LABEL[r.outcome]}</Tag>
      ),
    },
    { title: '错误信息', dataIndex: 'error', search: false, render: (_, r) => r.error ?? '—' },
  ];
  return (
    <Drawer open title={`执行记录：${job.label}`} width={960} onClose={onClose} data-testid="job-runs-drawer">
      <ContractTable<JobRun>
        testId="job-run-table"
        call={jobCalls.runs}
        params={{ name: job.name }}
        queryKey={jobKeys.runs}
        columns={columns}
        emptyText="暂无执行记录（保留每个任务最近 200 次）"
      />
    </Drawer>
  );
}

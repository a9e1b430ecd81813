import type { PatrolNoticeRow, PatrolTargetView, PatrolTaskDetail } from '@ec/contract';
import { Alert, Button, Card, Descriptions, Empty, Space, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { RowAction } from '../../../components/RowAction.tsx';
import { useLiveRefresh } from '../../../lib/live.ts';
import { usePageParam } from '../../../lib/page-param.ts';
import { PATROL_WORK_PATH } from '../../../lib/routes.ts';
import { missingCount, targetProgress } from '../logic.ts';
import { NoticeDrawer, NoticeStateTag } from '../NoticeDrawer.tsx';
import { PhotoThumbs } from '../PhotoThumbs.tsx';
import { PATROL_LIVE_TOPICS, patrolKeys, usePatrolRights, useTask } from '../queries.ts';
import { TASK_STATE_COLOR } from './TaskListPage.tsx';

const RESULT_COLOR: Record<string, string> = { pass: 'green', fail: 'red', na: 'default' };

/** 巡检任务详情: the task, each target's results item by item, and the notices its findings opened. */
export default function TaskDetailPage() {
  const id = usePageParam('id');
  const task = useTask(id);
  useLiveRefresh(PATROL_LIVE_TOPICS, patrolKeys.all);
  if (id === null) return <Empty description="缺少任务编号" />;
  if (task.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (task.isError || !task.data) return <Alert type="error" showIcon message="巡检任务不存在或无权查看" />;
  return <Detail task={task.data} />;
}

function Detail({ task }: { task: PatrolTaskDetail }) {
  const navigate = useNavigate();
  const rights = usePatrolRights();
  const [notice, setNotice] = useState<number | null>(null);
  const open = task.state === 'pending' || task.state === 'running';
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12} data-testid="patrol-task-detail">
      <Card
        title={`${task.taskNo} ${task.name}`}
        extra={
          task.mine &&
          rights.execute &&
          open && (
            <Button type="primary" onClick={() => navigate(`${PATROL_WORK_PATH}?id=${task.id}`)}>
              现场巡检
            </Button>
          )
        }
      >
        <Descriptions column={{ xs: 1, md: 3 }} size="small">
          <Descriptions.Item label="状态">
            <Tag color={TASK_STATE_COLOR[task.state]} data-testid="task-state">
              {task.stateLabel}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label="辖区">{task.areaName ?? task.areaCode}</Descriptions.Item>
          <Descriptions.Item label="巡检模板">{task.templateName}</Descriptions.Item>
          <Descriptions.Item label="计划日期">
            {task.planStart} 至 {task.planEnd}
          </Descriptions.Item>
          <Descriptions.Item label="巡检人员">
            {task.assignees.map((a) => a.name).join('、')}
          </Descriptions.Item>
          <Descriptions.Item label="创建人">
            {task.creatorName ?? '—'}（{task.createTime}）
          </Descriptions.Item>
          <Descriptions.Item label="进度">
            已查 {task.checkedCount}/{task.targetCount} 个{task.targetKindLabel}，未填 {missingCount(task)} 项
          </Descriptions.Item>
          <Descriptions.Item label="开始/完成">
            {task.startedAt ?? '—'} / {task.finishedAt ?? '—'}
          </Descriptions.Item>
          {task.cancelReason && <Descriptions.Item label="取消原因">{task.cancelReason}</Descriptions.Item>}
          {task.remark && <Descriptions.Item label="备注">{task.remark}</Descriptions.Item>}
        </Descriptions>
      </Card>
      <Card title={`巡检对象与结果（${task.targets.length}）`}>
        <Table<PatrolTargetView>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={task.targets}
          data-testid="task-targets"
          expandable={{
            expandedRowRender: (t) => <Results task={task} target={t} />,
            rowExpandable: () => true,
          }}
          columns={[
            { title: task.targetKindLabel, dataIndex: 'name' },
            { title: '地址', dataIndex: 'address', ellipsis: true },
            ...(task.targetKind === 'lift'
              ? [
                  { title: '使用单位', dataIndex: 'useUnitName' },
                  { title: '维保单位', dataIndex: 'maintenanceCompanyName' },
                ]
              : []),
            {
              title: '已查',
              key: 'progress',
              render: (_: unknown, t: PatrolTargetView) => targetProgress(task.items, t),
            },
            {
              title: '不符合',
              key: 'fails',
              render: (_: unknown, t: PatrolTargetView) => {
                const n = t.results.filter((r) => r.result === 'fail').length;
                return n > 0 ? <Tag color="red">{n}</Tag> : '0';
              },
            },
            { title: '检查时间', dataIndex: 'checkedAt', render: (v: string | null) => v ?? '未检查' },
            {
              title: '定位',
              key: 'pos',
              render: (_: unknown, t: PatrolTargetView) =>
                t.latitude !== null && t.longitude !== null
                  ? `${t.latitude.toFixed(5)}, ${t.longitude.toFixed(5)}`
                  : '—',
            },
          ]}
        />
      </Card>
      <Card title={`整改通知（${task.notices.length}）`}>
        <Table<PatrolNoticeRow>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={task.notices}
          data-testid="task-notices"
          locale={{ emptyText: '没有发现问题，未开具整改通知' }}
          columns={[
            { title: '通知编号', dataIndex: 'noticeNo' },
            { title: '巡检对象', dataIndex: 'targetName' },
            { title: '检查内容', dataIndex: 'contentName' },
            { title: '发现问题', dataIndex: 'problem', ellipsis: true },
            {
              title: '整改单位',
              key: 'to',
              render: (_: unknown, n: PatrolNoticeRow) => `${n.recipientName ?? '—'}（${n.recipientLabel}）`,
            },
            { title: '期限', dataIndex: 'deadline' },
            {
              title: '状态',
              key: 'state',
              render: (_: unknown, n: PatrolNoticeRow) => (
                <NoticeStateTag state={n.state} label={n.stateLabel} overdue={n.overdue} />
              ),
            },
            {
              title: '操作',
              key: 'op',
              render: (_: unknown, n: PatrolNoticeRow) => (
                <RowAction onClick={() => setNotice(n.id)}>
                  {rights.handle && n.state === 'answered' ? '复核' : '详情'}
                </RowAction>
              ),
            },
          ]}
        />
      </Card>
      <NoticeDrawer id={notice} onClose={() => setNotice(null)} />
    </Space>
  );
}

function Results({ task, target }: { task: PatrolTaskDetail; target: PatrolTargetView }) {
  return (
    <Table
      rowKey="contentId"
      size="small"
      pagination={false}
      dataSource={task.items}
      columns={[
        { title: '序号', dataIndex: 'seq', width: 60 },
        { title: '检查内容', dataIndex: 'name' },
        {
          title: '结果',
          key: 'result',
          render: (_: unknown, item: { contentId: number }) => {
            const r = target.results.find((x) => x.contentId === item.contentId);
            return r ? (
              <Tag color={RESULT_COLOR[r.result]}>{r.resultLabel}</Tag>
            ) : (
              <Typography.Text type="secondary">未填</Typography.Text>
            );
          },
        },
        {
          title: '说明',
          key: 'remark',
          render: (_: unknown, item: { contentId: number }) =>
            target.results.find((x) => x.contentId === item.contentId)?.remark ?? '',
        },
        {
          title: '照片',
          key: 'photos',
          render: (_: unknown, item: { contentId: number }) => {
            const r = target.results.find((x) => x.contentId === item.contentId);
            return r && r.photos.length > 0 ? <PhotoThumbs ids={r.photos} size={40} /> : '';
          },
        },
        {
          title: '记录',
          key: 'by',
          render: (_: unknown, item: { contentId: number }) => {
            const r = target.results.find((x) => x.contentId === item.contentId);
            return r ? `${r.recorderName ?? ''} ${r.recordedAt}` : '';
          },
        },
      ]}
    />
  );
}

import { type CallRecordRow, serviceUserCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Descriptions, Drawer, Empty, Skeleton, Table, Tag, Timeline, Typography } from 'antd';
import { call } from '../../lib/api.ts';
import { dash } from '../../lib/format.ts';
import { durationText } from './CallRecordsTable.tsx';
import { callCentreKeys } from './queries.ts';

/**
 * 坐席详情: the agent's seat and state, its latest calls and its latest changes of duty (上线 /
 * 下线 with their times), as the server's `info` gives them.
 */
export function AgentDetailDrawer({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const detail = useQuery({
    queryKey: callCentreKeys.detail(userId),
    enabled: userId !== null,
    queryFn: ({ signal }) => call(serviceUserCalls.info, { userId: userId! }, { signal, silent: true }),
  });
  const a = detail.data;
  return (
    <Drawer
      title={a ? `坐席详情：${a.seatNo} ${a.realName}` : '坐席详情'}
      open={userId !== null}
      onClose={onClose}
      width={720}
      destroyOnHidden
    >
      {detail.isPending && userId !== null && <Skeleton active />}
      {detail.isError && (
        <Alert type="error" showIcon message={`坐席详情加载失败：${detail.error.message}`} />
      )}
      {a && (
        <div data-testid="agent-detail">
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="坐席号">{a.seatNo}</Descriptions.Item>
            <Descriptions.Item label="姓名">{a.realName}</Descriptions.Item>
            <Descriptions.Item label="账号">{a.username}</Descriptions.Item>
            <Descriptions.Item label="分机号">{dash(a.extension)}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Badge status={a.online ? 'success' : 'default'} text={a.online ? '在线' : '离线'} />
            </Descriptions.Item>
            <Descriptions.Item label="今日通话">{a.todayCalls} 次</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            近期通话
          </Typography.Title>
          <Table<CallRecordRow>
            size="small"
            rowKey="id"
            pagination={false}
            data-testid="agent-detail-calls"
            dataSource={a.recentCalls}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无通话" /> }}
            columns={[
              { title: '开始时间', dataIndex: 'startedAt', width: 160 },
              { title: '电话号码', dataIndex: 'phone', width: 130 },
              { title: '方向', dataIndex: 'directionLabel', width: 60 },
              {
                title: '通话时长',
                dataIndex: 'durationSeconds',
                width: 100,
                render: (s: number | null) => durationText(s),
              },
              { title: '关联工单', dataIndex: 'caseNo', render: (v: string | null) => dash(v) },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            上下线记录
          </Typography.Title>
          {a.shifts.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无上下线记录" />
          ) : (
            <Timeline
              data-testid="agent-detail-shifts"
              items={a.shifts.map((s) => ({
                color: s.online ? 'green' : 'gray',
                children: (
                  <>
                    <Tag color={s.online ? 'green' : 'default'}>{s.online ? '上线' : '下线'}</Tag>
                    {s.at}
                  </>
                ),
              }))}
            />
          )}
        </div>
      )}
    </Drawer>
  );
}

import type { RescueCaseDetail } from '@ec/contract';
import { Descriptions, Empty, Table, Tag, Timeline, Typography } from 'antd';
import { dash, formatDateTime } from '../../lib/format.ts';
import { minutesText, STATE_COLOR } from './labels.ts';

/** Timeline dots of the states (antd's Timeline takes colour names, not tag presets). */
const TIMELINE_COLOR: Record<number, string> = {
  1: 'red',
  2: 'orange',
  3: 'gold',
  4: 'blue',
  5: 'cyan',
  6: 'gray',
};

const at = (v: string | null) => (v ? formatDateTime(v) : '—');

/** A case's state as a coloured tag. */
export function CaseState({ status, label }: { status: number; label: string }) {
  return <Tag color={STATE_COLOR[status] ?? 'default'}>{label}</Tag>;
}

/** The facts of a case: the lift and its parties, the times and durations, the close. */
export function CaseSummary({ c }: { c: RescueCaseDetail }) {
  return (
    <>
      <Descriptions size="small" column={2} bordered title="工单" data-testid="case-summary">
        <Descriptions.Item label="工单号">{c.caseNo}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <CaseState status={c.status} label={c.statusLabel} />
        </Descriptions.Item>
        <Descriptions.Item label="类型">{c.kindLabel}</Descriptions.Item>
        <Descriptions.Item label="来源">{c.sourceLabel}</Descriptions.Item>
        <Descriptions.Item label="来电号码">{dash(c.callerPhone)}</Descriptions.Item>
        <Descriptions.Item label="来电人">{dash(c.callerName)}</Descriptions.Item>
        <Descriptions.Item label="被困人数">{c.trapped}</Descriptions.Item>
        <Descriptions.Item label="响应级别">{c.levelLabel}</Descriptions.Item>
        <Descriptions.Item label="情况描述" span={2}>
          {dash(c.description)}
        </Descriptions.Item>
      </Descriptions>
      <Descriptions size="small" column={2} bordered title="电梯" style={{ marginTop: 16 }}>
        <Descriptions.Item label="注册代码">{dash(c.registerCode)}</Descriptions.Item>
        <Descriptions.Item label="救援识别码">{dash(c.rescueCode)}</Descriptions.Item>
        <Descriptions.Item label="地址" span={2}>
          {dash(c.address)}
          {c.areaName ? `（${c.areaName}）` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="维保单位">
          {dash(c.maintenanceCompanyName)} {c.maintenanceCompanyPhone ? `☎ ${c.maintenanceCompanyPhone}` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="使用单位">
          {dash(c.useCompanyName)} {c.useCompanyPhone ? `☎ ${c.useCompanyPhone}` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="救援单位">
          {dash(c.rescueUnitName)} {c.rescueUnitPhone ? `☎ ${c.rescueUnitPhone}` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="救援网格">{dash(c.gridName)}</Descriptions.Item>
      </Descriptions>
      <Descriptions size="small" column={2} bordered title="时间" style={{ marginTop: 16 }}>
        <Descriptions.Item label="报警">{at(c.alarmAt)}</Descriptions.Item>
        <Descriptions.Item label="派遣">{at(c.dispatchedAt)}</Descriptions.Item>
        <Descriptions.Item label="接单">
          {at(c.acceptedAt)}
          {c.acceptedByName ? `（${c.acceptedByName}）` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="到达">
          {at(c.arrivedAt)}
          {c.arriveDistance !== null ? `（距电梯 ${c.arriveDistance} 米）` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="解救">{at(c.freedAt)}</Descriptions.Item>
        <Descriptions.Item label="关闭">{at(c.closedAt)}</Descriptions.Item>
        <Descriptions.Item label="响应用时">{minutesText(c.responseMinutes)}</Descriptions.Item>
        <Descriptions.Item label="到达用时">
          {minutesText(c.arrivalMinutes)} {c.overtime && <Tag color="red">超时</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="现场救援用时">{minutesText(c.rescueMinutes)}</Descriptions.Item>
        <Descriptions.Item label="坐席">{dash(c.agentName)}</Descriptions.Item>
      </Descriptions>
      {c.closedAt && (
        <Descriptions size="small" column={2} bordered title="关闭" style={{ marginTop: 16 }}>
          <Descriptions.Item label="困人原因">
            {dash(c.causeLabel)}
            {c.causeDetail ? ` · ${c.causeDetail}` : ''}
          </Descriptions.Item>
          <Descriptions.Item label="解救人数">{dash(c.freed)}</Descriptions.Item>
          <Descriptions.Item label="恢复运行">
            {c.backInService === null ? '—' : c.backInService ? '是' : '否'}
          </Descriptions.Item>
          <Descriptions.Item label="维修工单">
            {c.repairId ? `已开维修单 #${c.repairId}` : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="回访" span={2}>
            {dash(c.followUp)}
          </Descriptions.Item>
          <Descriptions.Item label="备注" span={2}>
            {dash(c.closeNote)}
          </Descriptions.Item>
        </Descriptions>
      )}
    </>
  );
}

/** The case's history, oldest first. */
export function CaseSteps({ c }: { c: RescueCaseDetail }) {
  if (c.steps.length === 0) return <Empty description="暂无处理记录" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      data-testid="case-steps"
      items={c.steps.map((s) => ({
        key: s.id,
        color: TIMELINE_COLOR[s.status] ?? 'blue',
        children: (
          <div>
            <Typography.Text strong>{s.action}</Typography.Text>{' '}
            <Typography.Text type="secondary">{formatDateTime(s.at)}</Typography.Text>
            <div>
              {[s.userName, s.companyName].filter(Boolean).join(' · ')}
              {s.note ? `：${s.note}` : ''}
            </div>
          </div>
        ),
      }))}
    />
  );
}

/** The calls linked to the case. */
export function CaseCalls({ c }: { c: RescueCaseDetail }) {
  return (
    <Table
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={c.calls}
      locale={{ emptyText: '没有关联的通话记录' }}
      columns={[
        { title: '号码', dataIndex: 'phone' },
        { title: '方向', dataIndex: 'direction', render: (d: number) => (d === 2 ? '呼出' : '呼入') },
        { title: '开始', dataIndex: 'startedAt', render: (v: string) => formatDateTime(v) },
        { title: '接听', dataIndex: 'answeredAt', render: (v: string | null) => at(v) },
        { title: '结束', dataIndex: 'endedAt', render: (v: string | null) => at(v) },
        { title: '坐席', dataIndex: 'agentName', render: (v: string | null) => dash(v) },
      ]}
    />
  );
}

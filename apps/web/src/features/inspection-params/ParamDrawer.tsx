import { TECH_PARAM_EXTRAS, type TechParamRow } from '@ec/contract';
import { Alert, Button, Descriptions, Drawer, Empty, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { ParamForm } from './ParamForm.tsx';
import { useInvalidateParams, useLiftParams, useParamRights } from './queries.ts';

const show = (v: unknown, unit = '') => (v === null || v === undefined || v === '' ? '—' : `${v}${unit}`);

function ParamDescriptions({ row }: { row: TechParamRow }) {
  return (
    <Descriptions size="small" column={2} bordered>
      <Descriptions.Item label="设备品种">{show(row.varietyName)}</Descriptions.Item>
      <Descriptions.Item label="控制方式">{show(row.controlMode)}</Descriptions.Item>
      <Descriptions.Item label="层站数">{show(row.stops)}</Descriptions.Item>
      <Descriptions.Item label="门数">{show(row.doors)}</Descriptions.Item>
      <Descriptions.Item label="额定载重量">{show(row.ratedLoad, ' kg')}</Descriptions.Item>
      <Descriptions.Item label="额定速度">{show(row.ratedSpeed, ' m/s')}</Descriptions.Item>
      <Descriptions.Item label="提升高度">{show(row.riseM, ' m')}</Descriptions.Item>
      <Descriptions.Item label="使用区段长度">{show(row.lengthM, ' m')}</Descriptions.Item>
      {TECH_PARAM_EXTRAS.filter((e) => row.extra[e.title]).map((e) => (
        <Descriptions.Item key={e.title} label={e.title}>
          {row.extra[e.title]}
        </Descriptions.Item>
      ))}
      <Descriptions.Item label="检验分配">
        {row.orderId ? <Tag color="blue">已分配</Tag> : <Tag>待分配</Tag>}
      </Descriptions.Item>
      <Descriptions.Item label="更新时间">{row.updateTime}</Descriptions.Item>
    </Descriptions>
  );
}

/** A lift's technical parameters: its organisation's (editable by its own users), or every organisation's for the platform. */
export function ParamDrawer({
  lift,
  onClose,
}: {
  lift: { elevatorId: number; registerCode: string } | null;
  onClose: () => void;
}) {
  const rights = useParamRights();
  const invalidate = useInvalidateParams();
  const { data, isLoading, isError } = useLiftParams(lift?.elevatorId ?? null);
  const [editing, setEditing] = useState<{ row: TechParamRow | null } | null>(null);
  const own = data?.find((r) => r.orgId === rights.ownOrg) ?? null;
  return (
    <Drawer
      open={lift !== null}
      onClose={onClose}
      width={720}
      title={lift ? `技术参数 · ${lift.registerCode}` : '技术参数'}
      data-testid="param-drawer"
      extra={
        rights.edit && lift && !isLoading && !isError ? (
          <Button type="primary" onClick={() => setEditing({ row: own })}>
            {own ? '编辑' : '录入技术参数'}
          </Button>
        ) : null
      }
    >
      {isLoading ? (
        <Spin />
      ) : isError ? (
        <Alert type="error" showIcon message="技术参数加载失败" />
      ) : !data || data.length === 0 ? (
        <Empty description="尚未录入技术参数" />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} size="large">
          {data.map((row) => (
            <div key={row.id}>
              {rights.ownOrg === null && <h4 style={{ margin: '0 0 8px' }}>{row.orgName}</h4>}
              <ParamDescriptions row={row} />
            </div>
          ))}
        </Space>
      )}
      {editing && lift && (
        <ParamForm
          elevatorId={lift.elevatorId}
          registerCode={lift.registerCode}
          row={editing.row}
          onClose={() => setEditing(null)}
          onSaved={() => void invalidate()}
        />
      )}
    </Drawer>
  );
}

import { RESCUE_PERMISSIONS, type RepairRow, repairCalls } from '@ec/contract';
import { App, Button, Descriptions, Drawer, Input, Modal, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { ApiError, call } from '../../lib/api.ts';
import { dash } from '../../lib/format.ts';
import { Permission } from '../../lib/permission.tsx';
import { useInvalidateRepairs, useRepair } from './queries.ts';

const STATE_COLOR: Record<number, string> = { 1: 'orange', 2: 'blue', 3: 'green' };

export const RepairState = ({ r }: { r: Pick<RepairRow, 'status' | 'statusLabel'> }) => (
  <Tag color={STATE_COLOR[r.status]}>{r.statusLabel}</Tag>
);

/** The repair's facts, and 受理 / 完成 for its maintenance company and the call centre. */
export function RepairDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useRepair(id);
  const r = detail.data;
  const { message } = App.useApp();
  const invalidate = useInvalidateRepairs();
  const [finishing, setFinishing] = useState(false);
  const [result, setResult] = useState('');
  const [busy, setBusy] = useState(false);

  const move = async (to: 'accept' | 'finish') => {
    if (!r) return;
    setBusy(true);
    try {
      if (to === 'accept') await call(repairCalls.accept, { id: r.id, version: r.version });
      else await call(repairCalls.finish, { id: r.id, version: r.version, result: result.trim() });
      message.success(to === 'accept' ? '已受理' : '已完成');
      setFinishing(false);
      setResult('');
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 409)) return;
    } finally {
      setBusy(false);
      await invalidate();
    }
  };

  return (
    <Drawer
      title={r ? `报修单 ${r.repairNo}` : '报修详情'}
      open={id !== null}
      onClose={onClose}
      width={640}
      destroyOnHidden
      extra={
        r && r.status < 3 ? (
          <Permission value={RESCUE_PERMISSIONS.repairEdit}>
            <Space>
              {r.status === 1 && (
                <Button data-testid="repair-accept" loading={busy} onClick={() => move('accept')}>
                  受理
                </Button>
              )}
              <Button type="primary" data-testid="repair-finish" onClick={() => setFinishing(true)}>
                完成
              </Button>
            </Space>
          </Permission>
        ) : null
      }
    >
      {detail.isLoading && <Spin />}
      {r && (
        <Descriptions column={1} bordered size="small" data-testid="repair-detail">
          <Descriptions.Item label="状态">
            <RepairState r={r} />
          </Descriptions.Item>
          <Descriptions.Item label="注册代码">{dash(r.registerCode)}</Descriptions.Item>
          <Descriptions.Item label="电梯">{dash(r.elevatorName)}</Descriptions.Item>
          <Descriptions.Item label="地址">{dash(r.address)}</Descriptions.Item>
          <Descriptions.Item label="故障类型">{r.hitchTypeLabel}</Descriptions.Item>
          <Descriptions.Item label="故障描述">{dash(r.description)}</Descriptions.Item>
          <Descriptions.Item label="报修人">{dash(r.reporterName)}</Descriptions.Item>
          <Descriptions.Item label="联系电话">{dash(r.reporterPhone)}</Descriptions.Item>
          <Descriptions.Item label="来源">{r.sourceLabel}</Descriptions.Item>
          <Descriptions.Item label="维保单位">{dash(r.maintenanceCompanyName)}</Descriptions.Item>
          <Descriptions.Item label="使用单位">{dash(r.useCompanyName)}</Descriptions.Item>
          <Descriptions.Item label="报修时间">{r.createTime}</Descriptions.Item>
          <Descriptions.Item label="登记人">{dash(r.createdByName)}</Descriptions.Item>
          <Descriptions.Item label="完成时间">{dash(r.finishTime)}</Descriptions.Item>
          <Descriptions.Item label="处理结果">{dash(r.result)}</Descriptions.Item>
        </Descriptions>
      )}
      <Modal
        title="完成报修"
        open={finishing}
        onCancel={() => setFinishing(false)}
        onOk={() => (result.trim() ? move('finish') : message.warning('请填写处理结果'))}
        okText="完成"
        confirmLoading={busy}
        destroyOnHidden
      >
        <Input.TextArea
          data-testid="repair-result"
          rows={4}
          maxLength={500}
          showCount
          value={result}
          onChange={(e) => setResult(e.target.value)}
          placeholder="处理结果，如：更换门机皮带，试运行正常"
        />
      </Modal>
    </Drawer>
  );
}

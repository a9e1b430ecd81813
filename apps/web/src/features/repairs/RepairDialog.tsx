import { type RepairRow, repairCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { validated } from '../../components/form.ts';
import { call } from '../../lib/api.ts';
import { repairKeys, useInvalidateRepairs, useRepairHitchTypes } from './queries.ts';

interface RepairValues {
  elevatorId: number;
  hitchType: string;
  description?: string;
  reporterName?: string;
  reporterPhone?: string;
}

/** The lift picker: lifts the user may report for, searched by code, address or name as one types. */
function LiftPicker({ value, onChange }: { value?: number; onChange?: (v: number) => void }) {
  const [keyword, setKeyword] = useState('');
  const lifts = useQuery({
    queryKey: repairKeys.lifts(keyword),
    queryFn: ({ signal }) =>
      call(repairCalls.lifts, { keyword: keyword || undefined }, { signal, silent: true }),
    staleTime: 30_000,
  });
  return (
    <Select
      data-testid="repair-lift"
      showSearch
      value={value}
      onChange={onChange}
      filterOption={false}
      onSearch={setKeyword}
      loading={lifts.isFetching}
      placeholder="输入注册代码、救援识别码、地址或名称搜索"
      notFoundContent={lifts.isFetching ? '搜索中…' : '没有可报修的电梯'}
      options={(lifts.data ?? []).map((l) => ({
        value: l.id,
        label: `${l.registerCode}｜${l.name ?? ''} ${l.address}`,
      }))}
    />
  );
}

/** 故障报修: a lift of the user's, its fault type, what is wrong and who reported it. */
export function RepairDialog({ onClose }: { onClose: (saved?: RepairRow) => void }) {
  const [form] = Form.useForm<RepairValues>();
  const { message } = App.useApp();
  const invalidate = useInvalidateRepairs();
  const hitchTypes = useRepairHitchTypes();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    setSaving(true);
    try {
      const saved = await call(repairCalls.save, {
        elevatorId: v.elevatorId,
        hitchType: v.hitchType,
        description: v.description?.trim() || null,
        reporterName: v.reporterName?.trim() || null,
        reporterPhone: v.reporterPhone?.trim() || null,
      });
      message.success(`已报修，报修单号 ${saved.repairNo}`);
      await invalidate();
      onClose(saved);
    } catch {
      // The request layer showed the reason.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="故障报修"
      open
      onOk={submit}
      onCancel={() => onClose()}
      okText="提交报修"
      confirmLoading={saving}
      maskClosable={false}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="repair-form">
        <Form.Item name="elevatorId" label="电梯" rules={[{ required: true, message: '请选择报修的电梯' }]}>
          <LiftPicker />
        </Form.Item>
        <Form.Item name="hitchType" label="故障类型" rules={[{ required: true, message: '请选择故障类型' }]}>
          <Select
            data-testid="repair-hitch-type"
            placeholder="请选择故障类型"
            loading={hitchTypes.isLoading}
            options={hitchTypes.data ?? []}
          />
        </Form.Item>
        <Form.Item name="description" label="故障描述" rules={[{ max: 500, message: '不超过 500 个字' }]}>
          <Input.TextArea
            rows={3}
            maxLength={500}
            showCount
            placeholder="如：3 楼厅门关不上，电梯停在 5 楼"
          />
        </Form.Item>
        <Form.Item name="reporterName" label="报修人" rules={[{ max: 30, message: '不超过 30 个字' }]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="reporterPhone"
          label="联系电话"
          rules={[{ pattern: /^[\d\-+ ]*$/, message: '联系电话只能包含数字' }]}
        >
          <Input maxLength={20} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import {
  INSPECTION_METHODS,
  type InspectionItemRow,
  ITEM_CATEGORIES,
  inspectionItemCalls,
  LIFT_VARIETIES,
  type LiftVariety,
} from '@ec/contract';
import { App, AutoComplete, Checkbox, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useState } from 'react';
import { validated } from '../../components/form.ts';
import { call } from '../../lib/api.ts';

export const varietyOptions = LIFT_VARIETIES.map((v) => ({ value: v.code, label: `${v.name}（${v.code}）` }));

interface ItemValues {
  code: string;
  category: string;
  name: string;
  content?: string;
  method: (typeof INSPECTION_METHODS)[number];
  keyItem: boolean;
  sort: number;
  varieties?: string[];
}

/** 新增 / 编辑检验项目. A new item applies to the varieties ticked (the one chosen in the tree first). */
export function ItemDialog({
  item,
  variety,
  onClose,
  onSaved,
}: {
  item: InspectionItemRow | null;
  variety: string | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<ItemValues>();
  const [busy, setBusy] = useState(false);
  const { message } = App.useApp();
  const initial: Partial<ItemValues> = item
    ? { ...item, content: item.content ?? undefined, method: item.method as ItemValues['method'] }
    : { keyItem: false, sort: 0, method: '目测', varieties: variety ? [variety] : [] };
  return (
    <Modal
      open
      title={item ? `编辑检验项目 ${item.code}` : '新增检验项目'}
      okText="保存"
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      data-testid="item-form"
      onOk={async () => {
        const v = await validated(form);
        if (!v) return;
        setBusy(true);
        try {
          if (item) await call(inspectionItemCalls.update, { ...v, id: item.id, version: item.version });
          else await call(inspectionItemCalls.add, { ...v, varieties: (v.varieties ?? []) as LiftVariety[] });
          message.success('保存成功');
          onSaved();
          onClose();
        } catch {
          // shown by the request layer
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form form={form} layout="vertical" initialValues={initial}>
        <Form.Item
          name="code"
          label="项目编号"
          rules={[{ required: true, whitespace: true, message: '请输入项目编号' }]}
          extra="如 2.3；同一机构内不能重复"
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item
          name="category"
          label="项目类别"
          rules={[{ required: true, whitespace: true, message: '请选择或输入项目类别' }]}
        >
          <AutoComplete options={ITEM_CATEGORIES.map((c) => ({ value: c }))} maxLength={30} filterOption />
        </Form.Item>
        <Form.Item
          name="name"
          label="检验项目"
          rules={[{ required: true, whitespace: true, message: '请输入检验项目' }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="content" label="检验内容与要求">
          <Input.TextArea rows={3} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item name="method" label="检验方法" rules={[{ required: true, message: '请选择检验方法' }]}>
          <Select options={INSPECTION_METHODS.map((m) => ({ value: m, label: m }))} />
        </Form.Item>
        <Form.Item name="keyItem" label="关键项目（★）" valuePropName="checked">
          <Switch checkedChildren="★" />
        </Form.Item>
        <Form.Item name="sort" label="排序">
          <InputNumber min={0} max={99999} precision={0} />
        </Form.Item>
        {!item && (
          <Form.Item name="varieties" label="适用设备品种">
            <Checkbox.Group options={varietyOptions} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** 设置适用品种: exactly the varieties ticked. */
export function VarietyDialog({
  items,
  onClose,
  onSaved,
}: {
  items: InspectionItemRow[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [value, setValue] = useState<string[]>(items.length === 1 ? items[0].varieties : []);
  const [busy, setBusy] = useState(false);
  const { message } = App.useApp();
  return (
    <Modal
      open
      title={
        items.length === 1
          ? `设置适用品种：${items[0].code} ${items[0].name}`
          : `设置 ${items.length} 个项目的适用品种`
      }
      okText="保存"
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
      data-testid="variety-form"
      onOk={async () => {
        setBusy(true);
        try {
          await call(inspectionItemCalls.settingElevatorType, {
            ids: items.map((i) => i.id),
            varieties: value as LiftVariety[],
          });
          message.success('已设置适用品种');
          onSaved();
          onClose();
        } catch {
          // shown by the request layer
        } finally {
          setBusy(false);
        }
      }}
    >
      <Checkbox.Group
        style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 }}
        options={varietyOptions}
        value={value}
        onChange={(v) => setValue(v as string[])}
      />
    </Modal>
  );
}

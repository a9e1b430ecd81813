import type { ProColumns } from '@ant-design/pro-components';
import { buildingCompanyCalls, type CommunityRow, communityCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Col, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import { useState } from 'react';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { validated } from '../../../components/form.ts';
import { RowAction } from '../../../components/RowAction.tsx';
import { isReviewer, usePermission } from '../../../lib/access.ts';
import { call } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { ConfirmButton, RowActions } from '../Actions.tsx';
import { areaSearch } from '../columns.tsx';
import { AreaField, areaOf, areaPath, TextField } from '../fields.tsx';
import { partyKeys, useInvalidateParties } from '../queries.ts';

interface CommunityValues {
  name: string;
  area: string[];
  address: string;
  useCompanyId?: number | null;
  buildingCount?: number | null;
  longitude?: number | null;
  latitude?: number | null;
  remark?: string;
}

function CommunityModal({
  editing,
  open,
  onClose,
}: {
  editing: CommunityRow | null;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<CommunityValues>();
  const { message } = App.useApp();
  const { user } = useSession();
  const invalidate = useInvalidateParties();
  const [saving, setSaving] = useState(false);
  const reviewer = isReviewer(user?.dataScope);
  const uses = useQuery({
    queryKey: partyKeys.of('use-options', {}),
    queryFn: () => call(buildingCompanyCalls.selectAll, {}),
    enabled: open && reviewer,
  });
  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    setSaving(true);
    try {
      await call(communityCalls.save, {
        ...(editing ? { id: editing.id, version: editing.version } : {}),
        name: v.name.trim(),
        areaCode: areaOf(v.area) ?? '',
        address: v.address.trim(),
        useCompanyId: v.useCompanyId ?? null,
        buildingCount: v.buildingCount ?? null,
        longitude: v.longitude ?? null,
        latitude: v.latitude ?? null,
        // Sent empty when cleared: an update keeps a field it does not send.
        remark: v.remark?.trim() ?? '',
      });
      message.success('已保存');
      await invalidate();
      onClose();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title={editing ? `编辑小区：${editing.name}` : '新增小区'}
      open={open}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      width={720}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={
          editing
            ? { ...editing, area: areaPath(editing.areaCode), remark: editing.remark ?? undefined }
            : undefined
        }
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <TextField name="name" label="小区名称" max={100} />
          </Col>
          <Col xs={24} md={12}>
            <AreaField />
          </Col>
          <Col xs={24}>
            <TextField name="address" label="详细地址" max={200} />
          </Col>
          {reviewer && (
            <Col xs={24} md={12}>
              <Form.Item name="useCompanyId" label="物业（使用单位）">
                <Select
                  allowClear
                  showSearch
                  optionFilterProp="label"
                  options={(uses.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={12}>
            <Form.Item name="buildingCount" label="楼栋数">
              <InputNumber min={0} max={1000} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="longitude" label="经度">
              <InputNumber min={-180} max={180} step={0.000001} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="latitude" label="纬度">
              <InputNumber min={-90} max={90} step={0.000001} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="remark" label="备注">
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

/** 小区管理: communities of the area with their property company and elevator count. */
export default function CommunityPage() {
  const { message } = App.useApp();
  const invalidate = useInvalidateParties();
  const canEdit = usePermission('community:edit');
  const [editing, setEditing] = useState<{ row: CommunityRow | null } | null>(null);
  const remove = async (id: number) => {
    await call(communityCalls.delete, { ids: [id] });
    message.success('已删除');
    await invalidate();
  };
  const columns: ProColumns<CommunityRow>[] = [
    { title: '小区名称', dataIndex: 'name' },
    areaSearch<CommunityRow>(),
    { title: '所在区域', dataIndex: 'areaName', search: false, render: (_, r) => dash(r.areaName) },
    { title: '地址', dataIndex: 'address', search: false, ellipsis: true },
    {
      title: '物业（使用单位）',
      dataIndex: 'useCompanyName',
      search: false,
      render: (_, r) => dash(r.useCompanyName),
    },
    { title: '楼栋', dataIndex: 'buildingCount', search: false, render: (_, r) => dash(r.buildingCount) },
    { title: '电梯', dataIndex: 'elevatorCount', search: false },
    { title: '登记时间', dataIndex: 'createTime', search: false },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      render: (_, r) =>
        canEdit ? (
          <RowActions>
            <RowAction onClick={() => setEditing({ row: r })}>编辑</RowAction>
            <ConfirmButton title={`确定删除小区「${r.name}」吗？`} onConfirm={() => remove(r.id)}>
              删除
            </ConfirmButton>
          </RowActions>
        ) : null,
    },
  ];
  return (
    <>
      <ContractTable
        queryKey={partyKeys.all}
        testId="community-list"
        call={communityCalls.query}
        rowKey="id"
        columns={columns}
        add={canEdit && { label: '新增小区', onClick: () => setEditing({ row: null }) }}
      />
      <CommunityModal open={!!editing} editing={editing?.row ?? null} onClose={() => setEditing(null)} />
    </>
  );
}

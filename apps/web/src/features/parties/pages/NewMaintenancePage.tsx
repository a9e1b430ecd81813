import { contractCalls } from '@ec/contract';
import { App, Button, Card, Form, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { validated } from '../../../components/form.ts';
import { call } from '../../../lib/api.ts';
import { usePageParam } from '../../../lib/page-param.ts';
import { PARTY_PAGES } from '../../../lib/routes.ts';
import { ContractForm, type ContractFormValues, contractInput } from '../ContractForm.tsx';
import { useCanOpenPage, usePagePath } from '../paths.ts';
import { useInvalidateParties } from '../queries.ts';

/** 新增维保: a maintenance contract for a use unit (`?useCompanyId=` preselects it), submitted for audit. */
export default function NewMaintenancePage() {
  const useCompanyId = usePageParam('useCompanyId');
  const navigate = useNavigate();
  const path = usePagePath();
  const canOpen = useCanOpenPage();
  const { message } = App.useApp();
  const invalidate = useInvalidateParties();
  const [form] = Form.useForm<ContractFormValues>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    setSaving(true);
    try {
      await call(contractCalls.save, contractInput(v));
      message.success('合同已提交，等待审核');
      await invalidate();
      form.resetFields();
      if (canOpen(PARTY_PAGES.contract)) navigate(path(PARTY_PAGES.contract));
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card title="新增维保合同">
      <ContractForm
        key={useCompanyId ?? 'any'}
        form={form}
        initialValues={useCompanyId ? { useCompanyId } : undefined}
      />
      <Space>
        <Button type="primary" loading={saving} onClick={submit}>
          提交审核
        </Button>
        <Button onClick={() => navigate(-1)}>返回</Button>
      </Space>
    </Card>
  );
}

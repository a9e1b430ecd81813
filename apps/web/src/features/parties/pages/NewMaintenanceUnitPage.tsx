import { buildingCompanyCalls, maintenanceUnitCalls } from '@ec/contract';
import { App, Button, Card, Form, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { validated } from '../../../components/form.ts';
import { call } from '../../../lib/api.ts';
import { usePageParam } from '../../../lib/page-param.ts';
import { PARTY_PAGES } from '../../../lib/routes.ts';
import { CompanyForm, type CompanyFormValues, companyInput, companyValues } from '../CompanyForm.tsx';
import { usePagePath } from '../paths.ts';
import { useInvalidateParties, usePartyQuery } from '../queries.ts';

/**
 * 新增维保单位 / 新增使用单位: a regulator adds a company of its area (filed at once), or edits one
 * (`?id=`) without a new audit.
 */
export function CompanyEditor({ kind }: { kind: 'maintenance' | 'use' }) {
  const id = usePageParam();
  const navigate = useNavigate();
  const path = usePagePath();
  const { message } = App.useApp();
  const invalidate = useInvalidateParties();
  const [form] = Form.useForm<CompanyFormValues>();
  const [saving, setSaving] = useState(false);
  const maintenance = usePartyQuery(
    maintenanceUnitCalls.queryDetail,
    id && kind === 'maintenance' ? { id, type: 'info' } : null,
  );
  const building = usePartyQuery(buildingCompanyCalls.companyDetail, id && kind === 'use' ? { id } : null);
  const detail = kind === 'maintenance' ? maintenance.data?.info : building.data;
  if (id && !detail) return <Skeleton active />;
  const detailPage = kind === 'maintenance' ? PARTY_PAGES.maintenanceDetail : PARTY_PAGES.unitDetail;

  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    const input = companyInput(kind, v);
    setSaving(true);
    try {
      let savedId: number;
      if (kind === 'maintenance') {
        savedId = detail
          ? (
              await call(maintenanceUnitCalls.update, {
                ...input,
                id: detail.id,
                version: detail.version,
              } as never)
            ).id
          : (await call(maintenanceUnitCalls.save, input as never)).id;
      } else {
        savedId = detail
          ? (
              await call(buildingCompanyCalls.update, {
                ...input,
                id: detail.id,
                version: detail.version,
              } as never)
            ).id
          : (await call(buildingCompanyCalls.save, input as never)).id;
      }
      message.success('已保存');
      await invalidate();
      if (!detail) form.resetFields();
      navigate(path(detailPage, { id: savedId }));
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card title={detail ? `编辑：${detail.name}` : kind === 'maintenance' ? '新增维保单位' : '新增使用单位'}>
      <CompanyForm
        key={detail?.id ?? 'new'}
        form={form}
        kind={kind}
        initialValues={detail ? companyValues(detail) : undefined}
      />
      <Space>
        <Button type="primary" loading={saving} onClick={submit}>
          保存
        </Button>
        <Button onClick={() => navigate(-1)}>返回</Button>
      </Space>
    </Card>
  );
}

export default function NewMaintenanceUnitPage() {
  return <CompanyEditor kind="maintenance" />;
}

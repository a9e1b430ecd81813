import {
  type BuildingCompanyDetail,
  buildingCompanyCalls,
  FILING_STATE,
  type MaintenanceUnitDetail,
  maintenanceUnitCalls,
} from '@ec/contract';
import { App, Form, Modal } from 'antd';
import { useState } from 'react';
import { validated } from '../../components/form.ts';
import { call } from '../../lib/api.ts';
import { CompanyForm, type CompanyFormValues, companyInput, companyValues } from './CompanyForm.tsx';
import { useInvalidateParties } from './queries.ts';

/** A filed company changes its own contact details (name, code and licence stay with the regulator). */
export function OwnCompanyEdit({
  kind,
  company,
  open,
  onClose,
}: {
  kind: 'maintenance' | 'use';
  company: MaintenanceUnitDetail | BuildingCompanyDetail;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<CompanyFormValues>();
  const { message } = App.useApp();
  const invalidate = useInvalidateParties();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    setSaving(true);
    try {
      const input = { ...companyInput(kind, v), id: company.id, version: company.version };
      if (kind === 'maintenance') await call(maintenanceUnitCalls.update, input as never);
      else await call(buildingCompanyCalls.update, input as never);
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
      title="修改单位信息"
      open={open}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      width={820}
      destroyOnHidden
    >
      <CompanyForm
        form={form}
        kind={kind}
        initialValues={companyValues(company)}
        locked={company.filingState === FILING_STATE.passed}
      />
    </Modal>
  );
}

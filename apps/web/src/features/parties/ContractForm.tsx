import { buildingCompanyCalls, type ContractDetail, elevatorCalls, maintenanceUnitCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Col, DatePicker, Form, type FormInstance, Input, InputNumber, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { StoredFileRef } from '../../components/index.ts';
import { call } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { fileIdOf, toFileList } from './Files.tsx';
import { DateField, FileField, fromDay, SelectField, TextField, toDay } from './fields.tsx';
import { planTypeOptions } from './format.tsx';
import { partyKeys } from './queries.ts';

export interface ContractFormValues {
  contractNo: string;
  maintenanceCompanyId: number;
  useCompanyId: number;
  period: [Dayjs, Dayjs];
  planType: string;
  amount?: number | null;
  signDate?: Dayjs;
  elevatorIds: number[];
  contractFile?: StoredFileRef[];
  remark?: string;
}

export const contractValues = (c: ContractDetail): Partial<ContractFormValues> => ({
  contractNo: c.contractNo,
  maintenanceCompanyId: c.maintenanceCompanyId,
  useCompanyId: c.useCompanyId,
  period: [dayjs(c.startDate), dayjs(c.endDate)],
  planType: c.planType,
  amount: c.amount,
  signDate: toDay(c.signDate),
  elevatorIds: c.elevators.map((e) => e.id),
  contractFile: toFileList(c.contractFile),
  remark: c.remark ?? undefined,
});

export const contractInput = (v: ContractFormValues) => ({
  contractNo: v.contractNo.trim(),
  maintenanceCompanyId: v.maintenanceCompanyId,
  useCompanyId: v.useCompanyId,
  startDate: v.period[0].format('YYYY-MM-DD'),
  endDate: v.period[1].format('YYYY-MM-DD'),
  planType: v.planType as 'HALF_MONTH',
  amount: v.amount ?? null,
  signDate: fromDay(v.signDate) ?? null,
  elevatorIds: v.elevatorIds,
  contractFileId: fileIdOf(v.contractFile),
  // Sent empty when cleared: an update keeps a field it does not send.
  remark: v.remark?.trim() ?? '',
});

/**
 * A maintenance contract: the two parties (a company user's own side is fixed), the period, the plan
 * type and the elevators of the use unit it covers.
 */
export function ContractForm({
  form,
  initialValues,
}: {
  form: FormInstance<ContractFormValues>;
  initialValues?: Partial<ContractFormValues>;
}) {
  const { user } = useSession();
  const ownMaintenance = user?.userType === 'maintenance' ? user.companyId : null;
  const ownUse = user?.userType === 'use_unit' ? user.companyId : null;
  const useCompanyId = Form.useWatch('useCompanyId', form) as number | undefined;
  const maintenance = useQuery({
    queryKey: partyKeys.of('maintenance-options', {}),
    queryFn: () => call(maintenanceUnitCalls.selectAllSimpleMaintenanceList),
  });
  const uses = useQuery({
    queryKey: partyKeys.of('use-options', {}),
    queryFn: () => call(buildingCompanyCalls.selectAll, {}),
  });
  const lifts = useQuery({
    queryKey: partyKeys.of('contract-elevators', { useCompanyId }),
    queryFn: () => call(elevatorCalls.queryList, { page: 1, limit: 500, useCompanyId }),
    enabled: !!useCompanyId,
  });
  const col = { xs: 24, md: 12 };
  return (
    <Form
      form={form}
      layout="vertical"
      data-testid="contract-form"
      initialValues={{
        planType: 'HALF_MONTH',
        ...(ownMaintenance ? { maintenanceCompanyId: ownMaintenance } : {}),
        ...(ownUse ? { useCompanyId: ownUse } : {}),
        ...initialValues,
      }}
    >
      <Row gutter={16}>
        <Col {...col}>
          <TextField name="contractNo" label="合同编号" max={50} />
        </Col>
        <Col {...col}>
          <SelectField name="planType" label="维保计划类型" options={planTypeOptions} />
        </Col>
        <Col {...col}>
          <Form.Item
            name="maintenanceCompanyId"
            label="维保单位"
            rules={[{ required: true, message: '请选择维保单位' }]}
          >
            <Select
              disabled={!!ownMaintenance}
              showSearch
              optionFilterProp="label"
              loading={maintenance.isLoading}
              options={(maintenance.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item
            name="useCompanyId"
            label="使用单位"
            rules={[{ required: true, message: '请选择使用单位' }]}
          >
            <Select
              disabled={!!ownUse}
              showSearch
              optionFilterProp="label"
              loading={uses.isLoading}
              options={(uses.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              onChange={() => form.setFieldValue('elevatorIds', [])}
            />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="period" label="合同期限" rules={[{ required: true, message: '请选择合同期限' }]}>
            <DatePicker.RangePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col {...col}>
          <DateField name="signDate" label="签订日期" required={false} />
        </Col>
        <Col {...col}>
          <Form.Item name="amount" label="合同金额（元）">
            <InputNumber min={0} max={100_000_000} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="elevatorIds"
            label="合同电梯"
            rules={[{ required: true, message: '请选择合同覆盖的电梯' }]}
          >
            <Select
              mode="multiple"
              showSearch
              optionFilterProp="label"
              placeholder={useCompanyId ? '选择该使用单位的电梯' : '请先选择使用单位'}
              loading={lifts.isFetching}
              options={(lifts.data?.records ?? []).map((e) => ({
                value: e.id,
                label: `${e.registerCode} ${e.name ?? ''} ${e.address}`,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="remark" label="备注">
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Col>
        <Col {...col}>
          <FileField name="contractFile" label="合同扫描件" />
        </Col>
      </Row>
    </Form>
  );
}

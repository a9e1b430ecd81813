import {
  ModalForm,
  ProFormCascader,
  ProFormDatePicker,
  ProFormDigit,
  ProFormGroup,
  ProFormSelect,
  ProFormText,
} from '@ant-design/pro-components';
import {
  CITY_CODE,
  ELEVATOR_CODE_RE,
  ELEVATOR_TYPES,
  type ElevatorDetail,
  type ElevatorFields,
  elevatorCalls,
  RESCUE_CODE_RE,
  USE_STATUS,
} from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, type FormInstance } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { areaTreeQuery } from '../../components/index.ts';
import { ApiError, call } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { areaCodeOf, fieldErrors } from './model.ts';
import { useCompanyOptions, useInvalidateElevators } from './queries.ts';

type FormValues = Omit<ElevatorFields, 'areaCode' | 'type' | 'useStatus'> & {
  area?: string[];
  type?: string;
  useStatus?: string;
};

const FIELD_NAMES = [
  'registerCode',
  'deviceCode',
  'useCertNo',
  'rescueCode',
  'name',
  'internalNo',
  'factoryNo',
  'type',
  'variety',
  'useOccasion',
  'address',
  'community',
  'longitude',
  'latitude',
  'useCompanyId',
  'manufacturer',
  'installer',
  'brand',
  'model',
  'ratedLoad',
  'ratedSpeed',
  'floors',
  'manufactureDate',
  'installDate',
  'registerDate',
  'lastInspectDate',
  'nextInspectDate',
  'useStatus',
];

/** Numeric fields: cleared as null; the others (text, dates) as ''. */
const NUMERIC = new Set(['longitude', 'latitude', 'useCompanyId', 'ratedLoad', 'ratedSpeed', 'floors']);
/** An edit sends every field of the form, a cleared one as empty: an update keeps a field it does not send. */
const clearedOf = (v: Record<string, unknown>) =>
  Object.fromEntries(
    FIELD_NAMES.filter((n) => v[n] === undefined || v[n] === null).map((n) => [
      n,
      NUMERIC.has(n) ? null : '',
    ]),
  );

const codeRule = (label: string, required: boolean) => [
  ...(required ? [{ required: true, message: `请输入${label}` }] : []),
  { pattern: ELEVATOR_CODE_RE, message: `${label}应为 18–20 位字母或数字` },
];

function initialOf(detail: ElevatorDetail | null): Partial<FormValues> {
  if (!detail) return { useStatus: '1', type: '1' };
  const { areaCode, type, useStatus, ...rest } = detail;
  const values: Record<string, unknown> = {};
  for (const name of FIELD_NAMES) {
    const v = (rest as Record<string, unknown>)[name];
    if (v !== null && v !== undefined) values[name] = v;
  }
  return { ...values, area: [CITY_CODE, areaCode], type: String(type), useStatus: String(useStatus) };
}

/** Add or edit one elevator with the contract's field rules; an edit carries the version it read. */
export function ElevatorFormModal({
  open,
  detail,
  onClose,
}: {
  open: boolean;
  /** The elevator being edited, null to add one. */
  detail: ElevatorDetail | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const formRef = useRef<FormInstance>(undefined);
  const invalidate = useInvalidateElevators();
  const companies = useCompanyOptions('use', open);
  const [stale, setStale] = useState<string | null>(null);
  /** The version after "载入最新数据"; otherwise the one the dialog opened with. */
  const [freshVersion, setFreshVersion] = useState<number | null>(null);
  const editing = detail !== null;
  const areas = useQuery(areaTreeQuery);
  const { dicts } = useSession();
  const [varieties, occasions] = useMemo(
    () =>
      ['elevator_variety', 'use_occasion'].map(
        (code) =>
          dicts.find((d) => d.code === code)?.childs.map((c) => ({ label: c.value, value: c.key })) ?? [],
      ),
    [dicts],
  );

  const submit = async (v: FormValues) => {
    const { area, type, useStatus, ...rest } = v;
    const areaCode = areaCodeOf(area);
    const fields = {
      ...rest,
      ...clearedOf(rest),
      areaCode: areaCode ?? '',
      type: Number(type),
      useStatus: Number(useStatus ?? 1),
    } as ElevatorFields;
    setStale(null);
    try {
      if (detail) {
        await call(elevatorCalls.update, {
          ...fields,
          id: detail.id,
          version: freshVersion ?? detail.version,
        });
        message.success('电梯信息已修改');
      } else {
        await call(elevatorCalls.save, fields);
        message.success('电梯已新增');
      }
      await invalidate();
      return true;
    } catch (e) {
      if (e instanceof ApiError) {
        if (e.status === 409 && editing && /修改/.test(e.message)) setStale(e.message);
        const errs = fieldErrors(e.errors, [...FIELD_NAMES, 'areaCode']).map((f) =>
          f.name === 'areaCode' ? { ...f, name: 'area' } : f,
        );
        if (errs.length) formRef.current?.setFields(errs);
      }
      return false;
    }
  };

  const reload = async () => {
    if (!detail) return;
    const fresh = await call(elevatorCalls.detailInfo, { elevatorId: detail.id });
    formRef.current?.setFieldsValue(initialOf(fresh));
    setFreshVersion(fresh.version);
    setStale(null);
    message.info('已载入最新数据，请核对后再保存');
  };

  return (
    <ModalForm<FormValues>
      title={editing ? `编辑电梯 ${detail.registerCode}` : '新增电梯'}
      open={open}
      formRef={formRef}
      width={960}
      grid
      rowProps={{ gutter: 16 }}
      colProps={{ xs: 24, md: 8 }}
      initialValues={initialOf(detail)}
      dateFormatter="string"
      modalProps={{
        destroyOnHidden: true,
        onCancel: onClose,
        afterClose: () => {
          setStale(null);
          setFreshVersion(null);
        },
        maskClosable: false,
      }}
      onOpenChange={(o) => !o && onClose()}
      onFinish={submit}
      submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
    >
      {stale && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16, width: '100%' }}
          message={stale}
          action={
            <Button size="small" onClick={reload}>
              载入最新数据
            </Button>
          }
        />
      )}
      <ProFormGroup title="标识" colProps={{ span: 24 }}>
        <ProFormText
          name="registerCode"
          label="注册代码"
          rules={codeRule('注册代码', true)}
          fieldProps={{ maxLength: 20 }}
        />
        <ProFormText
          name="deviceCode"
          label="设备代码"
          rules={codeRule('设备代码', false)}
          fieldProps={{ maxLength: 20 }}
        />
        <ProFormText name="useCertNo" label="使用登记证编号" fieldProps={{ maxLength: 40 }} />
        <ProFormText
          name="rescueCode"
          label="应急救援识别码"
          rules={[{ pattern: RESCUE_CODE_RE, message: '应急救援识别码应为 6 位数字' }]}
          fieldProps={{ maxLength: 6 }}
        />
        <ProFormText name="internalNo" label="单位内编号" fieldProps={{ maxLength: 50 }} />
        <ProFormText name="factoryNo" label="出厂编号" fieldProps={{ maxLength: 50 }} />
      </ProFormGroup>
      <ProFormGroup title="类型与位置" colProps={{ span: 24 }}>
        <ProFormText name="name" label="电梯名称" fieldProps={{ maxLength: 100 }} />
        <ProFormSelect
          name="type"
          label="电梯类型"
          rules={[{ required: true, message: '请选择电梯类型' }]}
          options={Object.entries(ELEVATOR_TYPES).map(([value, label]) => ({ value, label }))}
        />
        <ProFormSelect name="variety" label="设备品种" options={varieties} />
        <ProFormSelect name="useOccasion" label="使用场所" options={occasions} />
        <ProFormCascader
          name="area"
          label="所在区域"
          fieldProps={{ options: areas.data ?? [], changeOnSelect: true, showSearch: true }}
          rules={[
            { required: true, message: '请选择所在区域' },
            {
              validator: (_: unknown, value: string[] | undefined) =>
                areaCodeOf(value) ? Promise.resolve() : Promise.reject(new Error('请选择所在区县')),
            },
          ]}
        />
        <ProFormText name="community" label="小区名称" fieldProps={{ maxLength: 100 }} />
        <ProFormText
          name="address"
          label="详细地址"
          colProps={{ xs: 24, md: 16 }}
          rules={[{ required: true, whitespace: true, message: '请输入详细地址' }]}
          fieldProps={{ maxLength: 200 }}
        />
        <ProFormDigit name="longitude" label="经度" min={0} max={180} fieldProps={{ precision: 6 }} />
        <ProFormDigit name="latitude" label="纬度" min={0} max={90} fieldProps={{ precision: 6 }} />
        <ProFormSelect
          name="useCompanyId"
          label="使用单位"
          colProps={{ xs: 24, md: 16 }}
          options={companies.data ?? []}
          fieldProps={{ loading: companies.isLoading, showSearch: true, optionFilterProp: 'label' }}
        />
      </ProFormGroup>
      <ProFormGroup title="技术参数" colProps={{ span: 24 }}>
        <ProFormText name="manufacturer" label="制造单位" fieldProps={{ maxLength: 100 }} />
        <ProFormText name="installer" label="安装单位" fieldProps={{ maxLength: 100 }} />
        <ProFormText name="brand" label="品牌" fieldProps={{ maxLength: 50 }} />
        <ProFormText name="model" label="型号" fieldProps={{ maxLength: 50 }} />
        <ProFormDigit name="ratedLoad" label="额定载重量(kg)" min={0} max={100_000} />
        <ProFormDigit
          name="ratedSpeed"
          label="额定速度(m/s)"
          min={0}
          max={20}
          fieldProps={{ precision: 2 }}
        />
        <ProFormDigit name="floors" label="层数" min={0} max={300} fieldProps={{ precision: 0 }} />
        <ProFormSelect
          name="useStatus"
          label="使用状态"
          options={Object.entries(USE_STATUS).map(([value, label]) => ({ value, label }))}
        />
      </ProFormGroup>
      <ProFormGroup title="日期" colProps={{ span: 24 }}>
        <ProFormDatePicker name="manufactureDate" label="出厂日期" width="100%" />
        <ProFormDatePicker name="installDate" label="安装日期" width="100%" />
        <ProFormDatePicker name="registerDate" label="使用登记日期" width="100%" />
        <ProFormDatePicker name="lastInspectDate" label="上次检验日期" width="100%" />
        <ProFormDatePicker
          name="nextInspectDate"
          label="下次检验日期"
          width="100%"
          tooltip="不填时按上次检验日期加一年"
        />
      </ProFormGroup>
    </ModalForm>
  );
}

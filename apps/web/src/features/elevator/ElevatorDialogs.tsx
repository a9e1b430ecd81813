import { ModalForm, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { type ElevatorRow, elevatorCalls } from '@ec/contract';
import { App } from 'antd';
import { call } from '../../lib/api.ts';
import { useCompanyOptions, useInvalidateElevators } from './queries.ts';

/** 指定维保单位: binds the selected elevators to a maintenance company at once (a passed claim). */
export function DistributionModal({
  ids,
  onClose,
  onDone,
}: {
  /** The elevators to assign; null while closed. */
  ids: number[] | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { message } = App.useApp();
  const invalidate = useInvalidateElevators();
  const companies = useCompanyOptions('maintenance', ids !== null);
  return (
    <ModalForm<{ maintenanceCompanyId: number }>
      title={`指定维保单位（已选 ${ids?.length ?? 0} 台电梯）`}
      open={ids !== null}
      width={520}
      modalProps={{ destroyOnHidden: true, onCancel: onClose }}
      onOpenChange={(o) => !o && onClose()}
      onFinish={async ({ maintenanceCompanyId }) => {
        if (!ids) return false;
        try {
          const { updated } = await call(elevatorCalls.distributionElevator, { ids, maintenanceCompanyId });
          message.success(`已为 ${updated} 台电梯指定维保单位`);
          await invalidate();
          onDone();
          return true;
        } catch {
          return false;
        }
      }}
    >
      <ProFormSelect
        name="maintenanceCompanyId"
        label="维保单位"
        rules={[{ required: true, message: '请选择维保单位' }]}
        options={companies.data ?? []}
        fieldProps={{ loading: companies.isLoading, showSearch: true, optionFilterProp: 'label' }}
        extra="已绑定其他维保单位的电梯将改为绑定所选单位；有待审核认领的电梯须先审核。"
      />
    </ModalForm>
  );
}

/** 监察识别码: sets the supervision code of one elevator. */
export function SupervisionCodeModal({ row, onClose }: { row: ElevatorRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const invalidate = useInvalidateElevators();
  return (
    <ModalForm<{ supervisionCode: string }>
      title={`监察识别码 · ${row?.registerCode ?? ''}`}
      open={row !== null}
      width={480}
      initialValues={{ supervisionCode: row?.supervisionCode ?? '' }}
      modalProps={{ destroyOnHidden: true, onCancel: onClose }}
      onOpenChange={(o) => !o && onClose()}
      onFinish={async ({ supervisionCode }) => {
        if (!row) return false;
        try {
          await call(elevatorCalls.supervisionCode, { id: row.id, supervisionCode: supervisionCode.trim() });
          message.success('监察识别码已保存');
          await invalidate();
          return true;
        } catch {
          return false;
        }
      }}
    >
      <ProFormText
        name="supervisionCode"
        label="监察识别码"
        rules={[
          { required: true, whitespace: true, message: '请输入监察识别码' },
          { pattern: /^\s*[0-9A-Za-z]{4,20}\s*$/, message: '监察识别码应为 4–20 位字母或数字' },
        ]}
        fieldProps={{ maxLength: 20 }}
      />
    </ModalForm>
  );
}

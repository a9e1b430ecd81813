import { ModalForm, ProFormDatePicker, ProFormItem, ProFormSelect } from '@ant-design/pro-components';
import { elevatorCalls, USE_STATUS } from '@ec/contract';
import { Alert, App } from 'antd';
import { DictSelect, useDictLabel } from '../../components/index.ts';
import { call } from '../../lib/api.ts';
import { type BatchEditValues, batchEditChanges, describeBatchEdit } from './model.ts';
import { useCompanyOptions, useInvalidateElevators } from './queries.ts';

const USE_STATUS_OPTIONS = Object.entries(USE_STATUS).map(([value, label]) => ({
  value: Number(value),
  label,
}));

/**
 * 批量修改: the fields updateBatch takes (使用场所, 使用状态, 下次检验日期, 使用单位) for the
 * selected elevators. Empty fields stay as they are; the user confirms how many elevators change.
 */
export function BatchEditModal({
  ids,
  onClose,
  onDone,
}: {
  /** The selected elevators; null while closed. */
  ids: number[] | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { message, modal } = App.useApp();
  const invalidate = useInvalidateElevators();
  const companies = useCompanyOptions('use', ids !== null);
  const occasion = useDictLabel('use_occasion');
  const count = ids?.length ?? 0;

  const confirm = (lines: string[]) =>
    new Promise<boolean>((resolve) =>
      modal.confirm({
        title: `确定修改选中的 ${count} 台电梯吗？`,
        content: (
          <ul data-testid="batch-edit-summary" style={{ paddingInlineStart: 20, margin: 0 }}>
            {lines.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
        ),
        okText: `修改 ${count} 台`,
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      }),
    );

  return (
    <ModalForm<BatchEditValues>
      title={`批量修改（已选 ${count} 台电梯）`}
      open={ids !== null}
      width={560}
      dateFormatter="string"
      modalProps={{ destroyOnHidden: true, onCancel: onClose }}
      onOpenChange={(o) => !o && onClose()}
      onFinish={async (values) => {
        if (!ids) return false;
        const changes = batchEditChanges(values);
        if (!changes) {
          message.warning('请至少填写一项要修改的内容');
          return false;
        }
        const lines = describeBatchEdit(changes, {
          occasion,
          company: (id) => companies.data?.find((c) => c.value === id)?.label ?? String(id),
        });
        if (!(await confirm(lines))) return false;
        try {
          const { updated } = await call(elevatorCalls.updateBatch, { ids, ...changes });
          message.success(`已修改 ${updated} 台电梯`);
          await invalidate();
          onDone();
          return true;
        } catch {
          return false;
        }
      }}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="只修改填写了的项目，未填写的项目保持不变。"
      />
      <ProFormItem name="useOccasion" label="使用场所">
        <DictSelect code="use_occasion" placeholder="不修改" />
      </ProFormItem>
      <ProFormSelect
        name="useStatus"
        label="使用状态"
        placeholder="不修改"
        options={USE_STATUS_OPTIONS}
        fieldProps={{ allowClear: true }}
      />
      <ProFormDatePicker
        name="nextInspectDate"
        label="下次检验日期"
        placeholder="不修改"
        width="md"
        fieldProps={{ format: 'YYYY-MM-DD' }}
      />
      <ProFormSelect
        name="useCompanyId"
        label="使用单位"
        placeholder="不修改"
        options={companies.data ?? []}
        fieldProps={{
          loading: companies.isLoading,
          showSearch: true,
          optionFilterProp: 'label',
          allowClear: true,
        }}
      />
    </ModalForm>
  );
}

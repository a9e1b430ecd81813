import {
  ProFormDatePicker,
  ProFormDigit,
  ProFormRadio,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { emergencyCodeCalls as C, MAX_BATCH_QUANTITY, MAX_CLAIM_QUANTITY } from '@ec/contract';
import { App } from 'antd';
import { FormModal } from '../../components/FormModal.tsx';
import { call } from '../../lib/api.ts';
import { useInvalidateCodes } from './queries.ts';

/** 批量生成: a batch of new codes (temporary ones with their last day). */
export function GenerateDialog({ temporary, onClose }: { temporary: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const refresh = useInvalidateCodes();
  return (
    <FormModal<{ quantity: number; validUntil?: string; remark?: string }>
      title={temporary ? '生成临时应急码' : '批量生成应急码'}
      testId="generate-dialog"
      okText="生成"
      initialValues={{ quantity: 100 }}
      onClose={onClose}
      onSubmit={async (v) => {
        const batch = await call(C.generate, {
          quantity: v.quantity,
          temporary,
          validUntil: temporary ? v.validUntil : null,
          remark: v.remark || null,
        });
        message.success(`已生成批次 ${batch.batchNo}，共 ${batch.quantity} 个应急码`);
        await refresh();
        onClose();
      }}
    >
      <ProFormDigit
        name="quantity"
        label="生成数量"
        min={1}
        max={MAX_BATCH_QUANTITY}
        fieldProps={{ precision: 0 }}
        rules={[{ required: true, message: '请输入生成数量' }]}
        extra={`全市唯一的 6 位数字，一批最多 ${MAX_BATCH_QUANTITY} 个`}
      />
      {temporary && (
        <ProFormDatePicker
          name="validUntil"
          label="有效期至"
          rules={[{ required: true, message: '请选择有效期' }]}
        />
      )}
      <ProFormText name="remark" label="备注" fieldProps={{ maxLength: 200 }} />
    </FormModal>
  );
}

/** 认领: a number of free codes from the pool, or the codes typed (e.g. of plates already printed). */
export function ClaimDialog({ temporary, onClose }: { temporary: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const refresh = useInvalidateCodes();
  return (
    <FormModal<{ mode: 'quantity' | 'codes'; quantity?: number; codes?: string }>
      title={temporary ? '认领临时应急码' : '认领应急码'}
      testId="claim-dialog"
      okText="认领"
      initialValues={{ mode: 'quantity', quantity: 10 }}
      onClose={onClose}
      onSubmit={async (v) => {
        const codes = (v.codes ?? '').split(/[\s,，、]+/).filter(Boolean);
        const result = await call(
          C.claim,
          v.mode === 'codes' ? { codes } : { quantity: v.quantity, temporary },
        );
        message.success(`已认领 ${result.codes.length} 个应急码`);
        await refresh();
        onClose();
      }}
    >
      <ProFormRadio.Group
        name="mode"
        label="认领方式"
        options={[
          { label: '按数量', value: 'quantity' },
          { label: '指定应急码', value: 'codes' },
        ]}
      />
      <ProFormDigit
        name="quantity"
        label="认领数量"
        min={1}
        max={MAX_CLAIM_QUANTITY}
        fieldProps={{ precision: 0 }}
        extra="从码池中按顺序认领未被认领的应急码"
      />
      <ProFormTextArea
        name="codes"
        label="应急码"
        placeholder="多个应急码用空格、逗号或换行分隔"
        fieldProps={{ rows: 3 }}
      />
    </FormModal>
  );
}

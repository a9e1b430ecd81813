import {
  type DepartmentRow,
  departmentCalls,
  INSPECTOR_CATEGORIES,
  INSPECTOR_CATEGORY_LABEL,
  type InspectorRow,
  inspectorCalls,
} from '@ec/contract';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { FileUpload, type StoredFileRef } from '../../components/FileUpload.tsx';
import { requiredRule, SaveModal } from '../../components/SaveModal.tsx';
import { call } from '../../lib/api.ts';

const req = requiredRule;
const day = (v: string | null | undefined) => (v ? dayjs(v) : undefined);
const text = (v: Dayjs | undefined | null) => (v ? v.format('YYYY-MM-DD') : '');

/** 新增 / 编辑检验人员: adding submits it to the organisation's audit. */
export function InspectorForm({
  inspector,
  onClose,
  onSaved,
}: {
  inspector: InspectorRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  type V = {
    name: string;
    gender?: number;
    idNumber?: string;
    phone?: string;
    certNo: string;
    category: string;
    issuingAuthority?: string;
    issueDate?: Dayjs;
    validUntil: Dayjs;
    remark?: string;
    signatureFileId?: StoredFileRef[];
  };
  const i = inspector;
  return (
    <SaveModal<V>
      title={i ? '编辑检验人员' : '新增检验人员'}
      testId="inspector-form"
      onClose={onClose}
      initial={
        i
          ? {
              name: i.name,
              gender: i.gender ?? undefined,
              idNumber: i.idNumber ?? undefined,
              phone: i.phone ?? undefined,
              certNo: i.certNo,
              category: i.category,
              issuingAuthority: i.issuingAuthority ?? undefined,
              issueDate: day(i.issueDate),
              validUntil: day(i.validUntil),
              remark: i.remark ?? undefined,
              signatureFileId: i.signatureFileId ? [{ id: i.signatureFileId, fileName: '签名图片.png' }] : [],
            }
          : { issuingAuthority: '国家市场监督管理总局' }
      }
      submit={async (v) => {
        const values = {
          name: v.name,
          gender: v.gender ?? null,
          idNumber: v.idNumber ?? '',
          phone: v.phone ?? '',
          certNo: v.certNo,
          category: v.category as 'DTY' | 'DTS',
          issuingAuthority: v.issuingAuthority ?? '',
          issueDate: text(v.issueDate),
          validUntil: text(v.validUntil),
          userId: i?.userId ?? null,
          remark: v.remark ?? '',
          signatureFileId: v.signatureFileId?.[0]?.id ?? '',
        };
        if (i) await call(inspectorCalls.update, { ...values, id: i.id, version: i.version });
        else await call(inspectorCalls.add, values);
        onSaved();
      }}
    >
      <Form.Item name="name" label="姓名" rules={req('请输入姓名')}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="gender" label="性别">
        <Select
          allowClear
          options={[
            { value: 1, label: '男' },
            { value: 2, label: '女' },
          ]}
        />
      </Form.Item>
      <Form.Item name="idNumber" label="身份证号">
        <Input maxLength={18} />
      </Form.Item>
      <Form.Item name="phone" label="手机号码">
        <Input maxLength={11} />
      </Form.Item>
      <Form.Item name="certNo" label="证书编号" rules={req('请输入证书编号')}>
        <Input maxLength={50} placeholder="检验员证编号" />
      </Form.Item>
      <Form.Item name="category" label="资格项目" rules={[{ required: true, message: '请选择资格项目' }]}>
        <Select
          options={INSPECTOR_CATEGORIES.map((c) => ({ value: c, label: INSPECTOR_CATEGORY_LABEL[c] }))}
        />
      </Form.Item>
      <Form.Item name="issuingAuthority" label="发证机关">
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="issueDate" label="发证日期">
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="validUntil" label="有效期至" rules={[{ required: true, message: '请选择有效期' }]}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="signatureFileId"
        label="签名图片"
        extra="PNG 格式，打印在检验人员签字的检验报告上（建议透明背景）"
      >
        <FileUpload kind="image" maxCount={1} />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <Input.TextArea maxLength={200} rows={2} />
      </Form.Item>
    </SaveModal>
  );
}

/** 新增 / 编辑部门. */
export function DepartmentForm({
  department,
  onClose,
  onSaved,
}: {
  department: DepartmentRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  type V = { name: string; leader?: string; phone?: string; description?: string };
  const d = department;
  return (
    <SaveModal<V>
      title={d ? '编辑部门' : '新增部门'}
      testId="department-form"
      onClose={onClose}
      initial={
        d
          ? {
              name: d.name,
              leader: d.leader ?? undefined,
              phone: d.phone ?? undefined,
              description: d.description ?? undefined,
            }
          : {}
      }
      submit={async (v) => {
        const values = {
          name: v.name,
          leader: v.leader ?? '',
          phone: v.phone ?? '',
          description: v.description ?? '',
        };
        if (d) await call(departmentCalls.update, { ...values, id: d.id, version: d.version });
        else await call(departmentCalls.add, values);
        onSaved();
      }}
    >
      <Form.Item name="name" label="部门名称" rules={req('请输入部门名称')}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="leader" label="负责人">
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="phone" label="联系电话">
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="description" label="部门职责">
        <Input.TextArea maxLength={200} rows={2} />
      </Form.Item>
    </SaveModal>
  );
}

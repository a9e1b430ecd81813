import { ProForm, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { type CallOutput, userCalls } from '@ec/contract';
import { Col, Row } from 'antd';
import { FormModal } from '../../../components/FormModal.tsx';
import { call } from '../../../lib/api.ts';
import { userTypeOptions } from '../shared/labels.ts';
import { AreaTreeSelect, EnterpriseSelect, OfficeTreeSelect, RoleSelect } from '../shared/pickers.tsx';
import {
  optionalEmail,
  optionalIdNumber,
  optionalPhone,
  required,
  requiredChoice,
} from '../shared/validators.ts';

export type UserDetail = CallOutput<typeof userCalls.detail>;
export type SavedUser = CallOutput<typeof userCalls.save>;

export interface UserFormValues extends Record<string, unknown> {
  username: string;
  realName: string;
  phone?: string;
  email?: string;
  idNumber?: string;
  userType: UserDetail['userType'];
  companyId?: number | null;
  officeId?: number | null;
  areaCodes?: string[];
  roleIds: number[];
}

/** The save call's input from a user's detail, with some fields replaced. */
export function saveInput(detail: UserDetail, changes: Partial<UserFormValues> = {}) {
  return {
    id: detail.id,
    username: detail.username,
    realName: detail.realName,
    phone: detail.phone || null,
    email: detail.email || null,
    idNumber: detail.idNumber || null,
    userType: detail.userType,
    companyId: detail.companyId,
    officeId: detail.officeId,
    areaCodes: detail.areaCodes,
    roleIds: detail.roleIds,
    ...changes,
  };
}

/** Add or edit a user; editing starts from the detail call (phone and ID number masked: kept unless retyped). */
export function UserForm({
  detail,
  onClose,
  onSaved,
}: {
  detail: UserDetail | null;
  onClose: () => void;
  onSaved: (saved: SavedUser) => void;
}) {
  const initial: Partial<UserFormValues> = detail
    ? { ...detail, phone: detail.phone ?? '', email: detail.email ?? '', idNumber: detail.idNumber ?? '' }
    : { userType: 'platform', areaCodes: [], roleIds: [] };
  return (
    <FormModal<UserFormValues>
      title={detail ? `编辑用户 ${detail.username}` : '新增用户'}
      width={820}
      testId="user-form"
      initialValues={initial}
      onClose={onClose}
      onSubmit={async (v) => {
        const saved = await call(userCalls.save, {
          ...(detail ? { id: detail.id } : {}),
          username: v.username.trim(),
          realName: v.realName.trim(),
          phone: v.phone?.trim() || null,
          email: v.email?.trim() || null,
          idNumber: v.idNumber?.trim() || null,
          userType: v.userType,
          companyId: v.companyId ?? null,
          officeId: v.officeId ?? null,
          areaCodes: v.areaCodes ?? [],
          roleIds: v.roleIds,
        });
        onSaved(saved);
      }}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <ProFormText
            name="username"
            label="用户名"
            rules={[
              ...required('请输入用户名'),
              { pattern: /^[A-Za-z0-9_.@-]+$/, message: '用户名只能包含字母、数字、下划线、点、@ 和连字符' },
            ]}
            fieldProps={{ maxLength: 32, autoComplete: 'off' }}
          />
        </Col>
        <Col xs={24} md={12}>
          <ProFormText
            name="realName"
            label="姓名"
            rules={required('请输入姓名')}
            fieldProps={{ maxLength: 32 }}
          />
        </Col>
        <Col xs={24} md={12}>
          <ProFormText name="phone" label="手机号" rules={optionalPhone} fieldProps={{ maxLength: 11 }} />
        </Col>
        <Col xs={24} md={12}>
          <ProFormText name="email" label="邮箱" rules={optionalEmail} fieldProps={{ maxLength: 100 }} />
        </Col>
        <Col xs={24} md={12}>
          <ProFormText
            name="idNumber"
            label="身份证号"
            rules={optionalIdNumber}
            fieldProps={{ maxLength: 18 }}
          />
        </Col>
        <Col xs={24} md={12}>
          <ProFormSelect
            name="userType"
            label="用户类型"
            rules={requiredChoice('请选择用户类型')}
            options={userTypeOptions}
          />
        </Col>
        <Col xs={24} md={12}>
          <ProForm.Item name="companyId" label="所属企业">
            <EnterpriseSelect
              initial={
                detail?.companyId
                  ? { id: detail.companyId, name: detail.companyName ?? String(detail.companyId) }
                  : null
              }
            />
          </ProForm.Item>
        </Col>
        <Col xs={24} md={12}>
          <ProForm.Item name="officeId" label="所属机构">
            <OfficeTreeSelect />
          </ProForm.Item>
        </Col>
        <Col span={24}>
          <ProForm.Item
            name="roleIds"
            label="角色"
            rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个角色' }]}
            extra="数据范围由角色决定"
          >
            <RoleSelect />
          </ProForm.Item>
        </Col>
        <Col span={24}>
          <ProForm.Item name="areaCodes" label="管辖区域" tooltip="角色的数据范围为“所辖区域数据”时生效">
            <AreaTreeSelect />
          </ProForm.Item>
        </Col>
      </Row>
    </FormModal>
  );
}

/** 分配角色: roles and areas only; the rest of the user is sent back as the detail gave it. */
export function AssignRolesForm({
  detail,
  onClose,
  onSaved,
}: {
  detail: UserDetail;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <FormModal<Pick<UserFormValues, 'roleIds' | 'areaCodes'>>
      title={`分配角色 · ${detail.realName}（${detail.username}）`}
      width={600}
      testId="assign-roles-form"
      initialValues={{ roleIds: detail.roleIds, areaCodes: detail.areaCodes }}
      onClose={onClose}
      onSubmit={async (v) => {
        await call(userCalls.save, saveInput(detail, { roleIds: v.roleIds, areaCodes: v.areaCodes ?? [] }));
        onSaved();
      }}
    >
      <ProForm.Item
        name="roleIds"
        label="角色"
        rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个角色' }]}
        extra="数据范围由角色决定；修改在该用户的下一次请求时生效。"
      >
        <RoleSelect />
      </ProForm.Item>
      <ProForm.Item name="areaCodes" label="管辖区域">
        <AreaTreeSelect />
      </ProForm.Item>
    </FormModal>
  );
}

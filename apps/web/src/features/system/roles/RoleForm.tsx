import {
  ProForm,
  ProFormRadio,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { type CallOutput, roleCalls } from '@ec/contract';
import { Col, Row } from 'antd';
import { FormModal } from '../../../components/FormModal.tsx';
import { call } from '../../../lib/api.ts';
import { dataScopeOptions, statusOptions, userTypeOptions } from '../shared/labels.ts';
import { PERMISSION_RE, required, requiredChoice } from '../shared/validators.ts';
import { MenuTreePicker } from './MenuTreePicker.tsx';

export type RoleDetail = CallOutput<typeof roleCalls.detail>;

interface RoleFormValues extends Record<string, unknown> {
  name: string;
  roleKey: string;
  dataScope: RoleDetail['dataScope'];
  roleType?: string | null;
  status: number;
  description?: string | null;
  permissions: string[];
  menuIds: number[];
}

/** Add or edit a role: key, name, data scope, and the menus and buttons it grants. */
export function RoleForm({
  detail,
  onClose,
  onSaved,
}: {
  detail: RoleDetail | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const initial: Partial<RoleFormValues> = detail
    ? { ...detail }
    : { dataScope: 'self', status: 1, permissions: [], menuIds: [] };
  return (
    <FormModal<RoleFormValues>
      title={detail ? `编辑角色 ${detail.name}` : '新增角色'}
      width={1040}
      testId="role-form"
      initialValues={initial}
      onClose={onClose}
      onSubmit={async (v) => {
        await call(roleCalls.save, {
          ...(detail ? { id: detail.id } : {}),
          name: v.name.trim(),
          roleKey: v.roleKey.trim(),
          dataScope: v.dataScope,
          roleType: v.roleType || null,
          status: v.status,
          description: v.description?.trim() || null,
          permissions: v.permissions ?? [],
          menuIds: v.menuIds ?? [],
        });
        onSaved();
      }}
    >
      <Row gutter={24}>
        <Col xs={24} lg={10}>
          <ProFormText
            name="name"
            label="角色名称"
            rules={required('请输入角色名称')}
            fieldProps={{ maxLength: 50 }}
          />
          <ProFormText
            name="roleKey"
            label="角色标识"
            disabled={detail?.builtIn}
            tooltip={detail?.builtIn ? '内置角色的标识不能修改' : '字母开头，可含字母、数字、下划线和连字符'}
            rules={[
              ...required('请输入角色标识'),
              { pattern: /^[A-Za-z][\w-]*$/, message: '角色标识只能包含字母、数字、下划线和连字符' },
            ]}
            fieldProps={{ maxLength: 50 }}
          />
          <ProFormSelect
            name="dataScope"
            label="数据范围"
            rules={requiredChoice('请选择数据范围')}
            options={dataScopeOptions}
          />
          <ProFormSelect
            name="roleType"
            label="角色类型"
            options={userTypeOptions}
            fieldProps={{ allowClear: true }}
            placeholder="可不选"
          />
          <ProFormRadio.Group name="status" label="状态" options={statusOptions} />
          <ProFormTextArea
            name="description"
            label="描述"
            fieldProps={{ maxLength: 200, showCount: true, rows: 3 }}
          />
          <ProFormSelect
            name="permissions"
            label="附加权限"
            tooltip="菜单按钮以外另行授予的权限标识，如 system:user:list；*:*:* 表示全部权限"
            fieldProps={{ mode: 'tags', tokenSeparators: [',', ' '], open: false }}
            placeholder="输入后回车"
            rules={[
              {
                validator: (_: unknown, list: string[] | undefined) =>
                  (list ?? []).every((p) => PERMISSION_RE.test(p))
                    ? Promise.resolve()
                    : Promise.reject(new Error('权限标识格式应为 模块:资源:操作')),
              },
            ]}
          />
        </Col>
        <Col xs={24} lg={14}>
          <ProForm.Item
            name="menuIds"
            label="菜单权限"
            layout="vertical"
            labelCol={{ span: 24 }}
            tooltip="勾选页面即授予其下全部按钮及上级目录；可取消单个按钮"
          >
            <MenuTreePicker />
          </ProForm.Item>
        </Col>
      </Row>
    </FormModal>
  );
}

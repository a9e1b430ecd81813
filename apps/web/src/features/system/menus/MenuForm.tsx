import {
  ProForm,
  ProFormDependency,
  ProFormDigit,
  ProFormRadio,
  ProFormSwitch,
  ProFormText,
} from '@ant-design/pro-components';
import { type MenuTreeNode, menuCalls } from '@ec/contract';
import { AutoComplete, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { FormModal } from '../../../components/FormModal.tsx';
import { call } from '../../../lib/api.ts';
import { MENU_ICONS, MENU_TYPE_LABELS } from '../shared/labels.ts';
import { PERMISSION_RE, required } from '../shared/validators.ts';

interface MenuFormValues extends Record<string, unknown> {
  parentId: number | null;
  type: MenuTreeNode['type'];
  name: string;
  url?: string;
  icon?: string | null;
  sort: number;
  hidden: boolean;
  perms?: string | null;
}

interface ParentOption {
  value: number;
  title: string;
  disabled?: boolean;
  children: ParentOption[];
}

/** Directories and pages can hold entries; a menu cannot move under itself or its subtree. */
const parentOptions = (nodes: MenuTreeNode[], self?: number): ParentOption[] =>
  nodes
    .filter((n) => n.type !== 'F')
    .map((n) => ({
      value: n.id,
      title: n.name,
      disabled: n.id === self,
      children: n.id === self ? [] : parentOptions(n.children, self),
    }));

/** Add or edit a menu entry: directory, page or button (with its permission strings). */
export function MenuForm({
  tree,
  editing,
  parentId,
  onClose,
  onSaved,
}: {
  tree: MenuTreeNode[];
  editing: MenuTreeNode | null;
  /** For a new entry: the entry it goes under. */
  parentId: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const parents = useMemo(() => parentOptions(tree, editing?.id), [tree, editing]);
  const initial: Partial<MenuFormValues> = editing
    ? { ...editing, icon: editing.icon ?? undefined, perms: editing.perms ?? undefined }
    : { parentId, type: parentId === null ? 'M' : 'C', sort: 0, hidden: false };
  return (
    <FormModal<MenuFormValues>
      title={editing ? `编辑菜单 ${editing.name}` : '新增菜单'}
      width={640}
      testId="menu-form"
      initialValues={initial}
      onClose={onClose}
      onSubmit={async (v) => {
        await call(menuCalls.save, {
          ...(editing ? { id: editing.id } : {}),
          parentId: v.parentId ?? null,
          type: v.type,
          name: v.name.trim(),
          url: v.type === 'F' ? '' : (v.url ?? '').trim(),
          icon: v.icon || null,
          sort: v.sort ?? 0,
          hidden: v.type === 'F' ? true : !!v.hidden,
          perms: v.perms?.trim() || null,
        });
        onSaved();
      }}
    >
      <ProForm.Item name="parentId" label="上级菜单">
        <TreeSelect
          allowClear
          showSearch
          treeNodeFilterProp="title"
          placeholder="不选则为顶级菜单"
          treeData={parents}
          listHeight={320}
        />
      </ProForm.Item>
      <ProFormRadio.Group
        name="type"
        label="菜单类型"
        radioType="button"
        options={Object.entries(MENU_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
      />
      <ProFormText
        name="name"
        label="菜单名称"
        rules={required('请输入菜单名称')}
        fieldProps={{ maxLength: 50 }}
      />
      <ProFormDependency name={['type']}>
        {({ type }) =>
          type === 'F' ? (
            <ProFormText
              name="perms"
              label="权限标识"
              tooltip="多个用逗号分隔，如 system:user:list,system:user:edit"
              rules={[...required('请输入权限标识'), permsRule]}
              fieldProps={{ maxLength: 500 }}
            />
          ) : (
            <>
              <ProFormText
                name="url"
                label="路由地址"
                tooltip="完整的哈希路由，如 /permission/page"
                rules={[
                  ...required('请输入路由地址'),
                  { pattern: /^[\w/.:-]*$/, message: '路由地址只能包含字母、数字和 / . : - _' },
                ]}
                fieldProps={{ maxLength: 200 }}
              />
              <ProForm.Item name="icon" label="图标" tooltip="仅顶级菜单显示图标">
                <AutoComplete
                  allowClear
                  placeholder="如 SettingOutlined"
                  options={MENU_ICONS.map((value) => ({ value }))}
                  filterOption={(input, o) => String(o?.value).toLowerCase().includes(input.toLowerCase())}
                />
              </ProForm.Item>
              <ProFormSwitch
                name="hidden"
                label="隐藏"
                tooltip="隐藏的页面不在侧边栏显示，但可以打开（详情、编辑页）"
              />
              <ProFormText
                name="perms"
                label="权限标识"
                tooltip="可不填；多个用逗号分隔"
                rules={[permsRule]}
                fieldProps={{ maxLength: 500 }}
              />
            </>
          )
        }
      </ProFormDependency>
      <ProFormDigit name="sort" label="显示顺序" min={0} max={1_000_000} fieldProps={{ precision: 0 }} />
    </FormModal>
  );
}

const permsRule = {
  validator: (_: unknown, v: string | undefined) =>
    !v?.trim() || v.split(',').every((p) => PERMISSION_RE.test(p.trim()))
      ? Promise.resolve()
      : Promise.reject(new Error('权限标识格式应为 模块:资源:操作，多个用逗号分隔')),
};

import { DownOutlined, KeyOutlined, LogoutOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { authCalls, messages } from '@ec/contract';
import { App, Avatar, Dropdown, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { validated } from '../../../components/form.ts';
import { changePassword, PasswordFields, type PasswordForm } from '../../../components/PasswordFields.tsx';
import { SmsCodeField } from '../../../components/SmsCodeButton.tsx';
import { call } from '../../../lib/api.ts';
import { maskPhone } from '../../../lib/format.ts';
import { rules } from '../../../lib/rules.ts';
import { useSession } from '../../../lib/session.ts';
import { reloadUser, signOut } from '../../../lib/session-load.ts';
import { queryClient } from '../../query-client.ts';
import { resetTags } from '../tags.ts';

function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<PasswordForm>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    setSaving(true);
    try {
      await changePassword(v);
      message.success(messages.passwordChanged);
      form.resetFields();
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title="修改密码"
      open={open}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      okText="确定"
    >
      <Form form={form} layout="vertical" preserve={false} className="change-password-form">
        <PasswordFields currentLabel="旧密码" />
      </Form>
    </Modal>
  );
}

function ChangePhoneModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ phone: string; smsCode: string }>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const { user } = useSession();
  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    setSaving(true);
    try {
      await call(authCalls.editPhone, { phone: v.phone.trim(), smsCode: v.smsCode.trim() });
      await reloadUser();
      message.success(messages.updated);
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title="修改手机号"
      open={open}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} className="change-phone-form">
        <Form.Item label="当前手机号">{maskPhone(user?.telephone) || '未绑定'}</Form.Item>
        <Form.Item name="phone" label="新手机号" rules={rules.phoneForChange}>
          <Input maxLength={11} />
        </Form.Item>
        <SmsCodeField form={form} send={(mobile) => call(authCalls.sendPhoneCode, { mobile })} />
      </Form>
    </Modal>
  );
}

/** User dropdown: change phone, change password, log out (doc 000 §2). */
export function UserMenu() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'password' | 'phone' | null>(null);
  const logout = async () => {
    await signOut();
    resetTags();
    queryClient.clear();
    navigate('/login', { replace: true });
  };
  return (
    <>
      <Dropdown
        menu={{
          items: [
            { key: 'phone', icon: <MobileOutlined />, label: '修改手机号' },
            { key: 'password', icon: <KeyOutlined />, label: '修改密码' },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
          ],
          onClick: ({ key }) => {
            if (key === 'logout') void logout();
            else setDialog(key as 'password' | 'phone');
          },
        }}
      >
        <Space className="user-menu" style={{ cursor: 'pointer', padding: '0 8px' }}>
          <Avatar size="small" icon={<UserOutlined />} style={{ background: '#1890ff' }} />
          <span>{user?.name}</span>
          <DownOutlined style={{ fontSize: 10 }} />
        </Space>
      </Dropdown>
      <ChangePasswordModal open={dialog === 'password'} onClose={() => setDialog(null)} />
      <ChangePhoneModal open={dialog === 'phone'} onClose={() => setDialog(null)} />
    </>
  );
}

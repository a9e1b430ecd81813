import { messages } from '@ec/contract';
import { Alert, App, Button, Form } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { changePassword, PasswordFields, type PasswordForm } from '../../components/PasswordFields.tsx';
import { emptySession, sessionStore, useSession } from '../../lib/session.ts';
import { signOut } from '../../lib/session-load.ts';
import { AuthFrame } from './AuthFrame.tsx';

/**
 * Shown by the route guard, whatever the address, to a user signed in with a temporary password
 * (given by an administrator or their company): the server answers nothing else until it is changed.
 * Once changed, the session is loaded again and the console opens where the user was going.
 */
export default function ChangeTemporaryPasswordPage() {
  const [form] = Form.useForm<PasswordForm>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { user } = useSession();

  const onFinish = async (v: PasswordForm) => {
    setSaving(true);
    try {
      await changePassword(v);
      message.success(messages.passwordChanged);
      // The token stays valid: an empty session makes the guard load the full one.
      sessionStore.set(emptySession());
    } catch {
      // The request layer showed the server's reason.
    } finally {
      setSaving(false);
    }
  };

  const logout = async () => {
    await signOut();
    navigate('/login', { replace: true });
  };

  return (
    <AuthFrame subtitle="修改初始密码" width={420}>
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message={`${user?.name ?? ''}，您正在使用临时密码`}
        description="该密码由管理员或所在单位设置，请设置您自己的新密码后继续使用系统。"
      />
      <Form form={form} layout="vertical" onFinish={onFinish} className="temporary-password-form">
        <PasswordFields currentLabel="临时密码" />
        <Button type="primary" htmlType="submit" block loading={saving}>
          修改密码并进入系统
        </Button>
        <div style={{ marginTop: 12, textAlign: 'center' }}>
          <Button type="link" onClick={() => void logout()}>
            退出登录
          </Button>
        </div>
      </Form>
    </AuthFrame>
  );
}

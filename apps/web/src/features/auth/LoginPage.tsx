import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { messages } from '@ec/contract/messages';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { preloadConsole } from '../../lib/preload.ts';
import { AuthFrame } from './AuthFrame.tsx';

/** Only in-app paths are followed after sign-in. */
export function safeRedirect(value: string | null): string {
  return value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/login') ? value : '/';
}

/** The route part of a redirect target (without its query). */
const pathOnly = (target: string) => (target === '/' ? '/dashboard' : target.split('?')[0]);

export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [loading, setLoading] = useState(false);

  const onFinish = async (v: { username: string; password: string }) => {
    setLoading(true);
    try {
      // Fetched while the password was typed (preloadConsole); not needed to show the page.
      const [{ signIn }, { hashPassword }] = await Promise.all([
        import('../../lib/session-load.ts'),
        import('@ec/contract/password'),
      ]);
      await signIn(v.username.trim(), hashPassword(v.password));
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch {
      // The request layer showed the server's reason.
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthFrame subtitle="用户登录">
      <Form className="login-form" size="large" onFinish={onFinish} autoComplete="on">
        <Form.Item
          name="username"
          rules={[{ required: true, whitespace: true, message: '请输入用户名或手机号' }]}
        >
          <Input prefix={<UserOutlined />} placeholder="用户名或手机号" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: messages.passwordRequired }]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder="密码"
            autoComplete="current-password"
            onFocus={() => preloadConsole(pathOnly(safeRedirect(params.get('redirect'))))}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={loading}>
            登 录
          </Button>
        </Form.Item>
        <div style={{ display: 'flex', justifyContent: 'space-between' }}>
          <Link to="/register">注册账号</Link>
          <Link to="/findPassWord">忘记密码？</Link>
        </div>
      </Form>
    </AuthFrame>
  );
}

import { authCalls, hashPassword } from '@ec/contract';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SmsCodeField } from '../../components/SmsCodeButton.tsx';
import { call } from '../../lib/api.ts';
import { rules } from '../../lib/rules.ts';
import { AuthFrame } from './AuthFrame.tsx';

interface ResetForm {
  phone: string;
  smsCode: string;
  password: string;
  rePassword: string;
}

export default function FindPasswordPage() {
  const [form] = Form.useForm<ResetForm>();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [loading, setLoading] = useState(false);

  const onFinish = async (v: ResetForm) => {
    setLoading(true);
    try {
      await call(authCalls.resetPassword, {
        phone: v.phone.trim(),
        smsCode: v.smsCode.trim(),
        password: hashPassword(v.password),
        rePassword: hashPassword(v.rePassword),
      });
      message.success('密码已重置，请使用新密码登录');
      navigate('/login', { replace: true });
    } catch {
      // shown by the request layer
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthFrame subtitle="找回密码" width={420}>
      <Form form={form} layout="vertical" onFinish={onFinish} className="find-password-form">
        <Form.Item name="phone" label="手机号" rules={rules.phone}>
          <Input maxLength={11} />
        </Form.Item>
        <SmsCodeField
          form={form}
          send={(phone) => call(authCalls.getVerifyCode, { phone, type: 'resetPsw' })}
        />
        <Form.Item name="password" label="新密码" rules={rules.password}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="rePassword" label="确认密码" dependencies={['password']} rules={rules.confirm()}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={loading}>
          重置密码
        </Button>
        <div style={{ marginTop: 12, textAlign: 'center' }}>
          <Link to="/login">返回登录</Link>
        </div>
      </Form>
    </AuthFrame>
  );
}

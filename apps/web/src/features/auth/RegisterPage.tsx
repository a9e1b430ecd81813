import { agreementCalls, authCalls, hashPassword } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Checkbox, Empty, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SmsCodeField } from '../../components/SmsCodeButton.tsx';
import { call } from '../../lib/api.ts';
import { rules } from '../../lib/rules.ts';
import { AuthFrame } from './AuthFrame.tsx';

const USER_TYPE_OPTIONS = [
  { value: 'maintenance', label: '维保单位' },
  { value: 'maintenance_staff', label: '维保人员' },
  { value: 'use_unit', label: '使用单位' },
  { value: 'inspection', label: '检验机构' },
] as const;

interface RegisterForm {
  userType: (typeof USER_TYPE_OPTIONS)[number]['value'];
  realName: string;
  phone: string;
  smsCode: string;
  email: string;
  password: string;
  rePassword: string;
  agree: boolean;
}

export default function RegisterPage() {
  const [form] = Form.useForm<RegisterForm>();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [loading, setLoading] = useState(false);
  const [showAgreement, setShowAgreement] = useState(false);
  const agreement = useQuery({
    queryKey: ['agreement', 'register'],
    queryFn: () => call(agreementCalls.detail, { kind: 'register' }, { silent: true }),
    staleTime: 5 * 60_000,
  });

  const onFinish = async (v: RegisterForm) => {
    setLoading(true);
    try {
      await call(authCalls.register, {
        userType: v.userType,
        realName: v.realName.trim(),
        phone: v.phone.trim(),
        smsCode: v.smsCode.trim(),
        email: v.email.trim(),
        password: hashPassword(v.password),
        rePassword: hashPassword(v.rePassword),
        agree: true,
      });
      message.success('注册成功，请登录');
      navigate('/login', { replace: true });
    } catch {
      // shown by the request layer
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthFrame subtitle="注册账号" width={460}>
      <Form form={form} layout="vertical" onFinish={onFinish} className="register-form">
        <Form.Item name="userType" label="注册类型" rules={[{ required: true, message: '请选择注册类型' }]}>
          <Select options={[...USER_TYPE_OPTIONS]} placeholder="请选择注册类型" />
        </Form.Item>
        <Form.Item name="realName" label="姓名" rules={rules.required('姓名不能为空')}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="phone" label="手机号" rules={rules.phone}>
          <Input maxLength={11} />
        </Form.Item>
        <SmsCodeField
          form={form}
          send={(phone) => call(authCalls.getVerifyCode, { phone, type: 'register' })}
        />
        <Form.Item name="email" label="邮箱" rules={rules.email}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="password" label="密码" rules={rules.password}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="rePassword" label="确认密码" dependencies={['password']} rules={rules.confirm()}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[
            {
              validator: (_, v) =>
                v ? Promise.resolve() : Promise.reject(new Error('请阅读并同意用户协议')),
            },
          ]}
        >
          <Checkbox>
            我已阅读并同意
            <Button
              type="link"
              size="small"
              style={{ padding: 0 }}
              onClick={(e) => {
                e.preventDefault();
                setShowAgreement(true);
              }}
            >
              《{agreement.data?.title || '用户协议'}》
            </Button>
          </Checkbox>
        </Form.Item>
        <Modal
          open={showAgreement}
          title={agreement.data?.title || '用户协议'}
          onCancel={() => setShowAgreement(false)}
          footer={
            <Button
              type="primary"
              onClick={() => {
                form.setFieldValue('agree', true);
                setShowAgreement(false);
              }}
            >
              我已阅读并同意
            </Button>
          }
          width={720}
        >
          {agreement.data?.content ? (
            // The server sanitises the agreement on save and again when it is read.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML from the server
            <div className="agreement-content" dangerouslySetInnerHTML={{ __html: agreement.data.content }} />
          ) : (
            <Empty description={agreement.isLoading ? '加载中…' : '平台尚未发布用户协议'} />
          )}
        </Modal>
        <Button type="primary" htmlType="submit" block loading={loading}>
          注 册
        </Button>
        <div style={{ marginTop: 12, textAlign: 'center' }}>
          已有账号？<Link to="/login">去登录</Link>
        </div>
      </Form>
    </AuthFrame>
  );
}

import { Button, Form, type FormInstance, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { rules } from '../lib/rules.ts';

export const SMS_WAIT_SECONDS = 60;

/**
 * "获取验证码": sends only after `getPhone` resolves (the form validated the phone field), then stays
 * disabled for 60 s with a countdown (doc 000 §4, §5).
 */
export function SmsCodeButton({
  getPhone,
  send,
  size,
}: {
  getPhone: () => Promise<string>;
  send: (phone: string) => Promise<unknown>;
  size?: 'small' | 'middle' | 'large';
}) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const onClick = async () => {
    let phone: string;
    try {
      phone = await getPhone();
    } catch {
      return;
    }
    setSending(true);
    try {
      await send(phone);
      setLeft(SMS_WAIT_SECONDS);
    } catch {
      // The request layer has shown the reason; the button stays available.
    } finally {
      setSending(false);
    }
  };

  return (
    <Button size={size} disabled={left > 0} loading={sending} onClick={onClick} style={{ minWidth: 112 }}>
      {left > 0 ? `${left}秒后重新获取` : '获取验证码'}
    </Button>
  );
}

/**
 * The 验证码 row of a form: the six-digit code (field `smsCode`) and its send button, which first
 * validates the form's phone field and sends to that number.
 */
export function SmsCodeField({
  form,
  phoneField = 'phone',
  send,
}: {
  form: FormInstance;
  phoneField?: string;
  send: (phone: string) => Promise<unknown>;
}) {
  return (
    <Form.Item label="验证码" required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="smsCode" noStyle rules={rules.smsCode}>
          <Input maxLength={6} />
        </Form.Item>
        <SmsCodeButton
          getPhone={async () => String((await form.validateFields([phoneField]))[phoneField]).trim()}
          send={send}
        />
      </Space.Compact>
    </Form.Item>
  );
}

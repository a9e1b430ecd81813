import { type UserRow, userCalls } from '@ec/contract';
import { Alert, App, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../../lib/api.ts';

/** A one-time password, shown once: it is never stored in clear and cannot be shown again. */
export function OneTimePasswordModal({
  title,
  account,
  password,
  onClose,
}: {
  title: string;
  account: string;
  password: string;
  onClose: () => void;
}) {
  return (
    <Modal
      open
      title={title}
      onOk={onClose}
      onCancel={onClose}
      okText="我已记下"
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
      className="one-time-password-modal"
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert
          type="warning"
          showIcon
          message="该密码只显示这一次，关闭后无法再次查看，请立即告知用户。用户首次登录后须先修改密码，才能使用系统。"
        />
        <div>
          账号：<Typography.Text strong>{account}</Typography.Text>
        </div>
        <div>
          一次性密码：
          <Typography.Text
            code
            copyable={{ text: password, tooltips: ['复制', '已复制'] }}
            data-testid="one-time-password"
            style={{ fontSize: 18 }}
          >
            {password}
          </Typography.Text>
        </div>
      </Space>
    </Modal>
  );
}

/** 重置密码: show a one-time password here, or send it to the user's phone by SMS. */
export function ResetPasswordModal({ user, onClose }: { user: UserRow; onClose: () => void }) {
  const { message } = App.useApp();
  const [delivery, setDelivery] = useState<'show' | 'sms'>('show');
  const [busy, setBusy] = useState(false);
  const [password, setPassword] = useState<string | null>(null);

  if (password) {
    return (
      <OneTimePasswordModal
        title="密码已重置"
        account={user.username}
        password={password}
        onClose={onClose}
      />
    );
  }
  const submit = async () => {
    setBusy(true);
    try {
      const result = await call(userCalls.resetPassword, { id: user.id, delivery });
      if (result.password) setPassword(result.password);
      else {
        message.success(`新密码已通过短信发送至 ${result.sentTo ?? user.phone}`);
        onClose();
      }
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={`重置密码 · ${user.realName}（${user.username}）`}
      okText="重置"
      okButtonProps={{ danger: true, loading: busy }}
      onOk={submit}
      onCancel={onClose}
    >
      <p>重置后该用户的原密码立即失效，已登录的会话将被注销。</p>
      <Radio.Group value={delivery} onChange={(e) => setDelivery(e.target.value)}>
        <Space direction="vertical">
          <Radio value="show">显示一次性密码（由管理员告知用户）</Radio>
          <Radio value="sms" disabled={!user.phone}>
            短信发送到用户手机{user.phone ? `（${user.phone}）` : '（该用户没有手机号）'}
          </Radio>
        </Space>
      </Radio.Group>
    </Modal>
  );
}

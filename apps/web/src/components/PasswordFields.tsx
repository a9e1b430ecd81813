import { authCalls, hashPassword } from '@ec/contract';
import { Form, Input } from 'antd';
import { call } from '../lib/api.ts';
import { rules } from '../lib/rules.ts';

export interface PasswordForm {
  currPassword: string;
  password: string;
  rePassword: string;
}

/** Changes the signed-in user's password (every field travels hashed, as all passwords do). */
export const changePassword = (v: PasswordForm) =>
  call(authCalls.modifyPsw, {
    currPassword: hashPassword(v.currPassword),
    password: hashPassword(v.password),
    rePassword: hashPassword(v.rePassword),
  });

/**
 * The current, new and confirmed password of a change-password form: the user menu's dialog and
 * the page a temporary password leads to.
 */
export function PasswordFields({ currentLabel }: { currentLabel: string }) {
  return (
    <>
      <Form.Item name="currPassword" label={currentLabel} rules={rules.oldPassword}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="password" label="新密码" rules={rules.newPassword}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="rePassword"
        label="确认密码"
        dependencies={['password']}
        rules={rules.confirm('password')}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

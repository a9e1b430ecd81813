import { messages } from '@ec/contract';
import { describe, expect, it } from 'vitest';
import {
  checkConfirm,
  checkEmail,
  checkIdNumber,
  checkNewPassword,
  checkOldPassword,
  checkPassword,
  checkPhone,
  checkPhoneForChange,
  checkSmsCode,
} from './rules.ts';

describe('form rules (doc 000 §5)', () => {
  it('phone', () => {
    expect(checkPhone('')).toBe('手机号不能为空');
    expect(checkPhone('12345678901')).toBe('请输入正确的手机号');
    expect(checkPhone('1380000000')).toBe('请输入正确的手机号');
    expect(checkPhone('16800000000')).toBe('请输入正确的手机号');
    expect(checkPhone('13800000000')).toBeNull();
    expect(checkPhone('18800000000')).toBeNull();
  });

  it('phone in the change-phone form', () => {
    expect(checkPhoneForChange('')).toBe('请输入手机号');
    expect(checkPhoneForChange('2380000000')).toBe('请输入正确的手机号码');
    expect(checkPhoneForChange('15800000000')).toBeNull();
  });

  it('register/reset password', () => {
    expect(checkPassword('')).toBe('密码不能为空');
    expect(checkPassword('12345')).toBe('请至少输入 6 个字符。请不要使用容易被猜到的密码');
    expect(checkPassword('123456')).toBeNull();
  });

  it('email', () => {
    expect(checkEmail('')).toBe('邮箱不能为空');
    expect(checkEmail('a@b')).toBe('请输入正确的邮箱');
    expect(checkEmail('ops@example.com')).toBeNull();
  });

  it('ID number: 18 with check character (x allowed) or 15 digits', () => {
    expect(checkIdNumber('11010519491231002X')).toBeNull();
    expect(checkIdNumber('11010519491231002x')).toBeNull();
    expect(checkIdNumber('110105194912310021')).toBe(messages.idNumberInvalid);
    expect(checkIdNumber('110105491231002')).toBeNull();
    expect(checkIdNumber('12345')).toBe(messages.idNumberInvalid);
  });

  it('SMS code is exactly 6 characters', () => {
    expect(checkSmsCode('')).toBe(messages.smsCodeRequired);
    expect(checkSmsCode('12345')).toBe('位数应为6');
    expect(checkSmsCode('123456')).toBeNull();
  });

  it('change password: old, new, weak list, letter and digit, confirm', () => {
    expect(checkOldPassword('')).toBe('请输入旧密码');
    expect(checkNewPassword('')).toBe('请输入新密码');
    expect(checkNewPassword('abc123')).toBe('您输入的密码过于简单，请尝试其他密码。');
    expect(checkNewPassword('Password1')).toBe('您输入的密码过于简单，请尝试其他密码。');
    expect(checkNewPassword('abcdefg')).toBe('密码至少6位,且包含数字及字母');
    expect(checkNewPassword('1234509876')).toBe('密码至少6位,且包含数字及字母');
    expect(checkNewPassword('a1b2')).toBe('密码至少6位,且包含数字及字母');
    expect(checkNewPassword('Elev8tor')).toBeNull();
    expect(checkConfirm('Elev8tor')('')).toBe('请再次输入密码');
    expect(checkConfirm('Elev8tor')('Elev8tox')).toBe('两次输入密码不一致!');
    expect(checkConfirm('Elev8tor')('Elev8tor')).toBeNull();
  });
});

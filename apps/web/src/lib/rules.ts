import {
  isEmail,
  isIdNumber,
  isPhone,
  isStrongPassword,
  isWeakPassword,
  messages,
  PASSWORD_MIN,
  SMS_CODE_LENGTH,
} from '@ec/contract';
import type { FormRule } from 'antd';

/**
 * antd form rules built from the contract's validators, with doc 000 §5's exact messages.
 * Each rule reports one message at a time, the first that applies.
 */

type Check = (value: string) => string | null;

const rule = (check: Check): FormRule => ({
  validator: (_, value: unknown) => {
    const problem = check(typeof value === 'string' ? value.trim() : value == null ? '' : String(value));
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});

export const checkPhone: Check = (v) =>
  !v ? messages.phoneRequired : isPhone(v) ? null : messages.phoneInvalid;
export const checkPhoneForChange: Check = (v) =>
  !v ? messages.phoneRequiredChange : isPhone(v) ? null : messages.phoneInvalidChange;
export const checkPassword: Check = (v) =>
  !v ? messages.passwordRequired : v.length < PASSWORD_MIN ? messages.passwordTooShort : null;
export const checkEmail: Check = (v) =>
  !v ? messages.emailRequired : isEmail(v) ? null : messages.emailInvalid;
export const checkIdNumber: Check = (v) => (!v || isIdNumber(v) ? null : messages.idNumberInvalid);
export const checkSmsCode: Check = (v) =>
  !v ? messages.smsCodeRequired : v.length === SMS_CODE_LENGTH ? null : messages.smsCodeLength;
export const checkOldPassword: Check = (v) => (v ? null : messages.oldPasswordRequired);
/** Change-password rule: weak list first, then length with a letter and a digit. */
export const checkNewPassword: Check = (v) => {
  if (!v) return messages.newPasswordRequired;
  if (isWeakPassword(v)) return messages.passwordWeak;
  return isStrongPassword(v) ? null : messages.passwordRule;
};
export const checkConfirm =
  (password: string | undefined): Check =>
  (v) =>
    !v ? messages.confirmPasswordRequired : v === password ? null : messages.passwordMismatch;

export const rules = {
  phone: [rule(checkPhone)],
  phoneForChange: [rule(checkPhoneForChange)],
  password: [rule(checkPassword)],
  email: [rule(checkEmail)],
  idNumber: [rule(checkIdNumber)],
  smsCode: [rule(checkSmsCode)],
  oldPassword: [rule(checkOldPassword)],
  newPassword: [rule(checkNewPassword)],
  /** Compares with the form field `field` (default `password`). */
  confirm: (field = 'password'): FormRule[] => [
    ({ getFieldValue }) => ({
      validator: (_, value: unknown) => {
        const problem = checkConfirm(getFieldValue(field))(typeof value === 'string' ? value : '');
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    }),
  ],
  required: (message: string): FormRule[] => [{ required: true, whitespace: true, message }],
};

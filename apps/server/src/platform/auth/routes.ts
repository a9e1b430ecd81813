import { authCalls } from '@ec/contract';
import { conflict } from '../errors.ts';
import { implement } from '../http/implement.ts';
import {
  changePassword,
  editPhone,
  login,
  menuTreeOf,
  phoneRegistered,
  register,
  resetPassword,
  sessionUserOf,
} from './service.ts';
import { revokeToken } from './session.ts';
import { sendSmsCode } from './sms-codes.ts';

/** Codes for register go only to new phones; codes for reset only to known ones, silently. */
async function requestCode(
  platform: Parameters<typeof sendSmsCode>[0],
  phone: string,
  type: 'register' | 'resetPsw',
) {
  const known = await phoneRegistered(platform, phone);
  if (type === 'register' && known) throw conflict('该手机号已注册，请直接登录或找回密码');
  if (type === 'resetPsw' && !known) return null;
  await sendSmsCode(platform, phone, type);
  return null;
}

export const authRoutes = [
  implement(authCalls.login, async (input, { req, platform }) => {
    const { token, expiresIn } = await login(platform, input.username, input.password, req.ip);
    return { access_token: token, token_type: 'bearer' as const, expires_in: expiresIn };
  }),
  implement(authCalls.logout, async (_input, { user, platform }) => {
    await revokeToken(platform.db, user.tokenHash);
    return null;
  }),
  implement(authCalls.getUserInfo, (_input, { user, platform }) => sessionUserOf(platform, user)),
  implement(authCalls.filingStatus, async (_input, { user, platform }) => {
    const session = await sessionUserOf(platform, user);
    return { needIntercept: session.needIntercept, filingState: session.filingState };
  }),
  implement(authCalls.getMenuList, (_input, { user, platform }) => menuTreeOf(platform, user)),
  implement(authCalls.modifyPsw, async (input, { user, platform }) => {
    await changePassword(platform, user, input);
    return null;
  }),
  implement(authCalls.sendPhoneCode, async (input, { platform }) => {
    await sendSmsCode(platform, input.mobile, 'editPhone');
    return null;
  }),
  implement(authCalls.editPhone, async (input, { user, platform }) => {
    await editPhone(platform, user, input);
    return null;
  }),
  implement(authCalls.sendSms, (input, { platform }) => requestCode(platform, input.phone, input.type)),
  implement(authCalls.getVerifyCode, (input, { platform }) => requestCode(platform, input.phone, input.type)),
  implement(authCalls.register, (input, { platform }) => register(platform, input)),
  implement(authCalls.resetPassword, async (input, { platform }) => {
    await resetPassword(platform, input);
    return null;
  }),
];

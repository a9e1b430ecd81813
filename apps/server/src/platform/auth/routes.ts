import { authCalls } from '@ec/contract';
import { implement } from '../http/implement.ts';
import { menuOf } from './menus.ts';
import {
  changePassword,
  editPhone,
  login,
  markSignInHandled,
  phoneInUse,
  phoneRegistered,
  register,
  resetPassword,
  sessionUserOf,
} from './service.ts';
import { revokeToken } from './session.ts';
import { sendSmsCode } from './sms-codes.ts';

/**
 * Codes for register and reset answer alike whether or not the phone is registered, and are limited
 * alike (one per 60 s): only the phone's holder learns which it is. A registered phone asking to
 * register is told so by SMS; an unknown phone asking to reset gets nothing.
 */
async function requestCode(
  platform: Parameters<typeof sendSmsCode>[0],
  phone: string,
  type: 'register' | 'resetPsw',
) {
  if (type === 'register' && (await phoneRegistered(platform, phone))) {
    await sendSmsCode(
      platform,
      phone,
      type,
      () => '【电梯云监管平台】该手机号已注册，请直接登录；如忘记密码，请在登录页点击“忘记密码”找回。',
    );
  } else if (type === 'resetPsw' && !(await phoneInUse(platform, phone))) {
    await sendSmsCode(platform, phone, type, null);
  } else {
    await sendSmsCode(platform, phone, type);
  }
  return null;
}

export const authRoutes = [
  implement(authCalls.login, async (input, { req, platform }) => {
    markSignInHandled(req);
    const { token, expiresIn } = await login(platform, input.username, input.password, {
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? null,
    });
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
  implement(authCalls.getMenuList, (_input, { user, platform }) => menuOf(platform, user)),
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

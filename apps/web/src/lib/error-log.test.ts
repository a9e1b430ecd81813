import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearErrorLog,
  describeError,
  errorLogStore,
  installErrorCollector,
  isFormValidationError,
  logError,
} from './error-log.ts';

/** What antd's form.validateFields() rejects with when a field is invalid. */
const validationFailure = {
  values: { currPassword: '' },
  errorFields: [{ name: ['currPassword'], errors: ['请输入旧密码'], warnings: [] }],
  outOfDate: false,
};

function reject(reason: unknown): Event {
  const event = new Event('unhandledrejection', { cancelable: true });
  Object.assign(event, { reason, promise: Promise.resolve() });
  window.dispatchEvent(event);
  return event;
}

describe('describeError', () => {
  it('keeps an error’s message and stack, with its kind when it is not a plain Error', () => {
    const plain = new Error('加载失败');
    expect(describeError(plain)).toEqual({ message: '加载失败', stack: plain.stack });
    const typeError = new TypeError("Cannot read properties of undefined (reading 'id')");
    expect(describeError(typeError).message).toBe(
      "TypeError: Cannot read properties of undefined (reading 'id')",
    );
    expect(describeError(typeError).stack).toContain('error-log.test.ts');
  });

  it('never reports "[object Object]": objects give their message, else their content', () => {
    expect(describeError({ message: '网络超时', stack: 'at x' })).toEqual({
      message: '网络超时',
      stack: 'at x',
    });
    expect(describeError({ status: 404, statusText: 'Not Found' }).message).toBe(
      '{"status":404,"statusText":"Not Found"}',
    );
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(describeError(cyclic).message).toBe('Object (无错误信息)');
    expect(describeError({}).message).toBe('Object (无错误信息)');
    expect(describeError('出错了')).toEqual({ message: '出错了' });
    expect(describeError(undefined)).toEqual({ message: 'undefined' });
    for (const value of [{ a: 1 }, {}, cyclic, [1]]) {
      expect(describeError(value).message).not.toContain('[object Object]');
    }
  });
});

describe('the error log', () => {
  beforeEach(() => clearErrorLog());

  it('does not log a failed form validation', () => {
    expect(isFormValidationError(validationFailure)).toBe(true);
    expect(isFormValidationError(new Error('x'))).toBe(false);
    expect(isFormValidationError(null)).toBe(false);
    logError(validationFailure);
    expect(errorLogStore.get()).toEqual([]);
  });

  it('collects unhandled rejections with message and stack, but not form validations or request errors', () => {
    installErrorCollector();
    const ignored = reject(validationFailure);
    expect(ignored.defaultPrevented).toBe(true);
    reject(Object.assign(new Error('服务器繁忙'), { name: 'ApiError' }));
    expect(errorLogStore.get()).toEqual([]);

    const err = new RangeError('Invalid time value');
    reject(err);
    const [entry] = errorLogStore.get();
    expect(entry).toMatchObject({
      message: 'RangeError: Invalid time value',
      stack: err.stack,
      info: 'unhandledrejection',
    });
  });
});

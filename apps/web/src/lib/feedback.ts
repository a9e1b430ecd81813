import type { MessageInstance } from 'antd/es/message/interface';

/**
 * The request layer runs outside React, yet its errors must appear through antd's <App> context
 * (themed, localized). The root component registers App.useApp().message here.
 */
let instance: Pick<MessageInstance, 'error' | 'success' | 'warning'> | null = null;

export function registerMessage(m: typeof instance): void {
  instance = m;
}

export function showError(text: string, seconds = 3): void {
  instance?.error(text, seconds);
}

export function showSuccess(text: string, seconds = 3): void {
  instance?.success(text, seconds);
}

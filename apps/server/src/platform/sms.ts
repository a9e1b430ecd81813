import type { FastifyBaseLogger } from 'fastify';
import type { SmsConfig } from '../config.ts';

export interface SmsMessage {
  phone: string;
  text: string;
  sentAt: Date;
}

export interface SmsDriver {
  send(phone: string, text: string): Promise<void>;
  /** Messages sent by the development driver, newest last; undefined for real gateways. */
  outbox?: SmsMessage[];
}

/** Development only: logs each message and keeps it in an outbox that tests read. */
export class DevSmsDriver implements SmsDriver {
  readonly outbox: SmsMessage[] = [];
  constructor(private readonly log: FastifyBaseLogger) {}
  async send(phone: string, text: string) {
    this.outbox.push({ phone, text, sentAt: new Date() });
    if (this.outbox.length > 500) this.outbox.shift();
    this.log.info({ phone, text }, 'SMS (development driver, not sent)');
  }
}

/** Calls an SMS gateway by URL template with {phone} and {message} placeholders. */
export class HttpSmsDriver implements SmsDriver {
  constructor(private readonly config: SmsConfig) {
    if (!config.urlTemplate) throw new Error('SMS_DRIVER=http 需要 SMS_URL_TEMPLATE');
  }
  async send(phone: string, text: string) {
    const url = this.config
      .urlTemplate!.replaceAll('{phone}', encodeURIComponent(phone))
      .replaceAll('{message}', encodeURIComponent(text));
    const res = await fetch(url, {
      method: this.config.method ?? 'GET',
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
  }
}

export function createSmsDriver(config: SmsConfig, env: string, log: FastifyBaseLogger): SmsDriver {
  if (config.driver === 'http') return new HttpSmsDriver(config);
  if (env === 'production') throw new Error('生产环境不能使用开发短信驱动');
  return new DevSmsDriver(log);
}

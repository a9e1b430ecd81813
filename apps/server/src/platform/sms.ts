import fs from 'node:fs';
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

/** In development, every message is appended to this file in DATA_DIR: `npm run sms` shows the last ones. */
export const SMS_OUTBOX_FILE = 'sms-outbox.log';

export interface DevSmsOptions {
  /** Print each message as one plain line on stderr, highlighted on a terminal (`npm start`). */
  print?: boolean;
  /** Append each message to this file too, for `npm run sms` (the last codes, from another terminal). */
  outboxFile?: string;
}

/** Development only: nothing is sent; each message is kept in an outbox that tests read. */
export class DevSmsDriver implements SmsDriver {
  readonly outbox: SmsMessage[] = [];
  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly options: DevSmsOptions = {},
  ) {}
  async send(phone: string, text: string) {
    const sentAt = new Date();
    this.outbox.push({ phone, text, sentAt });
    if (this.outbox.length > 500) this.outbox.shift();
    this.log.debug({ phone }, 'SMS (development driver, not sent)');
    const line = `[短信 未发送] ${phone}：${text}`;
    if (this.options.print) {
      process.stderr.write(process.stderr.isTTY ? `\x1b[1;30;43m ${line} \x1b[0m\n` : `${line}\n`);
    }
    if (this.options.outboxFile) {
      await fs.promises
        .appendFile(this.options.outboxFile, `${sentAt.toISOString()} ${phone} ${text}\n`)
        .catch((err) => this.log.warn({ err }, 'SMS outbox file not written'));
    }
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

export function createSmsDriver(
  config: SmsConfig,
  env: string,
  log: FastifyBaseLogger,
  dev: DevSmsOptions = {},
): SmsDriver {
  if (config.driver === 'http') return new HttpSmsDriver(config);
  if (env === 'production') throw new Error('生产环境不能使用开发短信驱动');
  return new DevSmsDriver(log, dev);
}

#!/usr/bin/env node
/**
 * `npm run sms`: the last SMS messages the development driver "sent" (nothing leaves the machine in
 * development; the server appends each message to DATA_DIR/sms-outbox.log). `npm run sms -- 50` shows 50.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.resolve(root, 'apps/server', process.env.DATA_DIR || './data');
const file = path.join(dataDir, 'sms-outbox.log');
const count = Number(process.argv[2]) || 20;
if (!fs.existsSync(file)) {
  console.log(`还没有短信：${file} 不存在（开发环境下服务器发送的每条短信都记在这里）`);
  process.exit(0);
}
const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-count);
for (const line of lines) {
  const [at, phone, ...text] = line.split(' ');
  const time = new Date(at).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
  console.log(`${time}  ${phone}  ${text.join(' ')}`);
}

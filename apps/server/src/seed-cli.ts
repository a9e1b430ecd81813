/** `npm run seed`: migrates and fills the configured database (the server does this on start too). */
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const { app } = await buildApp({ ...loadConfig(), jobsEnabled: false });
await app.close();
console.log('数据库已迁移并填充基础数据');

/**
 * `npm run seed`: migrates and fills the configured database (the server does this on start too).
 * `npm run seed -- --elevators 1000000` adds that many generated elevators for benchmarks.
 */
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { bulkLoadElevators } from './modules/elevator/seed.ts';

const flag = process.argv.indexOf('--elevators');
const extra = flag > 0 ? Number(process.argv[flag + 1]) : 0;
if (flag > 0 && !(extra > 0)) {
  console.error('用法：npm run seed -- --elevators <数量>');
  process.exit(2);
}

const { app, platform } = await buildApp({ ...loadConfig(), jobsEnabled: false });
if (extra > 0) {
  const started = Date.now();
  await bulkLoadElevators(platform.db, extra, (done) => {
    if (done % 100_000 === 0 || done === extra)
      console.log(`已生成 ${done} 台电梯（${((Date.now() - started) / 1000).toFixed(1)} 秒）`);
  });
}
await app.close();
console.log('数据库已迁移并填充基础数据');

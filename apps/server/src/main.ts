import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
const { app } = await buildApp(config);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  const force = setTimeout(() => {
    app.log.error('shutdown took longer than 20 s, exiting');
    process.exit(1);
  }, 20_000);
  force.unref();
  try {
    // Stops accepting connections, waits for requests in flight, then closes the database.
    await app.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `控制台：http://localhost:${config.port}/  数据库：${config.databaseUrl ? 'PostgreSQL' : `PGlite（${config.dataDir}）`}`,
);

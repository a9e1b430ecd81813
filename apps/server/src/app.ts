import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { authCalls } from '@ec/contract';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from './config.ts';
import { modules } from './modules/index.ts';
import { authRoutes } from './platform/auth/routes.ts';
import { recordRefusedSignIn } from './platform/auth/service.ts';
import { SessionCache } from './platform/auth/session-cache.ts';
import { type Database, openDatabase } from './platform/db/client.ts';
import { registerExportSources } from './platform/exports.ts';
import { registerFileReference } from './platform/files/references.ts';
import { fileRoutes } from './platform/files/routes.ts';
import { createS3Storage, type FileStorage, LocalStorage } from './platform/files/storage.ts';
import { answerClientError, installErrorHandling } from './platform/http/errors.ts';
import { registerOpenApi } from './platform/http/openapi.ts';
import { registerCalls } from './platform/http/register.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { serveWebBuild } from './platform/http/web-build.ts';
import { Scheduler } from './platform/jobs.ts';
import { LiveHub, listenLive, liveRoutes } from './platform/live.ts';
import { registerRevealer } from './platform/masking.ts';
import { OperationLogWriter, registerOperationLog } from './platform/oplog.ts';
import type { Platform } from './platform/platform.ts';
import { seedDatabase } from './platform/seed/index.ts';
import { createSmsDriver, SMS_OUTBOX_FILE, type SmsDriver } from './platform/sms.ts';

export interface AppOverrides {
  database?: Database;
  storage?: FileStorage;
  sms?: SmsDriver;
}

export interface App {
  app: FastifyInstance;
  platform: Platform;
}

/** Builds the server: platform plugins, then the calls of every module. Does not listen. */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<App> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: process.env.TRUST_PROXY === 'true',
    routerOptions: { maxParamLength: 200 },
    clientErrorHandler: answerClientError,
    // Refusals the router makes before any hook runs, in the same envelope as every other one.
    frameworkErrors: (err, req, reply) => {
      const status: 400 | 414 = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      (reply as FastifyReply)
        .status(status)
        .header('X-Request-Id', req.id)
        .type('application/json; charset=utf-8')
        .send({
          code: status,
          resultMsg: status === 414 ? '请求路径参数过长' : '请求路径不正确',
          requestId: req.id,
        });
    },
  });

  const database =
    overrides.database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
        : { kind: 'pglite', dataDir: config.dataDir, cacheMb: config.pgliteCacheMb },
    ));
  const platform: Platform = {
    config,
    db: database.db,
    dbKind: database.kind,
    log: app.log,
    sms:
      overrides.sms ??
      createSmsDriver(
        config.sms,
        config.env,
        app.log,
        config.env === 'development'
          ? { print: true, outboxFile: path.join(config.dataDir, SMS_OUTBOX_FILE) }
          : {},
      ),
    storage:
      overrides.storage ??
      (config.s3 ? await createS3Storage(config.s3) : new LocalStorage(path.join(config.dataDir, 'files'))),
    jobs: new Scheduler(database.db, app.log),
    oplog: new OperationLogWriter({ db: database.db, log: app.log }),
    live: new LiveHub(),
    sessions: new SessionCache(config.authCacheMs),
  };
  let closing = false;
  const stopListening =
    config.authCacheMs > 0
      ? await database.listen('auth_changed', {
          notify: () => platform.sessions.clear(),
          live: (listening) => {
            platform.sessions.setLive(listening);
            // Not an error for requests (each then asks the database), but an operator should know.
            if (listening) app.log.info('会话缓存已启用：正在监听 auth_changed 通知');
            else if (!closing) app.log.warn('auth_changed 通知连接中断：会话缓存已停用，每秒尝试重连');
          },
        })
      : async () => {};
  app.decorateRequest('user', null);

  registerSecurityHeaders(app);
  if (config.corsOrigins.length > 0) {
    const cors = (await import('@fastify/cors')).default;
    await app.register(cors, { origin: config.corsOrigins });
  }
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 10, fields: 20, parts: 30 } });
  await app.register(rateLimit, { global: false });

  for (const m of modules) {
    registerFileReference(...(m.fileReferences ?? []));
    for (const r of m.revealers ?? []) registerRevealer(r.kind, r.field, r.read);
    registerExportSources(...(m.exports ?? []));
  }
  installErrorHandling(app);
  registerOperationLog(app, platform.oplog);
  // A sign-in refused before its handler (rate limit, malformed form) is in 登录日志 too: a hook on
  // the sign-in route alone (added as it is registered), no work on any other request.
  app.addHook('onRoute', (route) => {
    if ((route.config as { call?: unknown } | undefined)?.call !== authCalls.login) return;
    const own = route.onResponse ? [route.onResponse].flat() : [];
    route.onResponse = [
      ...own,
      async (req, reply) => {
        if (reply.statusCode >= 400) await recordRefusedSignIn(platform, req, reply.statusCode);
      },
    ];
  });
  const inFlight = registerCalls(app, platform, [
    ...authRoutes,
    ...fileRoutes,
    ...liveRoutes,
    ...modules.flatMap((m) => m.routes),
  ]);
  registerOpenApi(app);

  if (fs.existsSync(path.join(config.webDir, 'index.html'))) await serveWebBuild(app, config.webDir);

  await seedDatabase(
    database.db,
    config,
    modules.flatMap((m) => m.demoSeeders ?? []),
    modules.map((m) => m.menuButtons ?? {}),
    app.log,
    platform.storage,
    modules.flatMap((m) => m.baseSeeders ?? []),
    modules.flatMap((m) => m.startSeeders ?? []),
  );
  for (const job of modules.flatMap((m) => m.jobs ?? [])) platform.jobs.register(job);
  platform.live.register(...modules.flatMap((m) => m.liveTopics ?? []));
  const stopLive = await listenLive(database, platform.live, app.log);
  if (database.kind === 'pglite') {
    // PGlite has no autovacuum.
    platform.jobs.register({
      name: 'vacuum-analyze',
      label: '数据库清理与统计（嵌入式数据库）',
      everyMs: 6 * 3600_000,
      outsideTransaction: true,
      run: async (db) => {
        await db.execute('vacuum analyze');
      },
    });
  }
  if (config.jobsEnabled) platform.jobs.start();
  const stopServices: (() => Promise<void>)[] = [];
  for (const m of modules) if (m.start) stopServices.push(await m.start(platform));

  // Open event streams would hold the server open: end them first (browsers reconnect elsewhere).
  app.addHook('preClose', async () => platform.live.closeAll());
  app.addHook('onClose', async () => {
    await platform.jobs.stop();
    for (const stop of stopServices) await stop();
    await inFlight.drained();
    await platform.oplog.flush();
    closing = true;
    await stopLive();
    await stopListening();
    await database.close();
  });
  return { app, platform };
}

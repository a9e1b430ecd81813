import fs from 'node:fs';
import { hashPassword } from '@ec/contract';
import { DEFAULT_DEMO_PASSWORD } from '../../apps/server/src/config.ts';
import { login, measure, printTable, type Row } from './common.ts';
import { newDataDir, seedElevators, startServerProcess } from './server-process.ts';

/**
 * Sign-in, session user and menu: the calls every page load makes. The server runs in a process of
 * its own and the load generator (autocannon) in this one, so that neither takes the other's event
 * loop. A token is checked against the database once per AUTH_CACHE_MS and then answered from the
 * session cache: the session rows are measured twice, with the cache and with AUTH_CACHE_MS=0.
 */
export async function benchAuth() {
  const dataDir = newDataDir();
  try {
    // Migrations and demo accounts (no elevators) before the server starts.
    seedElevators(dataDir, 0);
    const rows: Row[] = [];
    let baseline: Row | undefined;
    for (const cacheMs of ['10000', '0']) {
      const server = await startServerProcess(dataDir, { AUTH_CACHE_MS: cacheMs });
      const { api } = server;
      try {
        const auth = { authorization: `Bearer ${await login(api)}` };
        const cached = cacheMs !== '0';
        if (cached) {
          baseline = await measure('baseline GET /health', { url: `${api}/health`, duration: 3 });
          rows.push(baseline);
          rows.push(
            await measure('POST /oauth/token (scrypt by design)', {
              url: `${api}/oauth/token`,
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: new URLSearchParams({
                grant_type: 'password',
                username: 'admin',
                password: hashPassword(DEFAULT_DEMO_PASSWORD),
              }).toString(),
              duration: 3,
              connections: 4,
            }),
          );
        }
        const note = cached
          ? 'token from the session cache (checked in the database once per 10 s)'
          : 'AUTH_CACHE_MS=0: token checked in the database on every request';
        for (const path of ['/pc/sysUser/getUserInfo', '/pc/sysMenu/getMenuList']) {
          const row = await measure(`GET ${path}${cached ? ' (cached)' : ' (no cache)'}`, {
            url: `${api}${path}`,
            headers: auth,
            duration: 3,
          });
          row.note = note;
          rows.push(row);
        }
      } finally {
        await server.stop();
      }
    }
    printTable(
      `sign-in and session (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, node ${process.version}, server in its own process)`,
      rows,
      baseline!,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

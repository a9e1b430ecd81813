import { environment, login, measure, printTable, type Row, startBenchServer } from './common.ts';

/** Sign-in, session user and menu: the calls every page load makes. */
export async function benchAuth() {
  const server = await startBenchServer();
  const { api } = server;
  const token = await login(api);
  const auth = { authorization: `Bearer ${token}` };
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const { hashPassword } = await import('@ec/contract');
  const body = new URLSearchParams({
    grant_type: 'password',
    username: 'admin',
    password: hashPassword(server.config.demoPassword),
  }).toString();

  const baseline = await measure('baseline GET /health', { url: `${api}/health`, duration: 3 });
  const rows: Row[] = [baseline];
  rows.push(
    await measure('POST /oauth/token (scrypt by design)', {
      url: `${api}/oauth/token`,
      method: 'POST',
      headers: form,
      body,
      duration: 3,
      connections: 4,
    }),
  );
  rows.push(
    await measure('GET /pc/sysUser/getUserInfo', {
      url: `${api}/pc/sysUser/getUserInfo`,
      headers: auth,
      duration: 3,
    }),
  );
  rows.push(
    await measure('GET /pc/sysMenu/getMenuList', {
      url: `${api}/pc/sysMenu/getMenuList`,
      headers: auth,
      duration: 3,
    }),
  );
  printTable(`sign-in and session (${environment(server.config)})`, rows, baseline);
  await server.close();
}

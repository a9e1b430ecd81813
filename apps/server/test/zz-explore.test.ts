import { it } from 'vitest';
import { startTestApp } from './harness.ts';
it('explore', async () => {
  const t = await startTestApp('pglite');
  for (const u of ['wb_admin1', 'sy_admin1', 'jg_qingxiu']) {
    const token = await t.login(u);
    const info = await t.api<{ permissions: string[]; dataScope: string }>('GET', '/pc/sysUser/getUserInfo', { token });
    console.log(u, info.body.data.dataScope, info.body.data.permissions.filter((p) => p.startsWith('elevator')).join(' '));
  }
  await t.close();
}, 60000);

import { defineModule } from '../../platform/module.ts';
import { logoFiles } from './files.ts';
import { oplogExport } from './oplog.ts';
import { systemRevealers } from './reveal.ts';
import { systemRoutes } from './routes.ts';

/** System settings: users, roles, menus, offices, dictionaries, the platform's own settings and logs. */
export const systemModule = defineModule({
  name: 'system',
  routes: systemRoutes,
  exports: [oplogExport],
  fileReferences: [logoFiles],
  revealers: systemRevealers,
});

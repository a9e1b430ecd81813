import { defineModule } from '../../platform/module.ts';
import { logoFiles } from './files.ts';
import { systemRevealers } from './reveal.ts';
import { systemRoutes } from './routes.ts';

/** System settings: users, roles, menus, offices, dictionaries, the platform's own settings and logs. */
export const systemModule = defineModule({
  name: 'system',
  routes: systemRoutes,
  fileReferences: [logoFiles],
  revealers: systemRevealers,
});

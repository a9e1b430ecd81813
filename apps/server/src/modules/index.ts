import { registerFileReference } from '../platform/files/references.ts';
import type { Implementation } from '../platform/http/implement.ts';
import type { JobDefinition } from '../platform/jobs.ts';
import type { DemoSeeder } from '../platform/seed/index.ts';
import { elevatorModule } from './elevator/index.ts';
import { maintenanceModule } from './maintenance/index.ts';
import { partiesModule } from './parties/index.ts';
import { logoFiles } from './system/files.ts';
import { systemRoutes } from './system/routes.ts';

registerFileReference(logoFiles);

/** A domain module: its calls, its demo data and its scheduled jobs. */
export interface Module {
  name: string;
  routes: Implementation[];
  demoSeeders?: DemoSeeder[];
  /** Button permissions this module's pages carry, by page path (menu entries of type F). */
  menuButtons?: Record<string, { name: string; perms: string }[]>;
  jobs?: JobDefinition[];
}

export const modules: Module[] = [
  { name: 'system', routes: systemRoutes },
  elevatorModule,
  // After the elevators: its demo orders are for the bound ones.
  maintenanceModule,
  partiesModule,
];

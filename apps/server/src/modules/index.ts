import type { Implementation } from '../platform/http/implement.ts';
import type { JobDefinition } from '../platform/jobs.ts';
import type { DemoSeeder } from '../platform/seed/index.ts';
import { systemRoutes } from './system/routes.ts';

/** A domain module: its calls, its demo data and its scheduled jobs. */
export interface Module {
  name: string;
  routes: Implementation[];
  demoSeeders?: DemoSeeder[];
  jobs?: JobDefinition[];
}

export const modules: Module[] = [{ name: 'system', routes: systemRoutes }];

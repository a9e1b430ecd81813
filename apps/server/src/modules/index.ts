import type { Module } from '../platform/module.ts';
import { adModule } from './ad/index.ts';
import { elevatorModule } from './elevator/index.ts';
import { inspectionModule } from './inspection/index.ts';
import { iotModule } from './iot/index.ts';
import { maintenanceModule } from './maintenance/index.ts';
import { operationsModule } from './operations/index.ts';
import { partiesModule } from './parties/index.ts';
import { patrolModule } from './patrol/index.ts';
import { rescueModule } from './rescue/index.ts';
import { statisticsModule } from './statistics/index.ts';
import { systemModule } from './system/index.ts';

/** The application's modules, in the order their demo data is seeded. */
export const modules: Module[] = [
  systemModule,
  elevatorModule,
  partiesModule,
  // After the parties: its demo plans and orders follow their contracts and rosters.
  maintenanceModule,
  // After maintenance: its demo cases follow the lifts' companies and the rescue units' grids.
  rescueModule,
  // After the parties: its demo resources belong to the demo inspection organisation.
  inspectionModule,
  // After the parties and the registry: its demo patrols visit the demo use units' lifts.
  patrolModule,
  // After the registry, the parties and rescue: its demo devices watch the demo use units' lifts.
  iotModule,
  // After the registry and the parties: its demo points hang in the demo lifts of gg_admin1's company.
  adModule,
  operationsModule,
  // Last: its rollups read what every other module seeded.
  statisticsModule,
];

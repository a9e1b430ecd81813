/** Every table of the application, for drizzle-kit and the typed database handle. */

export * from './modules/ad/tables.ts';
export * from './modules/elevator/tables.ts';
export * from './modules/inspection/tables.ts';
export * from './modules/iot/tables.ts';
export * from './modules/maintenance/tables.ts';
export * from './modules/operations/api-keys/tables.ts';
export * from './modules/parties/tables.ts';
export * from './modules/patrol/tables.ts';
export * from './modules/rescue/tables.ts';
export * from './modules/statistics/tables.ts';
export * from './platform/db/tables.ts';

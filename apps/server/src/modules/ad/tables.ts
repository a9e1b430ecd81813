/*
 * The advertising module's tables (one migration history): each part keeps its tables beside its
 * code in `<part>/tables.ts`, re-exported here (src/schema.ts re-exports this file).
 */
export * from './customers/tables.ts';
export * from './orders/tables.ts';
export * from './points/tables.ts';
export * from './settlement/tables.ts';
export * from './tasks/tables.ts';
export * from './users/tables.ts';

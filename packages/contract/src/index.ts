/*
 * The contract: every call's declaration and the shared schemas, formats and messages. This file
 * only re-exports, so that a page pulls in just the declarations it uses; `allCalls` (every call at
 * once) lives in all-calls.ts.
 */
export * from './ad.ts';
export * from './admin.ts';
export { allCalls } from './all-calls.ts';
export * from './areas.ts';
export * from './auth.ts';
export * from './call.ts';
export * from './common.ts';
export * from './dictionary-seed.ts';
export * from './elevator.ts';
export * from './files.ts';
export * from './inspection.ts';
export * from './iot.ts';
export * from './maintenance.ts';
export * from './menu-catalogue.ts';
export * from './ops.ts';
export * from './parties.ts';
export * from './patrol.ts';
export * from './rescue.ts';
export * from './rules.ts';
export * from './stats.ts';
export * from './system.ts';

/*
 * Electronic maintenance (电子维保, TSG T5002-2017; doc 001 §7.6): work orders, the worker's calls,
 * templates, plans and the regulator's checks. One file per part under maintenance/.
 */
export * from './maintenance/checks.ts';
export * from './maintenance/lift-info.ts';
export * from './maintenance/orders.ts';
export * from './maintenance/plans.ts';
export * from './maintenance/rules.ts';
export * from './maintenance/templates.ts';
export * from './maintenance/work.ts';

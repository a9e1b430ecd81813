export * from './customers/tables.ts';
export * from './orders/tables.ts';
export * from './points/tables.ts';

/** Every table of the inspection module, one file per part (for drizzle-kit and the typed handle). */
export * from './bills/tables.ts';
export * from './catalog/tables.ts';
export * from './instruments/tables.ts';
export * from './orders/tables.ts';
export * from './params/tables.ts';
export * from './people/tables.ts';
export * from './reports/tables.ts';

/** Every table of the application, for drizzle-kit and the typed database handle. */
export * from './platform/db/tables.ts';

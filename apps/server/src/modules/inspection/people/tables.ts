/* Tables of this part (re-exported by ../tables.ts for drizzle-kit). */
export {};

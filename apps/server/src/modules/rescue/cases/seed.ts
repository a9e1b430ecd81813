import type { Tx } from '../../../platform/db/client.ts';

/** Six months of closed cases and a few open ones (filled in below). */
export async function seedCases(_tx: Tx) {}

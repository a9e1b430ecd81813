import { and, eq } from 'drizzle-orm';
import { enterprise, sysUser } from '../../platform/db/tables.ts';
import type { RevealerDefinition } from '../../platform/module.ts';
import { companyScope } from './companies/kinds.ts';
import { personScope } from './persons/read.ts';
import { staffProfile, useUnitProfile } from './tables.ts';

/**
 * The numbers of this module's records for the reveal call (`POST /pc/common/reveal`, system
 * module): a filed person's phone and ID number, a use unit's safety director's phone. Each one is
 * read inside the caller's data scope, as the lists and details that show it masked.
 */

const personNumber = (column: typeof sysUser.phone | typeof staffProfile.idNumber): RevealerDefinition => ({
  kind: 'person',
  field: column === sysUser.phone ? 'phone' : 'idNumber',
  read: async (db, viewer, id) => {
    const [row] = await db
      .select({ v: column })
      .from(staffProfile)
      .innerJoin(sysUser, eq(sysUser.id, staffProfile.userId))
      .innerJoin(enterprise, eq(enterprise.id, staffProfile.companyId))
      .where(and(eq(staffProfile.userId, id), personScope(viewer)));
    return row ? row.v : undefined;
  },
});

export const partiesRevealers: RevealerDefinition[] = [
  personNumber(sysUser.phone),
  personNumber(staffProfile.idNumber),
  {
    kind: 'company',
    field: 'safetyDirectorPhone',
    read: async (db, viewer, id) => {
      const [row] = await db
        .select({ v: useUnitProfile.safetyDirectorPhone })
        .from(enterprise)
        .leftJoin(useUnitProfile, eq(useUnitProfile.enterpriseId, enterprise.id))
        .where(and(eq(enterprise.id, id), companyScope(viewer)));
      return row ? row.v : undefined;
    },
  },
];

import { sql } from 'drizzle-orm';
import { sysLogo } from '../../platform/db/tables.ts';
import type { FileReference } from '../../platform/files/references.ts';

/** The platform's logos are shown to every signed-in account (the sidebar), so any of them may read them. */
export const logoFiles: FileReference = {
  name: 'platform-logo',
  readable: (_user, file) => sql`exists (select 1 from ${sysLogo} where ${sysLogo.logoId} = ${file})`,
};

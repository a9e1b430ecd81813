import { sql } from 'drizzle-orm';
import { enterprise } from '../../platform/db/tables.ts';
import type { FileReference } from '../../platform/files/references.ts';
import { companyScope } from './companies/kinds.ts';
import { contractScope } from './contracts/read.ts';
import { personScope } from './persons/read.ts';
import {
  inspectionOrgProfile,
  maintenanceContract,
  maintenanceUnitProfile,
  staffProfile,
  useUnitProfile,
} from './tables.ts';

/**
 * The scans of the parties' filings open their files to whoever may read the record now, by the
 * record's own data scope: a company's licence and business licence (the company, the regulator of
 * its area), a person's certificate and photo (the person, the employer, the regulator), a contract's
 * scan (either party, the regulator of the use unit's area).
 */
export const partiesFiles: FileReference[] = [
  {
    name: 'parties-company-filing',
    readable: (user, file) =>
      sql`(exists (select 1 from ${maintenanceUnitProfile} inner join ${enterprise} on ${enterprise.id} = ${maintenanceUnitProfile.enterpriseId}
          where (${maintenanceUnitProfile.licenceFileId} = ${file} or ${maintenanceUnitProfile.businessLicenceFileId} = ${file}) and ${companyScope(user)})
        or exists (select 1 from ${useUnitProfile} inner join ${enterprise} on ${enterprise.id} = ${useUnitProfile.enterpriseId}
          where ${useUnitProfile.businessLicenceFileId} = ${file} and ${companyScope(user)})
        or exists (select 1 from ${inspectionOrgProfile} inner join ${enterprise} on ${enterprise.id} = ${inspectionOrgProfile.enterpriseId}
          where (${inspectionOrgProfile.approvalFileId} = ${file} or ${inspectionOrgProfile.businessLicenceFileId} = ${file}) and ${companyScope(user)}))`,
  },
  {
    name: 'parties-person-filing',
    readable: (user, file) =>
      sql`exists (select 1 from ${staffProfile} inner join ${enterprise} on ${enterprise.id} = ${staffProfile.companyId}
        where (${staffProfile.certFileId} = ${file} or ${staffProfile.photoFileId} = ${file}) and ${personScope(user)})`,
  },
  {
    name: 'parties-contract',
    readable: (user, file) =>
      sql`exists (select 1 from ${maintenanceContract}
        where ${maintenanceContract.contractFileId} = ${file} and ${contractScope(user)})`,
  },
];

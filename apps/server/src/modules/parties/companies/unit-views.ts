/**
 * The sections of a maintenance unit's detail page beyond its filing: its people, its certificates,
 * its lifts and the page's statistics, gathered from the people, contracts and incentive services.
 */
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { liftsOfMaintenanceCompany } from '../../elevator/api.ts';
import { contractsOfCompany } from '../contracts/read.ts';
import { averageRating } from '../incentives/service.ts';
import { listPersons, type PersonFilters, pendingPeopleCount, staffCertCounts } from '../persons/read.ts';
import { maintenanceUnitDetail } from './read.ts';

/** The unit's people, for whoever may see the unit (the people's own scope does not narrow them). */
export async function maintenanceUnitStaff(
  q: Queryable,
  user: AuthUser,
  id: number,
  f: Omit<PersonFilters, 'companyId'>,
) {
  await maintenanceUnitDetail(q, user, id);
  return listPersons(q, { ...user, dataScope: 'all' }, 'maintenance', { ...f, companyId: id });
}

/** The unit's licence and its workers' certificates. */
export async function maintenanceUnitCerts(q: Queryable, user: AuthUser, id: number) {
  const d = await maintenanceUnitDetail(q, user, id);
  return {
    licenceType: d.licenceType,
    licenceTypeLabel: d.licenceTypeLabel,
    licenceGrade: d.licenceGrade,
    licenceNo: d.licenceNo,
    licenceExpiry: d.licenceExpiry,
    licenceExpired: d.licenceExpired,
    licenceFile: d.licenceFile,
    businessLicenceFile: d.businessLicenceFile,
    staffCerts: await staffCertCounts(q, id),
  };
}

/** One section of the unit's detail page: info, history, contracts or stats. */
export async function maintenanceUnitView(
  q: Queryable,
  user: AuthUser,
  id: number,
  type: 'info' | 'history' | 'contracts' | 'stats',
) {
  const info = await maintenanceUnitDetail(q, user, id);
  if (type === 'info') return { type, info };
  if (type === 'history') return { type, history: info.history };
  if (type === 'contracts') return { type, contracts: await contractsOfCompany(q, user, id) };
  const staffRows = await listPersons(q, { ...user, dataScope: 'all' }, 'maintenance', {
    page: 1,
    limit: 500,
    companyId: id,
  });
  const contracts = await contractsOfCompany(q, user, id);
  const rating = await averageRating(q, id);
  const pending = await pendingPeopleCount(q, id);
  const employed = staffRows.records.filter((r) => r.employed && r.role === 'staff' && r.filingState === 3);
  return {
    type,
    stats: {
      staffCount: employed.length,
      staffPending: pending,
      certExpired: employed.filter((r) => r.certStatus === 'expired').length,
      certExpiring: employed.filter((r) => r.certStatus === 'expiring').length,
      elevatorCount: info.elevatorCount,
      contractCount: contracts.length,
      contractValid: contracts.filter((c) => c.status === 'valid' || c.status === 'expiring').length,
      averageRating: rating.average,
      ratingCount: rating.count,
    },
  };
}

/** The unit's lifts, for whoever may see the unit. */
export async function maintenanceUnitLifts(
  q: Queryable,
  user: AuthUser,
  id: number,
  f: Parameters<typeof liftsOfMaintenanceCompany>[3],
) {
  await maintenanceUnitDetail(q, user, id);
  return liftsOfMaintenanceCompany(q, user, id, f);
}

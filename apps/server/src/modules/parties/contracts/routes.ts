/**
 * The calls of maintenance contracts, bound to their services.
 */
import { contractAuditCalls, contractCalls } from '@ec/contract';
import { implement } from '../../../platform/http/implement.ts';
import { auditRoutes, groupCalls } from '../../../platform/workflow/audit-desk.ts';
import { contractDesk } from './audit.ts';
import { elevatorContractStates, flaggedElevators } from './lift-flags.ts';
import { contractDetail, listContracts } from './read.ts';
import { deleteContracts, saveContract, updateContract } from './write.ts';

const tx = { tx: true };

export const contractRoutes = [
  implement(contractCalls.queryList, (f, { user, db }) => listContracts(db, user, f)),
  implement(contractCalls.detail, ({ id }, { user, db }) => contractDetail(db, user, id)),
  implement(
    contractCalls.save,
    async (input, { user, db }) => contractDetail(db, user, await saveContract(db, user, input)),
    tx,
  ),
  implement(
    contractCalls.update,
    async (input, { user, db }) => contractDetail(db, user, await updateContract(db, user, input)),
    tx,
  ),
  implement(
    contractCalls.delete,
    async ({ ids }, { user, db }) => ({ deleted: await deleteContracts(db, user, ids) }),
    tx,
  ),
  implement(contractCalls.elevatorState, ({ elevatorIds }, { user, db }) =>
    elevatorContractStates(db, user, elevatorIds),
  ),
  implement(contractCalls.flaggedElevators, (f, { user, db }) => flaggedElevators(db, user, f)),
  ...auditRoutes(contractDesk, groupCalls(contractAuditCalls)),
];

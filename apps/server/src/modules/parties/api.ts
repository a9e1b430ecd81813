/**
 * What other modules may ask of the parties module. They never write its tables, nor the
 * `enterprise` table whose rows its companies own (companies/registry.ts says why): the platform
 * administrator's 企业管理 page (system/enterprise.ts) writes registry rows through these.
 */
export {
  assertCreditCodeFree,
  deleteRegistryRows,
  type RegistryValues,
  writeRegistryRow,
} from './companies/registry.ts';
export {
  type ContractFact,
  contractOn,
  contractsOnRelation,
  filedWorkersOf,
  type WorkerFact,
  workersByIds,
} from './facts.ts';

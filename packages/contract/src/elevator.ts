/**
 * The elevator registry (/pc/elevator) and elevator claims (/pc/elevatorClaim).
 *
 * The declarations live in elevator/: fields (labels, rules, schemas), then the /pc/elevator calls
 * by purpose (queries, edits, sheets, details) and the claim records (claims). `elevatorCalls` is
 * one group, as the catalogue, the server's routes and the pages know it, assembled here from
 * those four files in the order they were declared.
 */
import { elevatorDetailCalls } from './elevator/details.ts';
import { elevatorEditCalls } from './elevator/edits.ts';
import { elevatorQueryCalls } from './elevator/queries.ts';
import { elevatorSheetCalls } from './elevator/sheets.ts';

export { claimCalls } from './elevator/claims.ts';
export type {
  ClaimRecord,
  ClaimType,
  ElevatorAttachment,
  ElevatorDetail,
  ElevatorFields,
  ElevatorFilters,
  ElevatorRow,
  ImportReport,
  InspectionCounts,
  InspectState,
  SyncSheetResult,
} from './elevator/fields.ts';
export {
  CLAIM_RECORD_STATE_LABEL,
  CLAIM_STATE_LABEL,
  CLAIM_TYPES,
  claimHistoryEntry,
  claimRecord,
  claimType,
  companyInfo,
  ELEVATOR_CODE_RE,
  ELEVATOR_SORT_FIELDS,
  ELEVATOR_TYPES,
  ESCALATOR_TYPE,
  elevatorAttachment,
  elevatorDetail,
  elevatorFields,
  elevatorFilters,
  elevatorPage,
  elevatorRow,
  INSPECT_STATE_LABEL,
  INSPECT_STATES,
  importReport,
  inspectionCounts,
  inspectStateOf,
  MAX_ELEVATOR_ATTACHMENTS,
  RESCUE_CODE_RE,
  syncSheetResult,
  USE_STATUS,
} from './elevator/fields.ts';

/** Every /pc/elevator call: one group, in the order the calls were declared. */
export const elevatorCalls = {
  ...elevatorQueryCalls,
  ...elevatorEditCalls,
  ...elevatorSheetCalls,
  ...elevatorDetailCalls,
};

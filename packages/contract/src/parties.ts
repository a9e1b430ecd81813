/**
 * The parties of the platform and how they get onto it (issue 6): maintenance companies, use units
 * (building companies), inspection organisations, their staff and safety officers, maintenance
 * contracts, communities and the maintenance incentive. Every filing goes through the audit workflow;
 * filing states (FILING_STATE in rules.ts) are the spec's 1 未备案, 2 待审核, 3 备案成功, 4 备案驳回.
 *
 * The declarations live in parties/, one file per sub-domain: labels and fields (what the others
 * build on), persons, officers (use units' safety officers), contracts, the companies
 * (maintenance-units, building-companies, inspection-orgs), communities, incentives and filing (the
 * account's own). This file names what the contract exports from them; the helpers the sub-domain
 * files share among themselves (positiveId, deleteCall, auditGroup …) stay out of the public API.
 */

export type {
  BuildingCompanyDetail,
  BuildingCompanyFields,
  BuildingCompanyRow,
} from './parties/building-companies.ts';
export {
  buildingCompanyAuditCalls,
  buildingCompanyCalls,
  buildingCompanyDetail,
  buildingCompanyFields,
  buildingCompanyRow,
} from './parties/building-companies.ts';
export type { CommunityFields, CommunityRow } from './parties/communities.ts';
export { communityCalls, communityFields, communityRow } from './parties/communities.ts';
export type {
  ContractAuditRow,
  ContractDetail,
  ContractFields,
  ContractRow,
  FlaggedElevator,
} from './parties/contracts.ts';
export {
  contractAuditCalls,
  contractAuditRow,
  contractCalls,
  contractDetail,
  contractElevator,
  contractFields,
  contractRow,
  elevatorContractState,
  flaggedElevator,
} from './parties/contracts.ts';
export type { AuditInfo, AuditStep, CompanyAuditRow, CompanyBrief, FileRef } from './parties/fields.ts';
export {
  auditDecision,
  auditInfo,
  auditStep,
  CONTACT_PHONE_RE,
  companyAuditRow,
  companyBrief,
  creditCodeField,
  dateField,
  fileIdField,
  fileRef,
  idNumberField,
  isMobile,
} from './parties/fields.ts';
export type { MyFiling } from './parties/filing.ts';
export { filingCalls, myFiling } from './parties/filing.ts';
export type { IncentiveRow, RatingRow } from './parties/incentives.ts';
export { incentiveCalls, incentiveRow, ratingRow } from './parties/incentives.ts';
export type {
  ApprovalState,
  InspectionOrgContact,
  InspectionOrgDetail,
  InspectionOrgFields,
  InspectionOrgFilters,
  InspectionOrgOption,
  InspectionOrgRow,
} from './parties/inspection-orgs.ts';
export {
  APPROVAL_STATE_LABEL,
  APPROVAL_STATES,
  approvalStateOf,
  inspectionOrgCalls,
  inspectionOrgDetail,
  inspectionOrgFields,
  inspectionOrgRow,
} from './parties/inspection-orgs.ts';
export type { FilingKind, LicenceGrade, LicenceType } from './parties/labels.ts';
export {
  CERT_STATUS,
  CERT_STATUS_LABEL,
  CERT_TYPE_LABEL,
  CERT_TYPES,
  CONTRACT_FLAG_LABEL,
  CONTRACT_FLAGS,
  CONTRACT_STATUS,
  CONTRACT_STATUS_LABEL,
  FILING_KINDS,
  filingStateFilter,
  LICENCE_GRADES,
  LICENCE_GRADES_BY_TYPE,
  LICENCE_TYPE_LABEL,
  LICENCE_TYPES,
  licenceGradeAllowed,
  PERSON_ROLE_LABEL,
  PERSON_ROLES,
  PLAN_TYPE_LABEL,
  PLAN_TYPES,
  USE_UNIT_TYPE_LABEL,
  USE_UNIT_TYPES,
} from './parties/labels.ts';
export type {
  MaintenanceUnitDetail,
  MaintenanceUnitFields,
  MaintenanceUnitRow,
} from './parties/maintenance-units.ts';
export {
  DETAIL_SECTIONS,
  maintenanceAuditCalls,
  maintenanceUnitCalls,
  maintenanceUnitDetail,
  maintenanceUnitFields,
  maintenanceUnitRow,
  unitStats,
} from './parties/maintenance-units.ts';
export type { ElevatorOfficerRow } from './parties/officers.ts';
export {
  buildingUserAuditCalls,
  buildingUserCalls,
  elevatorOfficerCalls,
  elevatorOfficerRow,
} from './parties/officers.ts';
export type {
  LeaveAuditRow,
  OfficerFields,
  PersonAuditRow,
  PersonDetail,
  PersonRow,
  StaffFields,
} from './parties/persons.ts';
export {
  leaveAuditRow,
  maintenanceUserCalls,
  officerFields,
  personAuditRow,
  personDetail,
  personRow,
  staffFields,
} from './parties/persons.ts';

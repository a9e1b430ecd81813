import type { Call } from '../call.ts';

/* 检验设备（tbInspectionEquipment）与印章（tbInspectionOrganizationSeal）. Filled in by its part; see rules.ts for the permissions. */

export const equipmentCalls: Record<string, Call> = {};

export const sealCalls: Record<string, Call> = {};

import type { Call } from '../call.ts';

/* 检验人员（tbInspector、tbInspectorAudit）与部门（tbDepartment）. Filled in by its part; see rules.ts for the permissions. */

export const inspectorCalls: Record<string, Call> = {};

export const departmentCalls: Record<string, Call> = {};

import type { Call } from '../call.ts';

/* 检验项目（tbInspectionItem、tbInspectionItemElevatorType）与收费标准（tbInspectionCost）. Filled in by its part; see rules.ts for the permissions. */

export const inspectionItemCalls: Record<string, Call> = {};

export const costCalls: Record<string, Call> = {};

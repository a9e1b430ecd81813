import type { Call } from '../call.ts';

/* 技术参数（tbTechnicalParameters）与检验电梯. Filled in by its part; see rules.ts for the permissions. */

export const technicalParamCalls: Record<string, Call> = {};

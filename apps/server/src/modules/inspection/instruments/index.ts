import type { ModulePart } from '../../../platform/module.ts';

/** Instruments (检验设备) with their calibration (检定), and seals (印章管理). */
export const instrumentPart: ModulePart = {};

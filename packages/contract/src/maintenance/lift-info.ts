import type { z } from 'zod';
import { companyInfo } from '../elevator/fields.ts';
import { maintainedLift } from './plans.ts';

/** The elevator detail's 维保信息: its maintenance company, contract, plan and overdue state. */
export const liftMaintenanceInfo = maintainedLift.extend({ maintenanceCompany: companyInfo });
export type LiftMaintenanceInfo = z.infer<typeof liftMaintenanceInfo>;

import { z } from 'zod';
import { maintainedLift } from './plans.ts';

/** The elevator detail's 维保信息: its maintenance company, contract, plan and overdue state. */
export const liftMaintenanceInfo = maintainedLift.extend({
  maintenanceCompany: z
    .object({
      id: z.number().int(),
      name: z.string(),
      creditCode: z.string().nullable(),
      contactName: z.string().nullable(),
      contactPhone: z.string().nullable(),
    })
    .nullable(),
});
export type LiftMaintenanceInfo = z.infer<typeof liftMaintenanceInfo>;

import { shanghaiToday } from '@ec/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/client.ts';
import { rowsOf } from '../../../platform/db/sql.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { liftFacts } from '../../elevator/api.ts';
import { repairOrder } from '../tables.ts';
import { hitchTypeLabel } from './hitch-types.ts';

export interface OpenRepairInput {
  elevatorId: number;
  /** A key of the dictionary `hitch_type` (hitchTypes). */
  hitchType: string;
  description: string | null;
  reporterName: string | null;
  reporterPhone: string | null;
  /** 1 电话 2 一键呼救 3 物联网 4 扫码上报 5 维保单位 6 使用单位 */
  source: number;
  caseId: number | null;
  createdBy: number | null;
}

/**
 * Opens a repair order (故障报修) for a lift, in the caller's transaction: the lift's district and
 * bound companies are copied onto it (so lists filter on its own columns and the order keeps who was
 * bound when it was reported). The caller decided the user may act on the lift. The number is
 * 'BX' + the Shanghai date + the row's id drawn first from its own sequence (at least 6 digits,
 * never cut), so numbers are unique without a lock and the id and number agree.
 */
export async function openRepair(
  tx: Queryable,
  input: OpenRepairInput,
): Promise<{ id: number; repairNo: string }> {
  const lift = await liftFacts(tx, input.elevatorId);
  if (!lift) throw notFound('电梯不存在');
  if (!(await hitchTypeLabel(tx, input.hitchType)))
    throw badRequest('故障类型不存在，请从故障类型列表中选择');
  const [{ id }] = rowsOf<{ id: string | number }>(
    await tx.execute(sql`select nextval(pg_get_serial_sequence('repair_order', 'id')) as id`),
  );
  const rowId = Number(id);
  const repairNo = `BX${shanghaiToday().replaceAll('-', '')}${String(rowId).padStart(6, '0')}`;
  await tx.insert(repairOrder).values({
    id: rowId,
    repairNo,
    elevatorId: lift.id,
    areaCode: lift.areaCode,
    maintenanceCompanyId: lift.maintenanceCompanyId,
    useCompanyId: lift.useCompanyId,
    hitchType: input.hitchType,
    description: input.description,
    reporterName: input.reporterName,
    reporterPhone: input.reporterPhone,
    source: input.source,
    caseId: input.caseId,
    createdBy: input.createdBy,
  });
  return { id: rowId, repairNo };
}

import { addDays, shanghaiToday } from '@ec/contract';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.ts';
import { sysUser } from '../../../platform/db/tables.ts';
import { liftsRelation } from '../../elevator/api.ts';
import { emergencyCode, emergencyCodeBatch, emergencyCodeRecord } from '../tables.ts';
import { claimFor, generateBatch } from './pool.ts';

const companyOf = async (tx: Tx, username: string) =>
  (await tx.select({ c: sysUser.companyId }).from(sysUser).where(eq(sysUser.username, username)))[0]?.c ??
  null;

/**
 * Demo codes: the codes the demo lifts already hold go into the pool as the batch 存量, claimed by
 * each lift's use unit (and recorded as claimed and bound); then two fresh batches, one of them
 * temporary, part of each claimed by the demo's use unit and maintenance company.
 */
export async function seedCodes(tx: Tx) {
  const lift = liftsRelation().as('seed_lift');
  const [existing] = await tx
    .insert(emergencyCodeBatch)
    .values({
      batchNo: 'CL-0001',
      quantity: 0,
      remark: '存量：电梯登记时已有的应急救援识别码',
    })
    .returning({ id: emergencyCodeBatch.id });
  const held = await tx.execute(sql`
    insert into ${emergencyCode} (code, batch_id, claimed_by, claimed_at)
    select ${lift.rescueCode}, ${existing.id}, ${lift.useCompanyId}, now() - interval '90 days'
    from ${lift} where ${lift.rescueCode} is not null
    on conflict (code) do nothing`);
  void held;
  await tx.execute(sql`
    update ${emergencyCodeBatch} set quantity = (select count(*) from ${emergencyCode} where batch_id = ${existing.id})
    where id = ${existing.id}`);
  for (const action of ['认领', '绑定'])
    await tx.execute(sql`
      insert into ${emergencyCodeRecord} (code, action, company_id, elevator_id, register_code, user_name, at)
      select ${lift.rescueCode}, ${action}, ${lift.useCompanyId}, ${lift.id}, ${lift.registerCode}, '系统（存量导入）',
        now() - interval '90 days' + (case when ${action} = '绑定' then interval '1 minute' else interval '0' end)
      from ${lift} where ${lift.rescueCode} is not null and ${lift.useCompanyId} is not null
      order by ${lift.id}`);

  const useUnit = await companyOf(tx, 'sy_admin1');
  const maintainer = await companyOf(tx, 'wb_admin1');
  const fresh = await generateBatch(tx, null, { quantity: 300, temporary: false, remark: '2026 年第一批' });
  const temporary = await generateBatch(tx, null, {
    quantity: 60,
    temporary: true,
    validUntil: addDays(shanghaiToday(), 60),
    remark: '临时应急码（新装电梯未登记前使用）',
  });
  if (useUnit) {
    await claimFor(tx, useUnit, null, { quantity: 30, batchId: fresh.id, temporary: false });
    await claimFor(tx, useUnit, null, { quantity: 5, batchId: temporary.id, temporary: true });
  }
  if (maintainer) await claimFor(tx, maintainer, null, { quantity: 20, batchId: fresh.id, temporary: false });
}

/**
 * 证书合同到期 messages (issue 20): once for each certificate, licence or contract that will end
 * within 30 days — a worker's or officer's certificate (told to the person and to the company's
 * administrators), a maintenance company's licence, a passed maintenance contract (told to both
 * its maintenance company and its use unit). The rule of kind `expiry` names which roles of the
 * companies receive them; the dedup key carries the end date, so a renewed one is told again
 * before its next end.
 */
import { addDays, PARTY_PAGES, partyPath, shanghaiToday } from '@ec/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/sql.ts';
import { enterprise, sysUser } from '../../platform/db/tables.ts';
import { notify } from '../../platform/notify.ts';
import { maintenanceContract, maintenanceUnitProfile, staffProfile } from './tables.ts';

/** How far ahead an end is told. */
export const EXPIRY_NOTICE_DAYS = 30;

/** Sends the messages due today; returns how many were written (none twice for the same end). */
export async function notifyExpiries(db: Queryable, today = shanghaiToday()): Promise<number> {
  const last = addDays(today, EXPIRY_NOTICE_DAYS);
  let sent = 0;

  const certs = rowsOf<{ user_id: number; company_id: number; role: string; name: string; expiry: string }>(
    await db.execute(sql`
      select p.user_id, p.company_id, p.role, u.real_name as name, to_char(p.cert_expiry, 'YYYY-MM-DD') as expiry
      from ${staffProfile} p join ${sysUser} u on u.id = p.user_id
      where p.employed = 1 and p.cert_expiry between ${today}::date and ${last}::date
      order by p.user_id`),
  );
  for (const c of certs) {
    sent += (
      await notify(db, {
        kind: 'expiry',
        title: `${c.name} 的作业证书将于 ${c.expiry} 到期`,
        body: `${c.name} 的特种设备作业人员证书将于 ${c.expiry} 到期，请及时办理复审。`,
        // A maintenance company's people are on 维保人员, a use unit's officers on 安全员备案.
        link: partyPath(
          c.role === 'staff' || c.role === 'admin' ? PARTY_PAGES.personnel : PARTY_PAGES.officers,
        ),
        dedupKey: `cert:${c.user_id}:${c.expiry}`,
        userIds: [Number(c.user_id)],
        companyIds: [Number(c.company_id)],
      })
    ).length;
  }

  const licences = rowsOf<{ id: number; name: string; expiry: string }>(
    await db.execute(sql`
      select p.enterprise_id as id, e.name, to_char(p.licence_expiry, 'YYYY-MM-DD') as expiry
      from ${maintenanceUnitProfile} p join ${enterprise} e on e.id = p.enterprise_id
      where p.licence_expiry between ${today}::date and ${last}::date
      order by p.enterprise_id`),
  );
  for (const l of licences) {
    sent += (
      await notify(db, {
        kind: 'expiry',
        title: `维保许可证将于 ${l.expiry} 到期`,
        body: `${l.name} 的电梯安装改造修理许可证将于 ${l.expiry} 到期，请及时办理延续。`,
        link: partyPath(PARTY_PAGES.maintenanceUnit),
        dedupKey: `licence:${l.id}:${l.expiry}`,
        companyIds: [Number(l.id)],
      })
    ).length;
  }

  const contracts = rowsOf<{
    id: number;
    contract_no: string;
    maintenance_company_id: number;
    use_company_id: number;
    end_date: string;
  }>(
    await db.execute(sql`
      select c.id, c.contract_no, c.maintenance_company_id, c.use_company_id, to_char(c.end_date, 'YYYY-MM-DD') as end_date
      from ${maintenanceContract} c
      where c.filing_state = 3 and c.end_date between ${today}::date and ${last}::date
      order by c.id`),
  );
  for (const c of contracts) {
    sent += (
      await notify(db, {
        kind: 'expiry',
        title: `维保合同 ${c.contract_no} 将于 ${c.end_date} 到期`,
        body: `维保合同 ${c.contract_no} 将于 ${c.end_date} 到期；到期后合同内电梯将无有效维保合同，请及时续签并备案。`,
        link: partyPath(PARTY_PAGES.contract),
        dedupKey: `contract:${c.id}:${c.end_date}`,
        companyIds: [Number(c.maintenance_company_id), Number(c.use_company_id)],
      })
    ).length;
  }
  return sent;
}

/**
 * Lifts seen through their contracts: each lift's contract state, and the lifts whose maintenance no
 * valid contract covers.
 */
import {
  addDays,
  CONTRACT_EXPIRING_DAYS,
  CONTRACT_FLAG_LABEL,
  CONTRACT_STATUS_LABEL,
  shanghaiToday,
} from '@ec/contract';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../platform/access.ts';
import type { Queryable } from '../../../platform/db/client.ts';
import { paginate } from '../../../platform/db/paginate.ts';
import { rowsOf } from '../../../platform/db/sql.ts';
import { liftsRelation, liftVisibleTo } from '../../elevator/api.ts';
import { maintenanceContract, maintenanceContractElevator } from '../tables.ts';
import { contractScope, contractStatus, lift } from './read.ts';

/** Per elevator (in the user's scope): the contract that covers today, else the latest one. */
export async function elevatorContractStates(q: Queryable, user: AuthUser, elevatorIds: number[]) {
  const ids = [...new Set(elevatorIds)];
  // The user's elevators, and those of contracts the user is a party to.
  const visible = await q
    .select({ id: lift.id })
    .from(lift)
    .where(
      and(
        inArray(lift.id, ids),
        or(
          liftVisibleTo(user, lift.id),
          sql`exists (select 1 from ${maintenanceContractElevator} ce
            join ${maintenanceContract} on ${maintenanceContract.id} = ce.contract_id
            where ce.elevator_id = ${lift.id} and ${contractScope(user)})`,
        ),
      ),
    );
  const day = shanghaiToday();
  const contracts = visible.length
    ? await q
        .select({
          elevatorId: maintenanceContractElevator.elevatorId,
          id: maintenanceContract.id,
          contractNo: maintenanceContract.contractNo,
          startDate: maintenanceContract.startDate,
          endDate: maintenanceContract.endDate,
          filingState: maintenanceContract.filingState,
        })
        .from(maintenanceContractElevator)
        .innerJoin(maintenanceContract, eq(maintenanceContract.id, maintenanceContractElevator.contractId))
        .where(
          and(
            inArray(
              maintenanceContractElevator.elevatorId,
              visible.map((v) => v.id),
            ),
            inArray(maintenanceContract.filingState, [2, 3]),
          ),
        )
    : [];
  return visible.map(({ id }) => {
    const mine = contracts.filter((c) => c.elevatorId === id);
    const passed = mine.filter((c) => c.filingState === 3);
    const current =
      passed.find((c) => c.startDate <= day && c.endDate >= day) ??
      passed.sort((a, b) => (a.endDate < b.endDate ? 1 : -1))[0];
    const state = current
      ? (contractStatus(3, current.startDate, current.endDate, day) as
          | 'notStarted'
          | 'valid'
          | 'expiring'
          | 'expired')
      : mine.length > 0
        ? ('pending' as const)
        : ('none' as const);
    const pick = current ?? mine[0];
    return {
      elevatorId: id,
      state,
      stateLabel: state === 'none' ? '无维保合同' : CONTRACT_STATUS_LABEL[state],
      contractId: pick?.id ?? null,
      contractNo: pick?.contractNo ?? null,
      endDate: pick?.endDate ?? null,
    };
  });
}

/**
 * Elevators bound to a maintenance company (in the user's scope) whose maintenance is not covered:
 * no passed contract for today (missing, or the last one ended) or one that ends within 30 days.
 */
export async function flaggedElevators(
  q: Queryable,
  user: AuthUser,
  f: { page: number; limit: number; flag?: 'missing' | 'expired' | 'expiring'; registerCode?: string },
) {
  const day = shanghaiToday();
  const soon = addDays(day, CONTRACT_EXPIRING_DAYS);
  const flag = sql`case
      when c.id is null then 'missing'
      when c.end_date < ${day} then 'expired'
      when c.start_date > ${day} then 'missing'
      else 'expiring' end`;
  const base = sql`
    from (${liftsRelation(user)}) lift
    left join lateral (
      select mc.id, mc.contract_no, mc.start_date, mc.end_date
      from maintenance_contract_elevator ce join maintenance_contract mc on mc.id = ce.contract_id
      where ce.elevator_id = lift.id and mc.filing_state = 3
      order by (mc.start_date <= ${day} and mc.end_date >= ${day}) desc, mc.end_date desc
      limit 1) c on true
    left join enterprise m on m.id = lift.maintenance_company_id
    left join enterprise u on u.id = lift.use_company_id
    where lift.maintenance_company_id is not null
      and (c.id is null or c.end_date < ${day} or c.start_date > ${day} or c.end_date <= ${soon})
      ${f.registerCode ? sql`and lift.register_code like ${`${f.registerCode.toUpperCase().replace(/[\\%_]/g, '')}%`}` : sql``}
      ${f.flag ? sql`and ${flag} = ${f.flag}` : sql``}`;
  type Flagged = {
    id: number;
    register_code: string;
    name: string | null;
    address: string;
    area_code: string;
    maintenance_company_id: number | null;
    maintenance_name: string | null;
    use_company_id: number | null;
    use_name: string | null;
    flag: 'missing' | 'expired' | 'expiring';
    contract_no: string | null;
    end_date: string | null;
  };
  return paginate(
    q,
    f,
    async (w) =>
      rowsOf<Flagged>(
        await q.execute(sql`select lift.id, lift.register_code, lift.name, lift.address,
        lift.area_code, lift.maintenance_company_id, m.name as maintenance_name,
        lift.use_company_id, u.name as use_name, ${flag} as flag, c.contract_no, c.end_date::text as end_date
      ${base} order by lift.id limit ${w.limit} offset ${w.offset}`),
      ),
    async () => Number(rowsOf<{ n: number }>(await q.execute(sql`select count(*)::int as n ${base}`))[0].n),
    (r) => ({
      elevatorId: Number(r.id),
      registerCode: r.register_code,
      name: r.name,
      address: r.address,
      areaCode: r.area_code,
      maintenanceCompanyId: r.maintenance_company_id === null ? null : Number(r.maintenance_company_id),
      maintenanceCompanyName: r.maintenance_name,
      useCompanyId: r.use_company_id === null ? null : Number(r.use_company_id),
      useCompanyName: r.use_name,
      flag: r.flag,
      flagLabel: CONTRACT_FLAG_LABEL[r.flag],
      contractNo: r.contract_no,
      endDate: r.end_date,
    }),
  );
}

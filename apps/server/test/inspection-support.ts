/**
 * What the inspection report tests share: orders made straight in the database, already distributed
 * to jy_inspector1, so that a test starts where the inspector's work does.
 */

type Query = <T>(text: string) => Promise<T[]>;

/**
 * A maker of new orders of `orgId` distributed to jy_inspector1 (on-site `planned`, today unless
 * given), each on another of sy_admin1's lifts in use that the organisation's catalogue has items for
 * and no open order holds. `prefix` marks the order numbers; `last` takes the lifts from the end.
 */
export function distributedOrders(
  query: Query,
  orgId: () => number,
  { prefix, today, last = false }: { prefix: string; today: string; last?: boolean },
) {
  const used = new Set<number>();
  return async (planned = today) => {
    const lifts = await query<{ id: number }>(
      `select e.id from elevator e where e.use_company_id = (select company_id from sys_user where username = 'sy_admin1') and e.use_status = 1
        and e.variety in (select v.variety from inspection_item_variety v join inspection_item i on i.id = v.item_id where i.org_id = ${orgId()})
        and not exists (select 1 from inspection_order o where o.elevator_id = e.id and o.state not in ('reported', 'closed', 'cancelled'))
        order by e.id ${last ? 'desc' : 'asc'} limit 50`,
    );
    const lift = lifts.find((l) => !used.has(l.id));
    if (!lift) throw new Error('no free lift');
    used.add(lift.id);
    const [order] = await query<{ id: number }>(
      `insert into inspection_order (order_no, elevator_id, org_id, use_unit_id, state, next_inspection_date,
          attachments, inspector_id, inspector_user_id, planned_date)
        select '${prefix}-' || e.id, e.id, ${orgId()}, e.use_company_id, 'distributed', coalesce(e.next_inspect_date, current_date),
          '{}'::jsonb, i.id, i.user_id, '${planned}'
        from elevator e, inspection_inspector i
        where e.id = ${lift.id} and i.user_id = (select id from sys_user where username = 'jy_inspector1')
        returning id`,
    );
    return { orderId: order.id, liftId: lift.id };
  };
}

/** The first catalogue item of `orgId` for the lift's variety. */
export async function firstItemOf(query: Query, orgId: number, liftId: number): Promise<number> {
  const [item] = await query<{ id: number }>(
    `select i.id from inspection_item i join inspection_item_variety v on v.item_id = i.id
      where i.org_id = ${orgId} and v.variety = (select variety from elevator where id = ${liftId}) order by i.sort, i.id limit 1`,
  );
  return item.id;
}

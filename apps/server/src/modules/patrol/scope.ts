import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/access.ts';
import type { FileReference } from '../../platform/files/references.ts';
import { patrolTaskAssignee as a, patrolNotice as n, patrolResult as r, patrolTask as t } from './tables.ts';

/*
 * Who sees what of the patrol (anything outside answers 404):
 * - tasks: the platform every task; a regulator the tasks of its districts; an assignee its own;
 * - notices: the platform every notice; a regulator those of its districts; a use unit's or a
 *   maintenance company's accounts the notices addressed to their company.
 * Who may act on a visible record is checked in flow.ts (the assignee does a task, the recipient
 * answers, the district's regulator closes and reopens).
 */

const inAreas = (user: AuthUser, column: AnyColumn) =>
  user.areaCodes.length === 0
    ? sql`false`
    : sql`${column} in (${sql.join(
        user.areaCodes.map((c) => sql`${c}`),
        sql`, `,
      )})`;

const assigned = (user: AuthUser) =>
  sql`exists (select 1 from ${a} where ${a.taskId} = ${t.id} and ${a.userId} = ${user.id})`;

export function taskScope(user: AuthUser): SQL {
  if (user.dataScope === 'all') return sql`true`;
  if (user.dataScope === 'area') return sql`(${inAreas(user, t.areaCode)} or ${assigned(user)})`;
  return assigned(user);
}

/** A regulator (or the platform) who may plan tasks in this district. */
export const mayPlanIn = (user: AuthUser, areaCode: string) =>
  user.dataScope === 'all' || (user.dataScope === 'area' && user.areaCodes.includes(areaCode));

const RECIPIENT_TYPES = ['use_unit', 'safety_officer', 'maintenance'];

/** The company whose notices the user answers, or null. */
export const recipientCompanyOf = (user: AuthUser): number | null =>
  RECIPIENT_TYPES.includes(user.userType) ? user.companyId : null;

export function noticeScope(user: AuthUser): SQL {
  if (user.dataScope === 'all') return sql`true`;
  if (user.dataScope === 'area') return inAreas(user, n.areaCode);
  const company = recipientCompanyOf(user);
  return company === null ? sql`false` : sql`${n.recipientCompanyId} = ${company}`;
}

/** A result's photos are readable by whoever may read its task, or the notice it opened. */
export const resultPhotos: FileReference = {
  name: 'patrol-result-photo',
  readable: (user, file) =>
    sql`exists (select 1 from ${r} join ${t} on ${t.id} = ${r.taskId}
      left join ${n} on ${n.resultId} = ${r.id}
      where ${r.photos} @> array[(${file})::text]
        and (${taskScope(user)} or (${n.id} is not null and ${noticeScope(user)})))`,
};

/** A notice's answer photos, by whoever may read the notice. */
export const answerPhotos: FileReference = {
  name: 'patrol-answer-photo',
  readable: (user, file) =>
    sql`exists (select 1 from ${n} where ${n.answerPhotos} @> array[(${file})::text] and ${noticeScope(user)})`,
};

// ---------------------------------------------------------------- live events

export const TASK_TOPIC = 'patrol.task';
export const NOTICE_TOPIC = 'patrol.notice';

export interface TaskAudience {
  areaCode: string;
  assigneeIds: number[];
}
export interface NoticeAudience {
  areaCode: string;
  recipientCompanyId: number;
}

/** `taskScope` in code, for live events. */
export function seesTask(user: AuthUser, a: TaskAudience): boolean {
  if (user.dataScope === 'all') return true;
  if (a.assigneeIds.includes(user.id)) return true;
  return user.dataScope === 'area' && user.areaCodes.includes(a.areaCode);
}

/** `noticeScope` in code, for live events. */
export function seesNotice(user: AuthUser, a: NoticeAudience): boolean {
  if (user.dataScope === 'all') return true;
  if (user.dataScope === 'area') return user.areaCodes.includes(a.areaCode);
  const company = recipientCompanyOf(user);
  return company !== null && company === a.recipientCompanyId;
}

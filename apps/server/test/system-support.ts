import type { MenuTreeNode, Page } from '@ec/contract';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { operationLog } from '../src/platform/db/tables.ts';
import type { TestApp } from './harness.ts';

/** Helpers shared by the system-settings tests. */

export const flattenTree = (nodes: MenuTreeNode[]): MenuTreeNode[] =>
  nodes.flatMap((n) => [n, ...flattenTree(n.children)]);

export async function menuTree(t: TestApp, token: string) {
  const res = await t.api<MenuTreeNode[]>('GET', '/pc/sysMenu/tree', { token });
  expect(res.status).toBe(200);
  return flattenTree(res.body.data);
}

/** Menu ids of pages by url, with their buttons. */
export async function menuIds(t: TestApp, token: string, urls: string[]) {
  const all = await menuTree(t, token);
  const ids: number[] = [];
  for (const url of urls) {
    const page = all.find((m) => m.url === url);
    if (!page) throw new Error(`no menu ${url}`);
    ids.push(page.id, ...page.children.filter((c) => c.type === 'F').map((c) => c.id));
  }
  return ids;
}

export interface MadeUser {
  id: number;
  username: string;
  roleId: number;
  password: string;
  token: string;
}

let serial = 0;

/** A role granting the given pages (with their buttons), a user holding it, and that user's token. */
export async function userWithPages(
  t: TestApp,
  admin: string,
  pages: string[],
  extra: { dataScope?: 'all' | 'area' | 'company' | 'self'; companyId?: number; userType?: string } = {},
): Promise<MadeUser> {
  serial++;
  const role = await t.api<{ id: number }>('POST', '/pc/sysRole/save', {
    token: admin,
    body: {
      roleKey: `test_role_${serial}_${Date.now() % 100000}`,
      name: `测试角色${serial}`,
      dataScope: extra.dataScope ?? 'all',
      menuIds: await menuIds(t, admin, pages),
    },
  });
  expect(role.status, role.body.resultMsg).toBe(200);
  const username = `tester${serial}_${Date.now() % 100000}`;
  const user = await t.api<{ user: { id: number }; initialPassword: string }>('POST', '/pc/sysUser/save', {
    token: admin,
    body: {
      username,
      realName: `测试用户${serial}`,
      userType: extra.userType ?? 'platform',
      companyId: extra.companyId ?? null,
      roleIds: [role.body.data.id],
    },
  });
  expect(user.status, user.body.resultMsg).toBe(200);
  const password = user.body.data.initialPassword;
  return {
    id: user.body.data.user.id,
    username,
    roleId: role.body.data.id,
    password,
    token: await t.login(username, password),
  };
}

/** The log is written after the response is sent; wait until the expected rows are there. */
export async function waitForLog(t: TestApp, where: SQL | undefined, atLeast = 1) {
  for (let i = 0; i < 50; i++) {
    const rows = await t.platform.db
      .select()
      .from(operationLog)
      .where(and(where))
      .orderBy(desc(operationLog.id));
    if (rows.length >= atLeast) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('operation log rows did not appear');
}

export const logOfPath = (path: string) => eq(operationLog.path, path);

export type AnyPage<T = Record<string, unknown>> = Page<T>;

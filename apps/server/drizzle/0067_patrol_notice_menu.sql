-- 整改通知 (/patrol/notice, the regulator's notices to review) on an installation seeded before it:
-- the page under 电子巡检 with its two buttons, granted to every role that holds 巡检任务详情
-- (/patrol/taskDetail, where the regulator closed and reopened notices until now), and of the
-- buttons only those whose permission the role already holds. A new database has no menus yet when
-- this runs: it does nothing, and the seed (platform/seed/base.ts) creates and grants the page.
INSERT INTO "sys_menu" ("parent_id", "name", "url", "hidden", "sort", "type")
SELECT p."id", '整改通知', '/patrol/notice', false,
  (SELECT coalesce(max(c."sort"), 0) + 1 FROM "sys_menu" c WHERE c."parent_id" = p."id"), 'C'
FROM "sys_menu" p
WHERE p."url" = '/patrol' AND p."type" <> 'F'
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" m WHERE m."url" = '/patrol/notice');
--> statement-breakpoint
INSERT INTO "sys_menu" ("parent_id", "name", "url", "perms", "hidden", "sort", "type")
SELECT m."id", b."name", '', b."perms", true, m."sort" + b."n", 'F'
FROM "sys_menu" m
CROSS JOIN (VALUES (1, '查询整改通知', 'patrol:notice:list'), (2, '整改通知销号、退回', 'patrol:notice:handle'))
  AS b("n", "name", "perms")
WHERE m."url" = '/patrol/notice'
  AND NOT EXISTS (SELECT 1 FROM "sys_menu" f WHERE f."parent_id" = m."id" AND f."perms" = b."perms");
--> statement-breakpoint
INSERT INTO "sys_role_menu" ("role_id", "menu_id")
SELECT DISTINCT rm."role_id", m."id"
FROM "sys_role_menu" rm
JOIN "sys_menu" d ON d."id" = rm."menu_id" AND d."url" = '/patrol/taskDetail'
CROSS JOIN "sys_menu" m
WHERE m."url" = '/patrol/notice'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sys_role_menu" ("role_id", "menu_id")
SELECT DISTINCT rm."role_id", f."id"
FROM "sys_role_menu" rm
JOIN "sys_menu" m ON m."id" = rm."menu_id" AND m."url" = '/patrol/notice'
JOIN "sys_menu" f ON f."parent_id" = m."id" AND f."type" = 'F'
WHERE EXISTS (
  SELECT 1 FROM "sys_role_menu" o JOIN "sys_menu" om ON om."id" = o."menu_id"
  WHERE o."role_id" = rm."role_id" AND om."perms" = f."perms"
)
ON CONFLICT DO NOTHING;

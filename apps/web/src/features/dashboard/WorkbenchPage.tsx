import type { MenuEntry } from '@ec/contract';
import { Card, Col, Empty, Input, Row, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { Todo, useRoleTodo } from './RoleFigures.tsx';

/** A sidebar group and the pages it shows, as the account's menu holds them. */
interface Group {
  id: number;
  name: string;
  pages: { url: string; name: string }[];
}

/** The account's visible pages by top group (the sidebar's own order; the hidden 物联网 entry left out). */
function groupsOf(menus: MenuEntry[]): Group[] {
  const leaves = (e: MenuEntry): { url: string; name: string }[] =>
    e.childTree.length > 0
      ? e.childTree.filter((c) => !c.hidden).flatMap(leaves)
      : [{ url: e.url, name: e.name }];
  return menus
    .filter((m) => !m.hidden && m.url !== 'iot')
    .map((m) => ({ id: m.id, name: m.name, pages: leaves(m) }))
    .filter((g) => g.pages.length > 0);
}

/**
 * 工作台: where an account starts its day. Its to-do list (the same items as the home page, each
 * opening the list that holds them) and every page it may open, by group, found by typing part of a
 * page's or a group's name.
 */
export default function WorkbenchPage() {
  const { user, menus } = useSession();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const todo = useRoleTodo(user!);
  const groups = useMemo(() => groupsOf(menus), [menus]);
  const word = typed.trim();
  const shown = word
    ? groups
        .map((g) =>
          g.name.includes(word) ? g : { ...g, pages: g.pages.filter((p) => p.name.includes(word)) },
        )
        .filter((g) => g.pages.length > 0)
    : groups;
  const open = todo?.filter((t) => t.count > 0) ?? [];

  return (
    <div className="workbench">
      {todo === null ? (
        <Card size="small" title="我的待办">
          <Skeleton active paragraph={{ rows: 2 }} />
        </Card>
      ) : todo.length > 0 ? (
        <Todo items={todo} title={`我的待办（${open.length} 项待处理）`} />
      ) : (
        <Card size="small" title="我的待办" data-testid="dashboard-todo">
          <Typography.Text type="secondary">
            本账号的待办在各业务页面中处理，请从下方功能导航进入。
          </Typography.Text>
        </Card>
      )}
      <Card
        title="功能导航"
        style={{ marginTop: 16 }}
        extra={
          <Input.Search
            allowClear
            placeholder="输入页面名称查找"
            style={{ width: 240 }}
            onChange={(e) => setTyped(e.target.value)}
            data-testid="workbench-search"
          />
        }
      >
        {shown.length === 0 ? (
          <Empty description={word ? `没有名称含「${word}」的页面` : '本账号没有可访问的页面'} />
        ) : (
          shown.map((g) => (
            <div key={g.id} style={{ marginBottom: 16 }} data-testid="workbench-group">
              <Typography.Text strong>{g.name}</Typography.Text>
              <Row gutter={[8, 8]} style={{ marginTop: 8 }}>
                {g.pages.map((p) => (
                  <Col key={p.url} xs={12} md={8} xl={4}>
                    <Card
                      size="small"
                      hoverable
                      onClick={() => navigate(p.url)}
                      style={{ textAlign: 'center' }}
                      data-testid={`workbench-page-${p.url}`}
                    >
                      {p.name}
                    </Card>
                  </Col>
                ))}
              </Row>
            </div>
          ))
        )}
      </Card>
    </div>
  );
}

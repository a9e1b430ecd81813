import { CloseOutlined, DownOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Tag, theme } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { isFilingPath } from '../route-table.ts';
import { closeAll, closeOthers, closeTag, refreshPage, useTags, visit } from './tags.ts';

/** The visited-tags bar: refresh, close, close others, close all (doc 000 §2). */
export function TagsView() {
  const visited = useTags();
  // An account that must file first opens its filing page only: no tag leads anywhere else.
  const { needIntercept } = useSession();
  const tags = needIntercept ? visited.filter((t) => isFilingPath(t.path)) : visited;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { token } = theme.useToken();

  useEffect(() => visit(pathname), [pathname]);

  const close = (path: string) => {
    const next = closeTag(path, pathname);
    if (next) navigate(next);
  };
  const actions = (path: string): MenuProps => ({
    items: [
      { key: 'refresh', icon: <ReloadOutlined />, label: '刷新' },
      { key: 'close', label: '关闭', disabled: tags.find((t) => t.path === path)?.affix },
      { key: 'others', label: '关闭其他' },
      { key: 'all', label: '关闭所有' },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'refresh') {
        refreshPage(path);
        if (path !== pathname) navigate(path);
      } else if (key === 'close') close(path);
      else if (key === 'others') {
        closeOthers(path);
        if (path !== pathname) navigate(path);
      } else navigate(closeAll());
    },
  });

  return (
    <div
      className="tags-view"
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        padding: '6px 16px',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        boxShadow: '0 1px 3px 0 rgba(0,0,0,.06)',
      }}
    >
      <div style={{ flex: 1, overflowX: 'auto', whiteSpace: 'nowrap' }}>
        {tags.map((t) => {
          const active = t.path === pathname;
          return (
            <Dropdown key={t.path} menu={actions(t.path)} trigger={['contextMenu']}>
              <Tag
                data-tag={t.path}
                color={active ? token.colorPrimary : undefined}
                closable={!t.affix}
                closeIcon={<CloseOutlined />}
                onClose={(e) => {
                  e.preventDefault();
                  close(t.path);
                }}
                onClick={() => navigate(t.path)}
                style={{ cursor: 'pointer', userSelect: 'none', marginInlineEnd: 4 }}
              >
                {t.title}
              </Tag>
            </Dropdown>
          );
        })}
      </div>
      <Dropdown menu={actions(pathname)} placement="bottomRight">
        <Button size="small" className="tags-actions">
          标签操作 <DownOutlined />
        </Button>
      </Dropdown>
    </div>
  );
}

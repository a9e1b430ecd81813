import { SearchOutlined } from '@ant-design/icons';
import { Button, Select, Tooltip } from 'antd';
import Fuse from 'fuse.js';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { menuLeaves } from '../menu.tsx';

/** Fuzzy route search over the pages the user may open (doc 000 §9: threshold 0.4, title 0.7, path 0.3). */
export function RouteSearch() {
  const { menus } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const fuse = useMemo(
    () =>
      new Fuse(menuLeaves(menus), {
        threshold: 0.4,
        keys: [
          { name: 'title', weight: 0.7 },
          { name: 'path', weight: 0.3 },
        ],
      }),
    [menus],
  );
  const options = query
    ? fuse.search(query, { limit: 20 }).map(({ item }) => ({ value: item.path, label: item.title }))
    : [];

  if (!open) {
    return (
      <Tooltip title="搜索菜单">
        <Button type="text" icon={<SearchOutlined />} aria-label="搜索菜单" onClick={() => setOpen(true)} />
      </Tooltip>
    );
  }
  return (
    <Select
      className="route-search"
      autoFocus
      defaultOpen
      showSearch
      filterOption={false}
      placeholder="搜索菜单"
      style={{ width: 220 }}
      options={options}
      onSearch={setQuery}
      notFoundContent={query ? '没有匹配的菜单' : null}
      onBlur={() => {
        setOpen(false);
        setQuery('');
      }}
      onSelect={(path: string) => {
        setOpen(false);
        setQuery('');
        navigate(path);
      }}
    />
  );
}

import { type ReactNode, useRef } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { useStore } from '../../lib/store.ts';
import { refreshStore, useTags } from './tags.ts';

/**
 * Per-page cache (doc 000 §2): every page that has a tag stays mounted, hidden while another is
 * shown, so it keeps its state. Closing the tag unmounts it; refreshing bumps its key.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const tags = useTags();
  const refresh = useStore(refreshStore);
  const cache = useRef(new Map<string, ReactNode>());

  if (outlet && !cache.current.has(pathname)) cache.current.set(pathname, outlet);
  const kept = new Set(tags.map((t) => t.path));
  for (const path of cache.current.keys()) {
    if (path !== pathname && !kept.has(path)) cache.current.delete(path);
  }

  return (
    <>
      {[...cache.current].map(([path, element]) => (
        <div key={`${path}#${refresh[path] ?? 0}`} hidden={path !== pathname} data-page={path}>
          {element}
        </div>
      ))}
    </>
  );
}

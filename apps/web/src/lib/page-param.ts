import { useRef } from 'react';
import { useLocation } from 'react-router';
import { useSession } from './session.ts';

/**
 * A positive integer query parameter of the current page (null when missing or malformed). Pages
 * stay mounted in other tags (keep-alive) and then see another page's location: a page keeps the
 * value it was opened with, read only while the location is the path it was mounted at (so a page
 * shared by two menu groups reads its own).
 */
export function usePageParam(name = 'id'): number | null {
  const location = useLocation();
  const mine = useRef(location.pathname);
  const here = location.pathname === mine.current;
  const raw = here ? new URLSearchParams(location.search).get(name) : null;
  const value = raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const last = useRef(value);
  if (here) last.current = value;
  return last.current;
}

/** True when the user's menu grants the route (hidden pages included). */
export function useCanOpen(path: string): boolean {
  return useSession().allowed.has(path);
}

import { useLocation } from 'react-router';
import { PARTY_GROUPS, type PartyPage, partyPath } from '../../lib/routes.ts';
import { useSession } from '../../lib/session.ts';

/** The permission that decides the inspection organisations' filings (机构审核). */
export const ORG_AUDIT_PERMISSION = 'inspection:org:audit';

/** Whether the current page is a record-filing variant (/basicInformationb). */
export function useFilingVariant(): boolean {
  return useLocation().pathname.startsWith(`${PARTY_GROUPS.filing}/`);
}

/**
 * The full path of a page in the group the user is in (a filing variant links to filing variants),
 * with an optional query string.
 */
export function usePagePath(): (page: PartyPage, query?: Record<string, string | number>) => string {
  const filing = useFilingVariant();
  return (page, query) => {
    const base = partyPath(page, filing);
    if (!query) return base;
    return `${base}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;
  };
}

/** True when the user's menu grants the page (in the current group). */
export function useCanOpenPage(): (page: PartyPage) => boolean {
  const { allowed } = useSession();
  const path = usePagePath();
  return (page) => allowed.has(path(page));
}

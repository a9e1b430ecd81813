import type { ComponentType } from 'react';

/**
 * Pages that are built, by route path. Every other catalogue route renders the placeholder.
 * Each loader is its own chunk.
 */
export const builtPages: Record<string, () => Promise<{ default: ComponentType }>> = {
  '/dashboard': () => import('../features/dashboard/DashboardPage.tsx'),
};

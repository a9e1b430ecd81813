import type { ComponentType } from 'react';

/** A page's lazy loader (each page is its own chunk). */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/** A feature's built pages: each page once, with the route paths it serves (lib/routes.ts). */
export type FeaturePages = [paths: string | readonly string[], load: PageLoader][];

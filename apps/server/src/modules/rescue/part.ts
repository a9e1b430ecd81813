import type { Module } from '../../platform/module.ts';

/**
 * One part of the rescue module (cases, call centre, repairs, codes, units and grids, signing): what
 * it adds to the module. `index.ts` joins the parts into the one module the application registers,
 * so that each part keeps its routes, seeders, buttons and jobs beside its code.
 */
export type RescuePart = Partial<Omit<Module, 'name'>>;

export function joinParts(name: string, parts: RescuePart[]): Module {
  const menuButtons: NonNullable<Module['menuButtons']> = {};
  for (const p of parts)
    for (const [path, buttons] of Object.entries(p.menuButtons ?? {}))
      menuButtons[path] = [...(menuButtons[path] ?? []), ...buttons];
  return {
    name,
    routes: parts.flatMap((p) => p.routes ?? []),
    baseSeeders: parts.flatMap((p) => p.baseSeeders ?? []),
    demoSeeders: parts.flatMap((p) => p.demoSeeders ?? []),
    menuButtons,
    jobs: parts.flatMap((p) => p.jobs ?? []),
    fileReferences: parts.flatMap((p) => p.fileReferences ?? []),
    revealers: parts.flatMap((p) => p.revealers ?? []),
    liveTopics: parts.flatMap((p) => p.liveTopics ?? []),
  };
}

import type { RevealField, RevealKind } from '@ec/contract';
import type { Tx } from './db/client.ts';
import type { ExportSource } from './exports.ts';
import type { FileReference } from './files/references.ts';
import type { Implementation } from './http/implement.ts';
import type { JobDefinition } from './jobs.ts';
import type { LiveTopic } from './live.ts';
import type { Revealer } from './masking.ts';
import type { Platform } from './platform.ts';
import type { DemoSeeder } from './seed/index.ts';

/** A number of a module's records that `POST /pc/common/reveal` may show in full (platform/masking.ts). */
export interface RevealerDefinition {
  kind: RevealKind;
  field: RevealField;
  read: Revealer;
}

/**
 * A domain module, as the application assembles it (`modules/index.ts` lists them, `app.ts` wires
 * them): its calls, its demo data, the button permissions of its pages, its scheduled jobs, the
 * records through which others may read its files, and the numbers it can reveal. Every module
 * declares itself once, in its `index.ts`, with `defineModule`; nothing registers itself on import.
 */
export interface Module {
  name: string;
  routes: Implementation[];
  /** Reference data every installation needs (e.g. checklist templates), seeded once on the first start. */
  baseSeeders?: ((tx: Tx) => Promise<unknown>)[];
  /**
   * Reference rows that later versions may add to (the module's parameters in 参数设置): run on
   * every start, after the base seeders, so that an installation made before a row existed gets it.
   * Each must insert with `on conflict do nothing`: a row that exists keeps what the administrator set.
   */
  startSeeders?: ((tx: Tx) => Promise<unknown>)[];
  /** Run in the order of the module list, inside the demo seeding transaction. */
  demoSeeders?: DemoSeeder[];
  /** Button permissions this module's pages carry, by page path (menu entries of type F). */
  menuButtons?: Record<string, { name: string; perms: string }[]>;
  jobs?: JobDefinition[];
  /** Records of this module that hold file ids: whoever may read the record may read the file. */
  fileReferences?: FileReference[];
  revealers?: RevealerDefinition[];
  /** List exports that may run in the background (platform/exports.ts), by name. */
  // biome-ignore lint/suspicious/noExplicitAny: sources of every row type
  exports?: ExportSource<any, any>[];
  /** Kinds of live events this module publishes, and who may receive each (platform/live.ts). */
  liveTopics?: LiveTopic[];
  /**
   * A service the module runs beside the HTTP calls (IoT: the MQTT broker or subscription), started
   * once the server is built; resolves to its stop, called when the server closes.
   */
  start?: (platform: Platform) => Promise<() => Promise<void>>;
}

/** Declares a module (typed; the application registers what it declares). */
export const defineModule = (module: Module): Module => module;

/**
 * One part of a large module (rescue: cases, call centre, units …; inspection: people, instruments,
 * catalogue, parameters): what it adds to the module, declared beside its code. `joinParts` joins
 * the parts into the one module the application registers.
 */
export type ModulePart = Partial<Omit<Module, 'name'>>;

export function joinParts(name: string, parts: ModulePart[]): Module {
  const menuButtons: NonNullable<Module['menuButtons']> = {};
  for (const p of parts)
    for (const [path, buttons] of Object.entries(p.menuButtons ?? {}))
      menuButtons[path] = [...(menuButtons[path] ?? []), ...buttons];
  return {
    name,
    routes: parts.flatMap((p) => p.routes ?? []),
    baseSeeders: parts.flatMap((p) => p.baseSeeders ?? []),
    startSeeders: parts.flatMap((p) => p.startSeeders ?? []),
    demoSeeders: parts.flatMap((p) => p.demoSeeders ?? []),
    menuButtons,
    jobs: parts.flatMap((p) => p.jobs ?? []),
    fileReferences: parts.flatMap((p) => p.fileReferences ?? []),
    revealers: parts.flatMap((p) => p.revealers ?? []),
    exports: parts.flatMap((p) => p.exports ?? []),
    liveTopics: parts.flatMap((p) => p.liveTopics ?? []),
  };
}

/*
 * Electronic patrol inspection (电子巡查, issue 17; doc 001 §7.4 `pollingOrder`): check contents and
 * templates, a regulator's patrol tasks with results per target and item, and the rectification
 * notices a finding opens. One file per part under patrol/.
 */
export * from './patrol/contents.ts';
export * from './patrol/notices.ts';
export * from './patrol/rules.ts';
export * from './patrol/tasks.ts';

import { authCalls } from './auth.ts';
import type { Call } from './call.ts';
import { fileCalls } from './files.ts';
import { commonCalls, dictCalls, logoCalls, paramCalls } from './system.ts';

export * from './auth.ts';
export * from './call.ts';
export * from './common.ts';
export * from './files.ts';
export * from './system.ts';

/** Every declared call; the server registers these and nothing else. */
export const allCalls: Call[] = [
  ...Object.values(authCalls),
  ...Object.values(fileCalls),
  ...Object.values(paramCalls),
  ...Object.values(logoCalls),
  ...Object.values(dictCalls),
  ...Object.values(commonCalls),
];
export * from './areas.ts';
export * from './dictionary-seed.ts';
export * from './menu-catalogue.ts';

/** Query keys of the operations centre: the navbar's badges and the pages share them. */
export const opsKeys = {
  notices: ['ops', 'notices'] as const,
  unread: ['ops', 'notices', 'unread'] as const,
  exports: ['ops', 'exports'] as const,
  activeExports: ['ops', 'exports', 'active'] as const,
  rules: ['ops', 'rules'] as const,
};

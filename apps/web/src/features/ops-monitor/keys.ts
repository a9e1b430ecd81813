/** Query keys of 在线用户 and 登录日志. */
export const monitorKeys = {
  online: ['ops-monitor', 'online'] as const,
  loginLog: ['ops-monitor', 'loginLog'] as const,
};

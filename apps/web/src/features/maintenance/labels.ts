/** Tag colours of an item's result. */
export const RESULT_COLOR: Record<string, string> = {
  正常: 'green',
  已调整: 'blue',
  已更换: 'purple',
  异常: 'red',
  无此项: 'default',
};

/** A lease's 广告分成比例: the percent agreed, or the settlement's parameter when none was. */
export const shareText = (share: number | null) => (share === null ? '按系统参数' : `${share}%`);

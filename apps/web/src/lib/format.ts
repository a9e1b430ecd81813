/** Display helpers (doc 000 §3, §9): one implementation, in the contract, shared with the server. */
export { formatDate, formatDateTime, maskIdNumber, maskPhone, relativeTime } from '@ec/contract';

/** An empty value shown as "—", anything else as it is. */
export const dash = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === '' ? '—' : v;

/** 1536 → "1.5 KB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let i = 0;
  while (value >= 1024 && i < units.length - 1) {
    value /= 1024;
    i++;
  }
  return `${value.toFixed(1)} ${units[i]}`;
}

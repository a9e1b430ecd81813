import {
  DEFAULT_UPLOAD_MB,
  formatDateTime,
  IMAGE_EXTENSIONS,
  MAX_BATCH_RECREATE,
  type ReportServerInfo,
  shanghaiToday,
} from '@ec/contract';

/*
 * getServerInfo: what a client needs before it generates or uploads a report — the server's clock
 * in Shanghai time (a report's dates are Shanghai days, whatever the client's clock says), the font
 * the PDFs are printed in, what the upload takes (POST /common/upload: at most DEFAULT_UPLOAD_MB,
 * pdf or images; uploadReport takes a PDF only), the report numbering and the batch limit.
 */

/** The family name of the shipped font (assets/fonts/README.md). */
export const PDF_FONT_NAME = 'EC PDF Sans';

/** Report numbers (flow.ts reportNoOf): BG + the order number's digits + '-' + the attempt. */
export const REPORT_NO_RULE = 'BG + 检验申请编号（去掉 JY）+ "-" + 检验次数（1 为首次检验，2 起为复检）';

export function serverInfo(now: Date = new Date()): ReportServerInfo {
  return {
    serverTime: formatDateTime(now),
    today: shanghaiToday(now),
    timeZone: 'Asia/Shanghai',
    pdfFont: PDF_FONT_NAME,
    maxUploadMb: DEFAULT_UPLOAD_MB,
    reportFileTypes: ['pdf'],
    originalRecordFileTypes: [...IMAGE_EXTENSIONS],
    reportNoRule: REPORT_NO_RULE,
    reportNoExample: 'BG202611-000123-1',
    maxBatchRecreate: MAX_BATCH_RECREATE,
  };
}

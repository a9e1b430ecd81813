import { DownloadOutlined } from '@ant-design/icons';
import { fileCalls, type ImportReport } from '@ec/contract';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { download, saveFile } from '../lib/api.ts';

/*
 * What every all-or-nothing import shows (the registry's lifts, the organisations' technical
 * parameters …): the report of a refused file with its downloadable error sheet.
 */

/** Whether an import's answer is the platform's row report. */
export const isReport = (v: unknown): v is ImportReport =>
  typeof v === 'object' && v !== null && 'errors' in v && 'total' in v;

/** Downloads a file through the one client and saves it; errors are shown by the client. */
export function useDownload() {
  const [busy, setBusy] = useState(false);
  const run = async (get: () => ReturnType<typeof download>) => {
    setBusy(true);
    try {
      saveFile(await get());
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** A refused file: how many rows were wrong, nothing imported, and the error sheet. */
export function ReportSummary({ report }: { report: ImportReport }) {
  const file = useDownload();
  const rows = new Set(report.errors.map((e) => e.row)).size;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      message={`共 ${report.total} 行数据，其中 ${rows} 行有误（${report.errors.length} 处），本次未导入任何数据`}
      description="请按下表修改后重新导入整个文件。"
      action={
        report.reportFileId ? (
          <Button
            size="small"
            icon={<DownloadOutlined />}
            loading={file.busy}
            onClick={() => file.run(() => download(fileCalls.showFile, { id: report.reportFileId! }))}
          >
            下载错误报告
          </Button>
        ) : undefined
      }
    />
  );
}

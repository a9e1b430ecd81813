import { DownloadOutlined } from '@ant-design/icons';
import { elevatorCalls, fileCalls, type ImportReport } from '@ec/contract';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { ImportButton } from '../../components/index.ts';
import { download, saveFile } from '../../lib/api.ts';
import { Permission } from '../../lib/permission.tsx';
import { useInvalidateElevators } from './queries.ts';

const isReport = (v: unknown): v is ImportReport =>
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

function ReportSummary({ report }: { report: ImportReport }) {
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

/** 导入 and 下载模板: all rows or none; a refused file shows every bad row and the report sheet. */
export function ImportElevators() {
  const invalidate = useInvalidateElevators();
  const template = useDownload();
  return (
    <Permission value="elevator:import">
      <Button
        icon={<DownloadOutlined />}
        loading={template.busy}
        onClick={() => template.run(() => download(elevatorCalls.importTemplate))}
      >
        下载模板
      </Button>
      <ImportButton
        call={elevatorCalls.importList}
        successMessage={(r) => (isReport(r) ? `成功导入 ${r.imported} 台电梯` : '导入成功')}
        renderReport={(r) => (isReport(r) ? <ReportSummary report={r} /> : null)}
        onDone={(r) => {
          if (isReport(r) && r.success) void invalidate();
        }}
      />
    </Permission>
  );
}

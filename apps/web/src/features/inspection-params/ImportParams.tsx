import { DownloadOutlined } from '@ant-design/icons';
import { fileCalls, type ImportReport, technicalParamCalls } from '@ec/contract';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { ImportButton } from '../../components/index.ts';
import { download, saveFile } from '../../lib/api.ts';

const isReport = (v: unknown): v is ImportReport =>
  typeof v === 'object' && v !== null && 'errors' in v && 'total' in v;

function useDownload() {
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

/** 下载模板 and 导入技术参数: all rows or none; a refused file shows every bad row and the report sheet. */
export function ImportParams({ onImported }: { onImported: () => void }) {
  const template = useDownload();
  return (
    <>
      <Button
        icon={<DownloadOutlined />}
        loading={template.busy}
        onClick={() => template.run(() => download(technicalParamCalls.importTemplate))}
      >
        下载模板
      </Button>
      <ImportButton
        call={technicalParamCalls.importTechnicalParameters}
        successMessage={(r) => (isReport(r) ? `成功导入 ${r.imported} 台电梯的技术参数` : '导入成功')}
        renderReport={(r) => (isReport(r) ? <ReportSummary report={r} /> : null)}
        onDone={(r) => {
          if (isReport(r) && r.success) onImported();
        }}
      >
        导入技术参数
      </ImportButton>
    </>
  );
}

import { DownloadOutlined } from '@ant-design/icons';
import { technicalParamCalls } from '@ec/contract';
import { Button } from 'antd';
import { isReport, ReportSummary, useDownload } from '../../components/ImportReport.tsx';
import { ImportButton } from '../../components/index.ts';
import { download } from '../../lib/api.ts';

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

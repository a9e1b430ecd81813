import { DownloadOutlined } from '@ant-design/icons';
import { elevatorCalls } from '@ec/contract';
import { Button } from 'antd';
import { isReport, ReportSummary, useDownload } from '../../components/ImportReport.tsx';
import { ImportButton } from '../../components/index.ts';
import { download } from '../../lib/api.ts';
import { Permission } from '../../lib/permission.tsx';
import { useInvalidateElevators } from './queries.ts';

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

import { ExportOutlined } from '@ant-design/icons';
import type { Call, CallInput } from '@ec/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { download, saveFile } from '../lib/api.ts';
import { formatBytes } from '../lib/format.ts';

/** Export (30 s timeout) with progress while the file streams in. */
export function ExportButton<C extends Call>({
  call: exportCall,
  input,
  children = '导出',
}: {
  call: C;
  /** Read at click time, so the current search form goes along. */
  input?: () => CallInput<C>;
  children?: React.ReactNode;
}) {
  const [progress, setProgress] = useState<string | null>(null);
  const run = async () => {
    setProgress('0%');
    try {
      const file = await download(exportCall, input?.(), {
        onProgress: (received, total) =>
          setProgress(total ? `${Math.round((received / total) * 100)}%` : formatBytes(received)),
      });
      saveFile(file);
    } catch {
      // The request layer showed the reason.
    } finally {
      setProgress(null);
    }
  };
  return (
    <Button icon={<ExportOutlined />} loading={progress !== null} onClick={run}>
      {progress !== null ? `导出中 ${progress}` : children}
    </Button>
  );
}

import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { fileCalls } from '@ec/contract';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { download } from '../lib/api.ts';

async function openPdf(data: ArrayBuffer): Promise<PDFDocumentProxy> {
  const pdfjs = await import('pdfjs-dist');
  // The worker ships with the app; nothing is fetched from another host.
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  return pdfjs.getDocument({ data, isEvalSupported: false }).promise;
}

/**
 * PDF viewer with previous page, next page and a page counter (doc 000 §2). Give it a stored
 * file id (fetched through /showFile) or the bytes themselves.
 */
export function PdfViewer({
  fileId,
  data,
  width = 760,
}: {
  fileId?: string;
  data?: ArrayBuffer;
  width?: number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let opened: PDFDocumentProxy | null = null;
    setDoc(null);
    setError(null);
    setPage(1);
    (async () => {
      const bytes =
        data ??
        (fileId ? await (await download(fileCalls.showFile, { id: fileId })).blob.arrayBuffer() : null);
      if (!bytes || cancelled) return;
      opened = await openPdf(bytes.slice(0));
      if (cancelled) void opened.destroy();
      else setDoc(opened);
    })().catch((e: unknown) => {
      if (!cancelled) setError(e instanceof Error ? e.message : String(e));
    });
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [fileId, data]);

  useEffect(() => {
    if (!doc || !canvas.current) return;
    let task: { cancel: () => void; promise: Promise<void> } | null = null;
    let cancelled = false;
    void doc.getPage(page).then((p) => {
      if (cancelled || !canvas.current) return;
      const base = p.getViewport({ scale: 1 });
      const ratio = window.devicePixelRatio || 1;
      const viewport = p.getViewport({ scale: (width / base.width) * ratio });
      const el = canvas.current;
      el.width = viewport.width;
      el.height = viewport.height;
      el.style.width = `${viewport.width / ratio}px`;
      el.style.height = `${viewport.height / ratio}px`;
      task = p.render({ canvas: el, viewport });
      task.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page, width]);

  if (error) return <Alert type="error" showIcon message="PDF 加载失败" description={error} />;
  const total = doc?.numPages ?? 0;
  return (
    <div className="pdf-viewer">
      <Flex justify="center" align="center" gap={12} style={{ marginBottom: 12 }}>
        <Button icon={<LeftOutlined />} disabled={!doc || page <= 1} onClick={() => setPage((p) => p - 1)}>
          上一页
        </Button>
        <Typography.Text className="pdf-page-counter">{doc ? `${page} / ${total}` : '— / —'}</Typography.Text>
        <Button disabled={!doc || page >= total} onClick={() => setPage((p) => p + 1)}>
          下一页 <RightOutlined />
        </Button>
      </Flex>
      <Spin spinning={!doc}>
        <div style={{ display: 'flex', justifyContent: 'center', minHeight: 200, overflow: 'auto' }}>
          <canvas ref={canvas} style={{ boxShadow: '0 1px 4px rgba(0,0,0,.15)' }} />
        </div>
      </Spin>
    </div>
  );
}

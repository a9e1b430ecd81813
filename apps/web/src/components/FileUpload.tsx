import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { fileCalls, fileExtension, messages, paramCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Image, Modal, Upload, type UploadFile } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { call, upload } from '../lib/api.ts';
import { checkUpload, parseLimitMb, type UploadKind } from './upload-checks.ts';

const PdfViewer = lazy(() => import('./PdfViewer.tsx').then((m) => ({ default: m.PdfViewer })));

export interface StoredFileRef {
  id: string;
  fileName: string;
}

export interface FileUploadProps {
  value?: StoredFileRef[];
  onChange?: (files: StoredFileRef[]) => void;
  /** image: PDF/JPG/JPEG/PNG/GIF through /common/upload; attachment: office files and archives. */
  kind?: UploadKind;
  multiple?: boolean;
  maxCount?: number;
  /** Check against the `tempFileSize` system parameter instead of 5 MB. */
  useTempFileSize?: boolean;
  disabled?: boolean;
}

const isPdf = (name: string) => fileExtension(name) === 'pdf';

/**
 * Picture and file upload with the spec's type, size and count checks and a preview dialog
 * (doc 000 §2, §5, §8). The form value is the list of stored files.
 */
export function FileUpload({
  value = [],
  onChange,
  kind = 'image',
  multiple = false,
  maxCount,
  useTempFileSize = false,
  disabled,
}: FileUploadProps) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState<UploadFile[]>([]);
  const [preview, setPreview] = useState<StoredFileRef | null>(null);
  const limit = useQuery({
    queryKey: ['sysParam', 'tempFileSize'],
    queryFn: () => call(paramCalls.getValue, { configKey: 'tempFileSize' }, { silent: true }),
    enabled: useTempFileSize,
    staleTime: 5 * 60_000,
  });
  const limitMb = useTempFileSize ? parseLimitMb(limit.data) : undefined;
  const imagePreview = useQuery({
    queryKey: ['imageBase64', preview?.id],
    queryFn: () => call(fileCalls.imageBase64, { id: preview!.id }),
    enabled: !!preview && !isPdf(preview.fileName) && kind === 'image',
    staleTime: Number.POSITIVE_INFINITY,
  });

  const fileList: UploadFile[] = [
    ...value.map((f) => ({ uid: f.id, name: f.fileName, status: 'done' as const })),
    ...uploading,
  ];

  const send = async (file: File) => {
    const uid = `${file.name}-${Date.now()}`;
    setUploading((list) => [...list, { uid, name: file.name, status: 'uploading' }]);
    try {
      const input = useTempFileSize ? { sizeParam: 'tempFileSize' as const } : {};
      const stored =
        kind === 'image'
          ? [await upload(fileCalls.upload, file, input, { silent: true })]
          : await upload(fileCalls.uploadAttachment, file, input, { silent: true });
      onChange?.([...value, ...stored.map((s) => ({ id: s.id, fileName: s.fileName }))]);
    } catch (e) {
      message.error(
        e instanceof Error && e.message ? `${messages.uploadFailed}：${e.message}` : messages.uploadFailed,
      );
    } finally {
      setUploading((list) => list.filter((f) => f.uid !== uid));
    }
  };

  const max = multiple ? maxCount : 1;
  const full = max !== undefined && value.length >= max;

  return (
    <>
      <Upload
        className="file-upload"
        listType={kind === 'image' ? 'picture-card' : 'text'}
        fileList={fileList}
        multiple={multiple}
        disabled={disabled}
        accept={kind === 'image' ? '.pdf,.jpg,.jpeg,.png,.gif' : '.doc,.docx,.xls,.xlsx,.pdf,.zip,.rar'}
        beforeUpload={(file) => {
          const problem = checkUpload(file, {
            kind,
            limitMb,
            alreadyChosen: value.length + uploading.length,
            multiple,
            maxCount,
          });
          if (problem) message.error(problem);
          else void send(file);
          return Upload.LIST_IGNORE;
        }}
        onRemove={(f) => onChange?.(value.filter((v) => v.id !== f.uid))}
        onPreview={(f) => {
          const stored = value.find((v) => v.id === f.uid);
          if (stored) setPreview(stored);
        }}
      >
        {full || disabled ? null : kind === 'image' ? (
          <div>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>上传</div>
          </div>
        ) : (
          <Button icon={<UploadOutlined />}>上传附件</Button>
        )}
      </Upload>
      <Modal
        title={preview?.fileName}
        open={!!preview}
        footer={null}
        width={preview && isPdf(preview.fileName) ? 820 : 640}
        onCancel={() => setPreview(null)}
        destroyOnHidden
      >
        {preview && isPdf(preview.fileName) ? (
          <Suspense fallback={null}>
            <PdfViewer fileId={preview.id} />
          </Suspense>
        ) : preview && kind === 'image' ? (
          imagePreview.data ? (
            <Image src={imagePreview.data} alt={preview.fileName} preview={false} style={{ width: '100%' }} />
          ) : null
        ) : (
          <span>该类型文件不支持在线预览。</span>
        )}
      </Modal>
    </>
  );
}

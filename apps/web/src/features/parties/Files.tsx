import type { FileRef } from '@ec/contract';
import { Typography } from 'antd';
import { FileUpload, type StoredFileRef } from '../../components/index.ts';

/** Uploaded scans shown read-only with the upload widget's preview (image or PDF). */
export function FileView({ file }: { file: FileRef | null | undefined }) {
  if (!file) return <Typography.Text type="secondary">未上传</Typography.Text>;
  return <FileUpload value={[file]} disabled />;
}

/** The upload widget's list ↔ the single file id a form sends. */
export const toFileList = (file: FileRef | null | undefined): StoredFileRef[] => (file ? [file] : []);
export const fileIdOf = (list: StoredFileRef[] | undefined): string | null => list?.[0]?.id ?? null;

import { Typography } from 'antd';
import { Photos } from '../../components/Photos.tsx';

/** A patrol record's photos by file id (「无照片」 in a line of text when there are none). */
export function PhotoThumbs({ ids, size = 56 }: { ids: string[]; size?: number }) {
  if (ids.length === 0) return <Typography.Text type="secondary">无照片</Typography.Text>;
  return (
    <div data-testid="patrol-photos">
      <Photos photos={ids.map((fileId) => ({ fileId }))} size={size} caption={false} />
    </div>
  );
}

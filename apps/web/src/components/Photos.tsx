import { EyeOutlined } from '@ant-design/icons';
import { fileCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Empty, Image, Space, Typography } from 'antd';
import { call } from '../lib/api.ts';

/**
 * One stored image as a thumbnail (read through /show/image/base64, so whoever may read the record
 * may read it), enlarged on click. Every feature's photos are these: maintenance records, patrol
 * notices, advertising logs and avatars.
 */
export function Thumbnail({
  fileId,
  label,
  size = 72,
  caption = true,
  testId = 'photo',
}: {
  fileId: string;
  label?: string;
  size?: number;
  /** The label under the image (else only on hover). */
  caption?: boolean;
  testId?: string;
}) {
  const image = useQuery({
    queryKey: ['imageBase64', fileId],
    queryFn: ({ signal }) => call(fileCalls.imageBase64, { id: fileId }, { signal, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const box = { width: size, height: size };
  return (
    <div
      style={{ width: size, textAlign: 'center' }}
      data-testid={testId}
      title={caption ? undefined : label}
    >
      {image.data ? (
        <Image
          src={image.data}
          alt={label ?? '照片'}
          {...box}
          style={{ objectFit: 'cover', borderRadius: 4 }}
          // Under 64 px the hover mask's 「预览」 is wider than the image and spills out of a table
          // cell: a small thumbnail shows the eye alone (its name read out by screen readers).
          preview={size < 64 ? { mask: <EyeOutlined aria-label="预览" /> } : undefined}
        />
      ) : (
        <div
          style={{
            ...box,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            background: '#f5f5f5',
            borderRadius: 4,
            color: '#8c8c8c',
            fontSize: 12,
          }}
        >
          {image.isError ? '无法加载' : '加载中'}
        </div>
      )}
      {label && caption && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: label }}>
          {label}
        </Typography.Text>
      )}
    </div>
  );
}

/** A record's photos, enlarged and browsed together on click. */
export function Photos({
  photos,
  size,
  caption = true,
  emptyText = '暂无照片',
}: {
  photos: { fileId: string; label?: string }[];
  size?: number;
  caption?: boolean;
  emptyText?: string;
}) {
  if (photos.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} style={{ margin: 0 }} />;
  }
  return (
    <Image.PreviewGroup>
      <Space wrap size={8}>
        {photos.map((p) => (
          <Thumbnail
            key={`${p.fileId}-${p.label}`}
            fileId={p.fileId}
            label={p.label}
            size={size}
            caption={caption}
          />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

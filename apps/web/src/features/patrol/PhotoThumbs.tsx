import { fileCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Image, Space, Typography } from 'antd';
import { call } from '../../lib/api.ts';

function Thumb({ id, size }: { id: string; size: number }) {
  const image = useQuery({
    queryKey: ['imageBase64', id],
    queryFn: ({ signal }) => call(fileCalls.imageBase64, { id }, { signal, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const box = { width: size, height: size, borderRadius: 4 };
  return image.data ? (
    <Image src={image.data} alt="照片" {...box} style={{ objectFit: 'cover', borderRadius: 4 }} />
  ) : (
    <div
      style={{
        ...box,
        background: '#f5f5f5',
        display: 'grid',
        placeItems: 'center',
        fontSize: 12,
        color: '#8c8c8c',
      }}
    >
      {image.isError ? '无法加载' : '加载中'}
    </div>
  );
}

/** Stored photos as thumbnails (read through /show/image/base64), browsed together on click. */
export function PhotoThumbs({ ids, size = 56 }: { ids: string[]; size?: number }) {
  if (ids.length === 0) return <Typography.Text type="secondary">无照片</Typography.Text>;
  return (
    <Image.PreviewGroup>
      <Space wrap size={6} data-testid="patrol-photos">
        {ids.map((id) => (
          <Thumb key={id} id={id} size={size} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

import { fileCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Image, Spin } from 'antd';
import { call } from '../../../lib/api.ts';

/** A stored picture shown through the file call (whoever may read the record may read it). */
export function Photo({ id, size = 64, alt }: { id: string; size?: number; alt: string }) {
  const src = useQuery({
    queryKey: ['imageBase64', id],
    queryFn: () => call(fileCalls.imageBase64, { id }, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (src.isLoading) return <Spin size="small" />;
  if (!src.data) return <span>—</span>;
  return (
    <Image
      src={src.data}
      width={size}
      height={size}
      style={{ objectFit: 'cover' }}
      alt={alt}
      data-testid="ad-photo"
    />
  );
}

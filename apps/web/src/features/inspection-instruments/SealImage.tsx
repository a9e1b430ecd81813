import { Spin } from 'antd';
import { useImage } from './queries.ts';

/** A checkered ground (as image editors show transparency): a seal's transparent parts show through. */
export const CHECKERED: React.CSSProperties = {
  backgroundColor: '#fff',
  backgroundImage:
    'linear-gradient(45deg, #d9d9d9 25%, transparent 25%), linear-gradient(-45deg, #d9d9d9 25%, transparent 25%), linear-gradient(45deg, transparent 75%, #d9d9d9 75%), linear-gradient(-45deg, transparent 75%, #d9d9d9 75%)',
  backgroundSize: '16px 16px',
  backgroundPosition: '0 0, 0 8px, 8px -8px, -8px 0',
};

/** A seal image on the checkered ground, `size` pixels a side. */
export function SealImage({ fileId, size, alt }: { fileId: string | null; size: number; alt: string }) {
  const image = useImage(fileId);
  return (
    <div
      data-testid="seal-image"
      style={{
        ...CHECKERED,
        width: size,
        height: size,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        border: '1px solid #f0f0f0',
      }}
    >
      {!fileId ? (
        <span style={{ color: '#999', fontSize: 12 }}>未上传</span>
      ) : image.data ? (
        <img src={image.data} alt={alt} style={{ maxWidth: '100%', maxHeight: '100%' }} />
      ) : image.isError ? (
        <span style={{ color: '#999', fontSize: 12 }}>图片加载失败</span>
      ) : (
        <Spin size="small" />
      )}
    </div>
  );
}

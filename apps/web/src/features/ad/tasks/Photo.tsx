import { Thumbnail } from '../../../components/Photos.tsx';

/** A stored picture shown through the file call (whoever may read the record may read it). */
export function Photo({ id, size = 64, alt }: { id: string; size?: number; alt: string }) {
  return <Thumbnail fileId={id} size={size} label={alt} caption={false} testId="ad-photo" />;
}

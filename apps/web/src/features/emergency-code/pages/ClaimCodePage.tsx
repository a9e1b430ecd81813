import { CodePool } from '../CodePool.tsx';

/** 应急码认领: the city's pool of permanent codes, its batches, claims and voids. */
export default function ClaimCodePage() {
  return <CodePool temporary={false} />;
}

import { CodePool } from '../CodePool.tsx';

/** 临时应急码: temporary codes with their last day (expired ones cannot be bound). */
export default function TemporaryCodePage() {
  return <CodePool temporary />;
}

import { pictureCheckCalls } from '@ec/contract';
import { type CheckCalls, CheckList } from '../Checks.tsx';
import { useLiveMaintenance } from '../queries.ts';

/** 图片核查: orders whose required photos are missing or reuse another order's photo. */
export default function PictureCheckPage() {
  useLiveMaintenance();
  // Its batch call is POST where the order check's is PUT; the inputs and outputs are the same.
  return <CheckList calls={pictureCheckCalls as unknown as CheckCalls} picture testId="picture-check-list" />;
}

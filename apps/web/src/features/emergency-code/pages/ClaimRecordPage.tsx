import { RecordList } from '../RecordList.tsx';

/** 认领记录: which company claimed which code, when and by whom. */
export default function ClaimRecordPage() {
  return <RecordList kind="claim" />;
}

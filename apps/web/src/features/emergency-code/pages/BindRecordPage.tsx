import { RecordList } from '../RecordList.tsx';

/** 绑定记录: codes bound to and unbound from lifts; a claimer binds and unbinds here. */
export default function BindRecordPage() {
  return <RecordList kind="bind" />;
}

import { CompanyEditor } from './NewMaintenanceUnitPage.tsx';

/** 新增使用单位 (and editing one with `?id=`). */
export default function NewOccupancyUnitPage() {
  return <CompanyEditor kind="use" />;
}

import type { ProColumns } from '@ant-design/pro-components';
import { type DepartmentRow, departmentCalls } from '@ec/contract';
import { App, Popconfirm } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { call } from '../../../lib/api.ts';
import { dash } from '../../../lib/format.ts';
import { ORG_PATHS } from '../../../lib/routes.ts';
import { DepartmentForm } from '../forms.tsx';
import { peopleKeys, useInvalidatePeople, usePeopleRights } from '../queries.ts';

/** 部门管理: the organisation's departments; one still holding inspectors is not deleted. */
export default function DepartmentPage() {
  const rights = usePeopleRights();
  const invalidate = useInvalidatePeople();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ row: DepartmentRow | null } | null>(null);
  const columns: ProColumns<DepartmentRow>[] = [
    { title: '部门名称', dataIndex: 'name', width: 180 },
    { title: '负责人', dataIndex: 'leader', search: false, width: 100, render: (_, r) => dash(r.leader) },
    { title: '联系电话', dataIndex: 'phone', search: false, width: 140, render: (_, r) => dash(r.phone) },
    { title: '检验人员', dataIndex: 'inspectorCount', search: false, width: 90 },
    { title: '部门职责', dataIndex: 'description', search: false, render: (_, r) => dash(r.description) },
    {
      title: '所属机构',
      dataIndex: 'orgName',
      search: false,
      width: 200,
      hideInTable: rights.editDepartments,
    },
    actionColumn<DepartmentRow>(180, (r) => (
      <>
        <RowAction onClick={() => navigate(`${ORG_PATHS.personnelAllotment}?id=${r.id}`)}>人员分配</RowAction>
        {rights.editDepartments && (
          <>
            <RowAction onClick={() => setEditing({ row: r })}>编辑</RowAction>
            <Popconfirm
              title={`删除部门 ${r.name}？`}
              description={
                r.inspectorCount > 0 ? `部门下还有 ${r.inspectorCount} 名检验人员，需先移出` : undefined
              }
              onConfirm={async () => {
                await call(departmentCalls.delete, { ids: [r.id] });
                message.success('已删除');
                await invalidate();
              }}
            >
              <RowAction danger>删除</RowAction>
            </Popconfirm>
          </>
        )}
      </>
    )),
  ];
  return (
    <>
      <ContractTable<DepartmentRow>
        call={departmentCalls.query}
        queryKey={peopleKeys.departments}
        columns={columns}
        testId="departments"
        add={rights.editDepartments ? { label: '新增部门', onClick: () => setEditing({ row: null }) } : false}
      />
      {editing && (
        <DepartmentForm
          department={editing.row}
          onClose={() => setEditing(null)}
          onSaved={() => void invalidate()}
        />
      )}
    </>
  );
}

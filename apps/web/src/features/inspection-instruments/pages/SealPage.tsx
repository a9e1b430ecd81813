import type { ProColumns } from '@ant-design/pro-components';
import { SEAL_KIND_LABEL, type SealRow, sealCalls } from '@ec/contract';
import { App, Popconfirm, Switch, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { call } from '../../../lib/api.ts';
import { ORG_PATHS } from '../../../lib/routes.ts';
import { instrumentKeys, useInstrumentRights, useInvalidateInstruments } from '../queries.ts';
import { SealImage } from '../SealImage.tsx';

export const sealUpdateOf = (r: SealRow) => ({
  id: r.id,
  version: r.version,
  name: r.name,
  kind: r.kind,
  fileId: r.fileId ?? '',
  enabled: r.enabled,
  note: r.note,
});

/** 印章管理: the organisation's seal images; the enabled seal of a kind is the one reports are signed with. */
export default function SealPage() {
  const rights = useInstrumentRights();
  const navigate = useNavigate();
  const invalidate = useInvalidateInstruments();
  const { message } = App.useApp();
  const columns: ProColumns<SealRow>[] = [
    { title: '关键字', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '印章名称' } },
    {
      title: '印章图片',
      dataIndex: 'fileId',
      search: false,
      width: 96,
      render: (_, r) => <SealImage fileId={r.fileId} size={64} alt={r.name} />,
    },
    { title: '印章名称', dataIndex: 'name', search: false },
    {
      title: '印章类型',
      dataIndex: 'kind',
      valueType: 'select',
      valueEnum: Object.fromEntries(Object.entries(SEAL_KIND_LABEL).map(([k, text]) => [k, { text }])),
      width: 140,
      render: (_, r) => r.kindLabel,
    },
    {
      title: '状态',
      dataIndex: 'enabled',
      valueType: 'select',
      valueEnum: { true: { text: '启用' }, false: { text: '停用' } },
      width: 100,
      render: (_, r) =>
        rights.editSeals ? (
          <Popconfirm
            title={r.enabled ? `停用 ${r.name}？停用后该类型报告无法签章` : `启用 ${r.name}？`}
            onConfirm={async () => {
              await call(sealCalls.update, { ...sealUpdateOf(r), enabled: !r.enabled });
              message.success(r.enabled ? '已停用' : '已启用');
              await invalidate();
            }}
          >
            <Switch
              checked={r.enabled}
              checkedChildren="启用"
              unCheckedChildren="停用"
              data-testid={`seal-switch-${r.id}`}
            />
          </Popconfirm>
        ) : (
          <Tag color={r.enabled ? 'green' : 'default'}>{r.enabled ? '启用' : '停用'}</Tag>
        ),
    },
    ...(rights.manyOrgs
      ? [{ title: '检验机构', dataIndex: 'orgName', search: false } as ProColumns<SealRow>]
      : []),
    { title: '备注', dataIndex: 'note', search: false, render: (_, r) => r.note ?? '—' },
    actionColumn<SealRow>(rights.editSeals ? 110 : 70, (r) => (
      <>
        <RowAction onClick={() => navigate(`${ORG_PATHS.sealDetail}?id=${r.id}`)}>
          {rights.editSeals ? '编辑' : '查看'}
        </RowAction>
        {rights.editSeals && (
          <Popconfirm
            title={`删除印章 ${r.name}？`}
            onConfirm={async () => {
              await call(sealCalls.delete, { ids: [r.id] });
              message.success('已删除');
              await invalidate();
            }}
          >
            <RowAction danger>删除</RowAction>
          </Popconfirm>
        )}
      </>
    )),
  ];
  return (
    <ContractTable<SealRow>
      call={sealCalls.query}
      queryKey={instrumentKeys.seals}
      columns={columns}
      testId="seal-list"
      emptyText="暂无印章，请新增并上传透明背景的 PNG 印章图片"
      add={rights.editSeals ? { label: '新增印章', onClick: () => navigate(ORG_PATHS.sealDetail) } : false}
    />
  );
}

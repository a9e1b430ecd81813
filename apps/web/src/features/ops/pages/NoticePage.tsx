import type { ProColumns } from '@ant-design/pro-components';
import { type CallOutput, NOTICE_KIND_KEYS, NOTICE_KINDS, NOTICE_TOPIC, noticeCalls } from '@ec/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Popconfirm, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { call } from '../../../lib/api.ts';
import { useLiveRefresh } from '../../../lib/live.ts';
import { opsKeys } from '../keys.ts';

type Row = CallOutput<typeof noticeCalls.query>['records'][number];

const KIND_ENUM = Object.fromEntries(NOTICE_KIND_KEYS.map((k) => [k, { text: NOTICE_KINDS[k].label }]));

/** 消息中心: the user's own messages, newest first, unread marked; read one, some or all. */
export default function NoticePage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  useLiveRefresh([NOTICE_TOPIC], opsKeys.notices);
  const changed = () => client.invalidateQueries({ queryKey: opsKeys.notices });
  const read = async (ids: number[]) => {
    await call(noticeCalls.read, { ids });
    await changed();
  };
  const open = async (r: Row) => {
    if (!r.read) await read([r.id]);
    if (r.link) navigate(r.link);
  };

  const columns: ProColumns<Row>[] = [
    {
      title: '状态',
      dataIndex: 'read',
      width: 80,
      valueType: 'select',
      valueEnum: { false: { text: '未读' }, true: { text: '已读' } },
      render: (_, r) =>
        r.read ? <Badge status="default" text="已读" /> : <Badge status="processing" text="未读" />,
    },
    {
      title: '类型',
      dataIndex: 'kind',
      width: 120,
      valueType: 'select',
      valueEnum: KIND_ENUM,
      render: (_, r) => <Tag>{r.kindLabel}</Tag>,
    },
    {
      title: '标题',
      dataIndex: 'title',
      search: false,
      render: (_, r) => (r.read ? r.title : <strong>{r.title}</strong>),
    },
    { title: '内容', dataIndex: 'body', search: false, ellipsis: true, render: (_, r) => r.body ?? '—' },
    { title: '时间', dataIndex: 'createTime', search: false, width: 170 },
    actionColumn(120, (r) => [
      r.link ? (
        <RowAction key="open" onClick={() => void open(r)}>
          查看
        </RowAction>
      ) : null,
      r.read ? null : (
        <RowAction key="read" onClick={() => void read([r.id])}>
          标为已读
        </RowAction>
      ),
    ]),
  ];

  return (
    <ContractTable<Row>
      testId="notice-table"
      call={noticeCalls.query}
      queryKey={opsKeys.notices}
      columns={columns}
      selectable={(r) => !r.read}
      emptyText="暂无消息"
      toolbar={(ctx) => [
        <Button
          key="read"
          disabled={ctx.selectedKeys.length === 0}
          onClick={async () => {
            const ids = ctx.requireIds();
            if (!ids) return;
            await read(ids);
            ctx.clearSelection();
          }}
        >
          标为已读
        </Button>,
        <Popconfirm
          key="all"
          title={ctx.filters.kind ? '将该类型的全部消息标为已读？' : '将全部消息标为已读？'}
          onConfirm={async () => {
            const kind = ctx.filters.kind as Row['kind'] | undefined;
            await call(noticeCalls.readAll, kind ? { kind } : {});
            await changed();
          }}
        >
          <Button>全部已读</Button>
        </Popconfirm>,
      ]}
    />
  );
}

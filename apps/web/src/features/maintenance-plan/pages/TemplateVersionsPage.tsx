import { Descriptions, Table, Tag, Typography } from 'antd';
import { useTemplateDetail } from '../queries.ts';
import { TemplateSplit } from '../TemplateSplit.tsx';

/**
 * 维保内容版本: every version a template has had (each change of it or its items makes one; an
 * order keeps the version it was made with), newest first, with its item count and date.
 */
export default function TemplateVersionsPage() {
  return <TemplateSplit testId="template-versions">{(t) => <Versions id={t.id} />}</TemplateSplit>;
}

function Versions({ id }: { id: number }) {
  const detail = useTemplateDetail(id);
  const d = detail.data;
  const rows = [...(d?.versions ?? [])].sort((a, b) => b.version - a.version);
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {d?.name ?? '…'}
      </Typography.Title>
      {d && (
        <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
          <Descriptions.Item label="适用附件">{`附件${d.appendix} ${d.appendixLabel}`}</Descriptions.Item>
          <Descriptions.Item label="当前版本">第 {d.version} 版</Descriptions.Item>
          <Descriptions.Item label="当前项目数">{d.items.length} 项</Descriptions.Item>
        </Descriptions>
      )}
      <Table
        rowKey="version"
        size="middle"
        loading={detail.isFetching}
        dataSource={rows}
        pagination={rows.length > 20 ? { pageSize: 20 } : false}
        locale={{ emptyText: detail.isError ? '加载失败，请刷新重试' : '暂无版本记录' }}
        columns={[
          {
            title: '版本',
            dataIndex: 'version',
            render: (v: number) => (
              <>
                第 {v} 版 {d && v === d.version && <Tag color="blue">当前</Tag>}
              </>
            ),
          },
          { title: '项目数', dataIndex: 'itemCount', render: (n: number) => `${n} 项` },
          { title: '生成时间', dataIndex: 'createTime' },
        ]}
      />
    </>
  );
}

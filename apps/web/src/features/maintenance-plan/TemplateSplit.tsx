import type { TemplateRow } from '@ec/contract';
import { Card, Empty, Input, Menu, Splitter, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { usePageParam } from '../../lib/page-param.ts';
import { useTemplateOptions } from './queries.ts';

/**
 * The templates on the left (searchable, the one in ?id= chosen first), the chosen one's page on the
 * right: the split pane of 维保项目 and of the versions page.
 */
export function TemplateSplit({
  testId,
  children,
}: {
  testId: string;
  children: (template: TemplateRow) => ReactNode;
}) {
  const wanted = usePageParam();
  const templates = useTemplateOptions();
  const [picked, setPicked] = useState<number | null>(null);
  const [filter, setFilter] = useState('');
  const list = templates.data ?? [];
  const current =
    list.find((t) => t.id === (picked ?? wanted)) ??
    (picked === null && wanted === null ? list[0] : undefined) ??
    null;
  const shown = list.filter((t) => t.name.includes(filter.trim()));

  return (
    <Card styles={{ body: { padding: 0 } }} data-testid={testId}>
      <Splitter style={{ minHeight: 'calc(100vh - 200px)' }}>
        <Splitter.Panel defaultSize={300} min={220} max="45%">
          <div style={{ padding: 12 }}>
            <Input.Search
              allowClear
              placeholder="搜索维保内容"
              onChange={(e) => setFilter(e.target.value)}
              aria-label="搜索维保内容"
            />
          </div>
          {templates.isPending ? (
            <Card loading bordered={false} />
          ) : shown.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无维保内容" />
          ) : (
            <Menu
              mode="inline"
              style={{ borderInlineEnd: 0 }}
              selectedKeys={current ? [String(current.id)] : []}
              onClick={({ key }) => setPicked(Number(key))}
              items={shown.map((t) => ({
                key: String(t.id),
                label: (
                  <span title={t.name}>
                    {t.name}{' '}
                    <Tag bordered={false} style={{ marginInlineStart: 4 }}>
                      第 {t.version} 版
                    </Tag>
                    {!t.enabled && <Tag>停用</Tag>}
                  </span>
                ),
              }))}
            />
          )}
        </Splitter.Panel>
        <Splitter.Panel>
          <div style={{ padding: 16 }}>
            {current ? (
              children(current)
            ) : templates.isPending ? null : (
              <Empty
                description={
                  wanted !== null && picked === null ? '该维保内容不存在或无权查看' : '请在左侧选择维保内容'
                }
              />
            )}
          </div>
        </Splitter.Panel>
      </Splitter>
    </Card>
  );
}

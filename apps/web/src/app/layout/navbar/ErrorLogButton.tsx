import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Modal, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { clearErrorLog, errorLogStore } from '../../../lib/error-log.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useStore } from '../../../lib/store.ts';

/** Front-end errors of this visit, with a badge (doc 000 §2, §8). */
export function ErrorLogButton() {
  const entries = useStore(errorLogStore);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title="错误日志">
        <Badge count={entries.length} size="small" offset={[-4, 4]} data-testid="error-log-badge">
          <Button type="text" icon={<BugOutlined />} aria-label="错误日志" onClick={() => setOpen(true)} />
        </Badge>
      </Tooltip>
      <Modal
        title="错误日志"
        open={open}
        width={860}
        onCancel={() => setOpen(false)}
        footer={[
          <Button key="clear" danger disabled={!entries.length} onClick={clearErrorLog}>
            清空
          </Button>,
          <Button key="close" type="primary" onClick={() => setOpen(false)}>
            关闭
          </Button>,
        ]}
      >
        <Table
          rowKey="id"
          size="small"
          dataSource={entries}
          pagination={false}
          scroll={{ y: 400 }}
          locale={{ emptyText: '暂无错误' }}
          expandable={{
            expandedRowRender: (e) => <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{e.stack}</pre>,
            rowExpandable: (e) => !!e.stack,
          }}
          columns={[
            { title: '时间', dataIndex: 'time', width: 170, render: (t: number) => formatDateTime(t) },
            { title: '错误', dataIndex: 'message' },
            { title: '来源', dataIndex: 'info', width: 140 },
            { title: '页面', dataIndex: 'url', width: 220, ellipsis: true },
          ]}
        />
      </Modal>
    </>
  );
}

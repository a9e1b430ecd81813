import { type PatrolNoticeDetail, patrolNoticeCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  Modal,
  Space,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useState } from 'react';
import { FileUpload, type StoredFileRef } from '../../components/FileUpload.tsx';
import { call } from '../../lib/api.ts';
import { PhotoThumbs } from './PhotoThumbs.tsx';
import { patrolKeys, usePatrolRights, usePatrolWrite } from './queries.ts';

export const NOTICE_STATE_COLOR: Record<string, string> = {
  open: 'orange',
  answered: 'blue',
  closed: 'green',
};

export function NoticeStateTag({
  state,
  label,
  overdue,
}: {
  state: string;
  label: string;
  overdue?: boolean;
}) {
  return (
    <Space size={4}>
      <Tag color={NOTICE_STATE_COLOR[state]}>{label}</Tag>
      {overdue && <Tag color="red">已逾期</Tag>}
    </Space>
  );
}

/** One rectification notice: the finding, the answer, the history, and the moves the user may make. */
export function NoticeDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const notice = useQuery({
    queryKey: patrolKeys.notice(id),
    enabled: id !== null,
    retry: false,
    queryFn: ({ signal }) => call(patrolNoticeCalls.queryDetail, { id: id! }, { signal }),
  });
  const d = notice.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={560}
      title={d ? `整改通知 ${d.noticeNo}` : '整改通知'}
      destroyOnHidden
    >
      {notice.isError && <Alert type="error" showIcon message="整改通知不存在或无权查看" />}
      {d && <NoticeBody d={d} />}
    </Drawer>
  );
}

function NoticeBody({ d }: { d: PatrolNoticeDetail }) {
  const rights = usePatrolRights();
  const [dialog, setDialog] = useState<'answer' | 'close' | 'reopen' | null>(null);
  return (
    <div data-testid="notice-detail">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="状态">
          <NoticeStateTag state={d.state} label={d.stateLabel} overdue={d.overdue} />
        </Descriptions.Item>
        <Descriptions.Item label="巡检对象">
          {d.targetName}
          {d.address ? `（${d.address}）` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="检查内容">{d.contentName}</Descriptions.Item>
        <Descriptions.Item label="发现问题">{d.problem ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="整改要求">{d.requirement ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="整改单位">
          {d.recipientName ?? '—'}（{d.recipientLabel}）
        </Descriptions.Item>
        <Descriptions.Item label="整改期限">{d.deadline}</Descriptions.Item>
        <Descriptions.Item label="现场照片">
          <PhotoThumbs ids={d.photos} />
        </Descriptions.Item>
        <Descriptions.Item label="整改说明">{d.answerText ?? '尚未回复'}</Descriptions.Item>
        {d.answerPhotos.length > 0 && (
          <Descriptions.Item label="整改照片">
            <PhotoThumbs ids={d.answerPhotos} />
          </Descriptions.Item>
        )}
      </Descriptions>
      <Space style={{ margin: '16px 0' }}>
        {rights.answer && d.state === 'open' && (
          <Button type="primary" onClick={() => setDialog('answer')}>
            回复整改
          </Button>
        )}
        {rights.handle && d.state === 'answered' && (
          <Button type="primary" onClick={() => setDialog('close')}>
            销号
          </Button>
        )}
        {rights.handle && d.state !== 'open' && (
          <Button danger onClick={() => setDialog('reopen')}>
            退回重新整改
          </Button>
        )}
      </Space>
      <Typography.Title level={5}>处理记录</Typography.Title>
      <Timeline
        items={d.history.map((h) => ({
          children: (
            <div>
              <Typography.Text strong>{h.actionLabel}</Typography.Text>
              <Typography.Text type="secondary">
                {' '}
                {h.actorName} · {h.at}
              </Typography.Text>
              {h.text && <div>{h.text}</div>}
              {h.photos.length > 0 && <PhotoThumbs ids={h.photos} size={40} />}
            </div>
          ),
        }))}
      />
      {dialog && <NoticeDialog kind={dialog} d={d} onClose={() => setDialog(null)} />}
    </div>
  );
}

const TITLES = { answer: '回复整改', close: '整改通知销号', reopen: '退回重新整改' } as const;

function NoticeDialog({
  kind,
  d,
  onClose,
}: {
  kind: 'answer' | 'close' | 'reopen';
  d: PatrolNoticeDetail;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ text?: string; photos?: StoredFileRef[] }>();
  const [busy, setBusy] = useState(false);
  const write = usePatrolWrite();
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      const base = { id: d.id, version: d.version };
      if (kind === 'answer')
        await write(
          () =>
            call(patrolNoticeCalls.answer, {
              ...base,
              text: v.text ?? '',
              photos: (v.photos ?? []).map((p) => p.id),
            }),
          '已回复，等待监管部门复核',
        );
      else if (kind === 'close')
        await write(() => call(patrolNoticeCalls.close, { ...base, remark: v.text || null }), '已销号');
      else
        await write(
          () => call(patrolNoticeCalls.reopen, { ...base, reason: v.text ?? '' }),
          '已退回重新整改',
        );
      onClose();
    } catch {
      // the api client showed the reason
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={TITLES[kind]}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={busy}
      okText="确定"
      destroyOnHidden
      data-testid={`notice-${kind}`}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="text"
          label={kind === 'answer' ? '整改说明' : kind === 'close' ? '复核意见（可选）' : '退回原因'}
          rules={
            kind === 'close'
              ? []
              : [
                  {
                    required: true,
                    whitespace: true,
                    message: kind === 'answer' ? '请填写整改说明' : '请填写退回原因',
                  },
                ]
          }
        >
          <Input.TextArea rows={3} maxLength={kind === 'answer' ? 1000 : 500} showCount />
        </Form.Item>
        {kind === 'answer' && (
          <Form.Item name="photos" label="整改照片">
            <FileUpload multiple maxCount={9} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

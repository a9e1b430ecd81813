import { BellOutlined, CloudDownloadOutlined } from '@ant-design/icons';
import { EXPORT_TOPIC, exportCalls, NOTICE_TOPIC, noticeCalls } from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { call, EXPORT_QUEUED_EVENT } from '../../lib/api.ts';
import { useLiveRefresh } from '../../lib/live.ts';
import { OPS_PATHS } from '../../lib/routes.ts';
import { opsKeys } from './keys.ts';

/** The navbar's bell: the user's unread messages, pushed live; a click opens 消息中心. */
export function NoticeBell() {
  const navigate = useNavigate();
  useLiveRefresh([NOTICE_TOPIC], opsKeys.notices);
  const unread = useQuery({
    queryKey: opsKeys.unread,
    queryFn: ({ signal }) => call(noticeCalls.unread, {}, { signal, silent: true }),
  });
  const n = unread.data?.total ?? 0;
  return (
    <Tooltip title={n ? `${n} 条未读消息` : '消息中心'}>
      <Badge count={n} size="small" offset={[-4, 4]} data-testid="notice-badge">
        <Button
          type="text"
          icon={<BellOutlined />}
          aria-label="消息中心"
          onClick={() => navigate(OPS_PATHS.notice)}
        />
      </Badge>
    </Tooltip>
  );
}

/**
 * The navbar's export badge: background exports in progress (a number) or finished in the last day
 * (a dot), pushed live and on every export that was queued; a click opens 导出中心.
 */
export function ExportBadge() {
  const navigate = useNavigate();
  const client = useQueryClient();
  useLiveRefresh([EXPORT_TOPIC], opsKeys.exports);
  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: opsKeys.exports });
    window.addEventListener(EXPORT_QUEUED_EVENT, refresh);
    return () => window.removeEventListener(EXPORT_QUEUED_EVENT, refresh);
  }, [client]);
  const active = useQuery({
    queryKey: opsKeys.activeExports,
    queryFn: ({ signal }) => call(exportCalls.active, {}, { signal, silent: true }),
  });
  const running = active.data?.running ?? 0;
  const ready = active.data?.ready ?? 0;
  const title = running
    ? `${running} 个导出任务进行中`
    : ready
      ? `${ready} 个导出已完成，可下载`
      : '导出中心';
  return (
    <Tooltip title={title}>
      <Badge
        count={running}
        dot={running === 0 && ready > 0}
        size="small"
        offset={[-4, 4]}
        data-testid="export-badge"
        data-state={running ? 'running' : ready ? 'ready' : 'idle'}
      >
        <Button
          type="text"
          icon={<CloudDownloadOutlined />}
          aria-label="导出中心"
          onClick={() => navigate(OPS_PATHS.export)}
        />
      </Badge>
    </Tooltip>
  );
}

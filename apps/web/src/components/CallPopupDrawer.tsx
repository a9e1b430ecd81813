import { CASE_KIND_LABEL, CASE_STATE_LABEL, serviceUserCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Empty, List, Spin, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { call } from '../lib/api.ts';
import { dash } from '../lib/format.ts';

/** The pop-up's query key, under the call centre's ['call-centre'] so its refresh reaches it. */
export const callPopupKey = (token: string | null) => ['call-centre', 'popup', token] as const;

/** What 新建工单 hands the page: the caller's number and the call's token to link the case to. */
export interface PopupCaller {
  phone: string;
  token: string;
}

/**
 * 来电弹屏: what the platform knows of a call's number (GET /pc/serviceUser/popup/{token}) — the
 * call, the caller's open cases first, its latest closed ones and the lifts of those cases. Shared by
 * the agent's duty page and the live board (/yjcz?token=…); given `onNewCase`, a call not yet linked
 * to a case offers 新建工单 with the caller's number and the token, and a linked one names its case.
 */
export function CallPopupDrawer({
  token,
  onClose,
  onNewCase,
}: {
  token: string | null;
  onClose: () => void;
  onNewCase?: (caller: PopupCaller) => void;
}) {
  const popup = useQuery({
    queryKey: callPopupKey(token),
    enabled: token !== null,
    queryFn: ({ signal }) => call(serviceUserCalls.popup, { token: token! }, { signal }),
  });
  const p = popup.data;
  const caseItem = (c: NonNullable<typeof p>['openCases'][number]) => (
    <List.Item>
      <List.Item.Meta
        title={
          <>
            {c.caseNo} <Tag color={c.open ? 'red' : 'default'}>{CASE_STATE_LABEL[c.status] ?? c.status}</Tag>
            <Tag>{CASE_KIND_LABEL[c.kind] ?? c.kind}</Tag>
          </>
        }
        description={`${c.alarmAt} · ${dash(c.address)}${c.trapped ? ` · 被困 ${c.trapped} 人` : ''}`}
      />
    </List.Item>
  );
  return (
    <Drawer title="来电弹屏" open={token !== null} onClose={onClose} width={560} destroyOnHidden>
      {popup.isLoading && <Spin />}
      {popup.isError && <Alert type="error" showIcon message={`来电弹屏加载失败：${popup.error.message}`} />}
      {p && (
        <div data-testid="call-popup">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="来电号码">
              <Typography.Text strong>{p.phone}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="方向">{p.call.directionLabel}</Descriptions.Item>
            <Descriptions.Item label="开始时间">{p.call.startedAt}</Descriptions.Item>
            <Descriptions.Item label="坐席">{dash(p.call.agentName)}</Descriptions.Item>
            <Descriptions.Item label="此前来电">{p.previousCalls} 次</Descriptions.Item>
            <Descriptions.Item label="关联工单">
              <span data-testid="call-popup-case">{dash(p.call.caseNo)}</span>
            </Descriptions.Item>
          </Descriptions>
          {onNewCase && p.call.caseId === null && (
            <Button
              type="primary"
              style={{ marginTop: 12 }}
              data-testid="call-popup-new-case"
              onClick={() => onNewCase({ phone: p.phone, token: p.call.token })}
            >
              新建工单
            </Button>
          )}
          <Section title="未关闭的工单" items={p.openCases} render={caseItem} />
          <Section title="近期工单" items={p.recentCases} render={caseItem} />
          <Section
            title="相关电梯"
            items={p.lifts}
            render={(l) => (
              <List.Item>
                <List.Item.Meta
                  title={`${l.registerCode}${l.rescueCode ? `（救援识别码 ${l.rescueCode}）` : ''}`}
                  description={`${dash(l.name)} · ${l.address}`}
                />
              </List.Item>
            )}
          />
        </div>
      )}
    </Drawer>
  );
}

/** One part of the pop-up: its heading, then its items, or 无. */
function Section<T>({ title, items, render }: { title: string; items: T[]; render: (item: T) => ReactNode }) {
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {title}
      </Typography.Title>
      {items.length ? (
        <List size="small" dataSource={items} renderItem={render} />
      ) : (
        <Empty description="无" />
      )}
    </>
  );
}

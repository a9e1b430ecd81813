import { CASE_KIND, CASE_KIND_LABEL, type RescueCaseDetail, rescueCaseCalls } from '@ec/contract';
import { App, Input, InputNumber, Modal, Radio, Typography } from 'antd';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { call } from '../../lib/api.ts';
import { focusNextField } from './keyboard.ts';

const KIND_OPTIONS = Object.entries(CASE_KIND_LABEL).map(([value, label]) => ({
  value: Number(value),
  label,
}));

/**
 * 新建工单: the caller's number, the kind (困人 unless changed), the people trapped and what the
 * caller says → saveOrder. Enter moves to the next field and saves from the last; a call on a lift
 * that already has an open 困人 case joins it, and the agent is told so. Opened from a call's pop-up
 * (`fromCall`), the number is filled in and the case is linked to that call by its token.
 */
export function NewCaseDialog({
  open,
  onClose,
  onSaved,
  fromCall = null,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: (saved: RescueCaseDetail, joined: boolean) => void;
  fromCall?: { phone: string; token: string } | null;
}) {
  const { message } = App.useApp();
  const [phone, setPhone] = useState('');
  const [kind, setKind] = useState<number>(CASE_KIND.trapped);
  const [trapped, setTrapped] = useState<number | null>(1);
  const [description, setDescription] = useState('');
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLDivElement>(null);
  // Each opening from a call starts from that call's number; the next plain opening does not keep it.
  const filledFrom = useRef<string | null>(null);
  useEffect(() => {
    if (!open) return;
    if (fromCall) {
      setPhone(fromCall.phone);
      filledFrom.current = fromCall.token;
    } else if (filledFrom.current) {
      setPhone('');
      filledFrom.current = null;
    }
  }, [open, fromCall]);

  const reset = () => {
    setPhone('');
    setKind(CASE_KIND.trapped);
    setTrapped(1);
    setDescription('');
  };

  const save = async () => {
    if (saving) return;
    if (phone && !/^[\d\-+ ]*$/.test(phone)) {
      message.warning('来电号码只能包含数字');
      return;
    }
    setSaving(true);
    try {
      const saved = await call(rescueCaseCalls.saveOrder, {
        kind,
        callerPhone: phone.trim() || null,
        trapped: kind === CASE_KIND.trapped ? (trapped ?? 0) : 0,
        description: description.trim() || null,
        callToken: fromCall?.token ?? null,
      });
      reset();
      onSaved(saved.case, saved.joined);
    } catch {
      // the request layer showed the server's message
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' || e.ctrlKey || e.metaKey || e.altKey || e.nativeEvent.isComposing) return;
    if (e.shiftKey && (e.target as HTMLElement).tagName === 'TEXTAREA') return;
    e.preventDefault();
    if (!form.current || !focusNextField(form.current, e.target as HTMLElement)) void save();
  };

  return (
    <Modal
      title={fromCall ? `新建工单（来电 ${fromCall.phone}）` : '新建工单（接警）'}
      open={open}
      onCancel={onClose}
      onOk={() => void save()}
      okText="建单（Enter）"
      cancelText="取消（Esc）"
      confirmLoading={saving}
      destroyOnHidden
      focusTriggerAfterClose={false}
      afterOpenChange={(visible) => {
        if (visible) form.current?.querySelector<HTMLInputElement>('input')?.focus();
      }}
      width={520}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Enter moves between the fields inside */}
      <div ref={form} onKeyDown={onKeyDown} data-testid="new-case-form">
        <div style={{ display: 'block', marginBottom: 12 }} data-field="phone">
          <label style={{ display: 'block' }} htmlFor="new-case-phone">
            来电号码
          </label>
          <Input
            id="new-case-phone"
            aria-label="来电号码"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            placeholder="来电显示的号码"
            maxLength={20}
            inputMode="tel"
            autoFocus
          />
        </div>
        <div style={{ marginBottom: 12 }} data-field="kind">
          <div id="new-case-kind">工单类型（← → 选择）</div>
          <Radio.Group
            aria-labelledby="new-case-kind"
            optionType="button"
            buttonStyle="solid"
            options={KIND_OPTIONS}
            value={kind}
            onChange={(e) => setKind(e.target.value as number)}
          />
        </div>
        {kind === CASE_KIND.trapped && (
          <div style={{ display: 'block', marginBottom: 12 }} data-field="trapped">
            <label style={{ display: 'block' }} htmlFor="new-case-trapped">
              被困人数
            </label>
            <InputNumber
              id="new-case-trapped"
              aria-label="被困人数"
              min={0}
              max={99}
              precision={0}
              value={trapped}
              onChange={(v) => setTrapped(v)}
            />
          </div>
        )}
        <div style={{ display: 'block' }} data-field="description">
          <label style={{ display: 'block' }} htmlFor="new-case-description">
            情况描述
          </label>
          <Input.TextArea
            id="new-case-description"
            aria-label="情况描述"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={500}
            autoSize={{ minRows: 2, maxRows: 5 }}
            placeholder="来电人所说的位置、情况（Shift+Enter 换行）"
          />
        </div>
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          Enter 进入下一项，在最后一项按 Enter 建单；建单后在右侧定位电梯。
        </Typography.Text>
      </div>
    </Modal>
  );
}

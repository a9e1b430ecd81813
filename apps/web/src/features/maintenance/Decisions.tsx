import { type MaintenanceOrderDetail, maintenanceOrderCalls } from '@ec/contract';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { SignaturePad } from '../../components/SignaturePad.tsx';
import { ApiError, call } from '../../lib/api.ts';
import { uploadSignature } from '../../lib/photo.ts';
import { useInvalidateMaintenance } from './queries.ts';

/*
 * The decisions on an order: the use unit's confirmation (one order, with the version it read) and
 * the regulator's audit (one or many). A decision the server refuses because the order moved on
 * (409: confirmed or audited meanwhile) shows the server's message and refreshes the page.
 */

type Audit = { ids: number[]; pass: boolean };

/** 审核通过 / 驳回 of orders awaiting audit (status 4 已完成): confirm dialogs, then "已审核 N 条". */
export function useOrderAudit(onDone?: () => void): {
  pass: (ids: number[]) => void;
  reject: (ids: number[]) => void;
  dialog: ReactNode;
} {
  const { message } = App.useApp();
  const invalidate = useInvalidateMaintenance();
  const [audit, setAudit] = useState<Audit | null>(null);
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const open = (ids: number[], pass: boolean) => {
    setText('');
    setAudit({ ids, pass });
  };
  const close = () => setAudit(null);

  const submit = async () => {
    if (!audit) return;
    // The reason is optional for a rejection too (the server's rule); the field is offered.
    const description = text.trim();
    setSaving(true);
    try {
      const { updated } = await call(
        audit.pass ? maintenanceOrderCalls.auditPass : maintenanceOrderCalls.auditReject,
        {
          ids: audit.ids,
          description: description || undefined,
        },
      );
      const skipped = audit.ids.length - updated;
      const done = `已审核 ${updated} 条${audit.pass ? '（审核通过）' : '（已驳回，退回维保单位重做）'}`;
      if (skipped > 0) message.warning(`${done}，另有 ${skipped} 条已不是待审核状态，未处理`);
      else message.success(done);
      close();
      onDone?.();
    } catch (e) {
      // The request layer showed the reason; a record decided meanwhile closes the dialog.
      if (e instanceof ApiError && e.status === 409) {
        close();
        onDone?.();
      }
    } finally {
      setSaving(false);
      await invalidate();
    }
  };

  const count = audit?.ids.length ?? 0;
  const dialog = (
    <Modal
      title={audit?.pass ? '审核通过' : '审核驳回'}
      open={audit !== null}
      onOk={submit}
      onCancel={close}
      okText={audit?.pass ? '审核通过' : '驳回'}
      okButtonProps={{ danger: !audit?.pass }}
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
    >
      <div data-testid="audit-dialog">
        <Typography.Paragraph>
          {audit?.pass
            ? `确认审核通过${count > 1 ? `选中的 ${count} 条` : '该'}维保记录？通过后记录归档。`
            : `确认驳回${count > 1 ? `选中的 ${count} 条` : '该'}维保记录？驳回后退回维保单位重做，原记录保留。`}
        </Typography.Paragraph>
        <Form layout="vertical">
          <Form.Item label={audit?.pass ? '审核意见' : '驳回原因'}>
            <Input.TextArea
              rows={3}
              maxLength={500}
              showCount
              placeholder={audit?.pass ? '选填' : '选填，建议写明需整改的内容，维保单位会收到'}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
  return { pass: (ids) => open(ids, true), reject: (ids) => open(ids, false), dialog };
}

/**
 * The use unit confirms a record awaiting confirmation (status 3 待确认): its signature drawn on the
 * pad (stored through the file service, shown on the order page and in the PDF record) and an
 * optional remark.
 */
export function ConfirmOrderDialog({
  order,
  open,
  onClose,
}: {
  order: MaintenanceOrderDetail;
  open: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const invalidate = useInvalidateMaintenance();
  const [remark, setRemark] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setRemark('');
      setSignature(null);
    }
  }
  const submit = async () => {
    setSaving(true);
    try {
      let signatureFileId: string | undefined;
      if (signature) {
        try {
          signatureFileId = await uploadSignature(signature, '使用单位确认签名');
        } catch (e) {
          message.error(
            e instanceof Error && e.message ? `签名上传失败：${e.message}` : '签名上传失败，请重试',
          );
          return;
        }
      }
      await call(maintenanceOrderCalls.confirm, {
        id: order.id,
        version: order.version,
        signatureFileId,
        remark: remark.trim() || undefined,
      });
      message.success('已确认维保记录');
      onClose();
    } catch (e) {
      // The request layer showed the server's message; an order that moved on is shown as it is now.
      if (e instanceof ApiError && e.status === 409) onClose();
    } finally {
      setSaving(false);
      await invalidate();
    }
  };
  return (
    <Modal
      title={`确认维保记录 · ${order.orderNo}`}
      open={open}
      onOk={submit}
      onCancel={onClose}
      okText="确认"
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
    >
      <div data-testid="confirm-dialog">
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="请核对维保项目、照片和作业人员后确认。确认后记录归档并提交监管部门审核，不能撤回。"
        />
        <Form layout="vertical">
          <Form.Item label="使用单位签字" extra="用鼠标或手指在框内签名，签名随维保记录归档">
            <SignaturePad value={signature} onChange={setSignature} disabled={saving} />
          </Form.Item>
          <Form.Item label="确认备注">
            <Input.TextArea
              rows={3}
              maxLength={500}
              showCount
              placeholder="选填"
              value={remark}
              onChange={(e) => setRemark(e.target.value)}
            />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}

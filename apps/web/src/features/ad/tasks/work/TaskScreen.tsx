import { AD_LOG_STATUS, AD_TASK_PERMISSIONS, type AdTaskDetail, adTaskCalls } from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BusyButton } from '../../../../components/phone/BusyButton.tsx';
import phone from '../../../../components/phone/phone.module.css';
import { usePermission } from '../../../../lib/access.ts';
import { ApiError, call } from '../../../../lib/api.ts';
import { locate } from '../../../../lib/geo.ts';
import { uploadImage } from '../../../../lib/photo.ts';
import { Photo } from '../Photo.tsx';
import css from './adwork.module.css';
import { distanceText, missingForLog, readCode, STATUS_TONE, takesCode, takesLog } from './logic.ts';

/** Under the console's task keys (['adTasks']): its writes refresh this page, and this page's the console. */
export const workKeys = {
  list: ['adTasks', 'work', 'list'] as const,
  task: (id: number) => ['adTasks', 'work', 'task', id] as const,
};

const TONE_BADGE = { info: phone.badge, wait: phone.badgeWait, done: phone.badgeDone, fail: phone.badgeFail };
const statusBadge = (status: number) => TONE_BADGE[STATUS_TONE[status] ?? 'info'];

const LOG_BADGE: Record<number, string> = {
  [AD_LOG_STATUS.pending]: phone.badgeWait,
  [AD_LOG_STATUS.approved]: phone.badgeDone,
  [AD_LOG_STATUS.rejected]: phone.badgeFail,
};

interface Detector {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

/** The browser's own QR reader (Chrome and Edge on Android), when it has one; else the code is typed. */
const qrDetector = (): DetectorClass | null =>
  (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector ?? null;

async function scanPicture(file: File): Promise<string> {
  const Reader = qrDetector();
  if (!Reader) throw new Error('当前浏览器不能识别二维码，请手动输入二维码下方的编号');
  const bitmap = await createImageBitmap(file);
  try {
    const found = await new Reader({ formats: ['qr_code'] }).detect(bitmap);
    const text = found[0]?.rawValue?.trim();
    if (!text) throw new Error('照片中没有识别到二维码，请对准二维码重拍，或手动输入');
    return text;
  } finally {
    bitmap.close();
  }
}

/**
 * One task on site: its point and lift, the point's QR code (scanned or typed, bound when the point
 * has none), the photo of the installed poster, and 提交日志 with the phone's position; the server's
 * answer (the task 待审核, how far from the lift) or its reason in Chinese. The log is the worker's
 * bound to the account (else the task's assigned one: the server decides, workerFor).
 */
export function TaskScreen({ taskId }: { taskId: number }) {
  const client = useQueryClient();
  // 解绑 (a code bound by mistake, a replaced sticker) is the operator's: ad:task:edit.
  const canUnbind = usePermission(AD_TASK_PERMISSIONS.taskEdit);
  const task = useQuery({
    queryKey: workKeys.task(taskId),
    queryFn: ({ signal }) => call(adTaskCalls.get, { id: taskId }, { signal, silent: true }),
    retry: false,
  });
  const [code, setCode] = useState<string | null>(null);
  const [photoId, setPhotoId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  if (task.isPending) return <div className={phone.empty}>正在加载…</div>;
  if (task.isError)
    return (
      <main className={css.body}>
        <div className={phone.error} role="alert">
          {task.error instanceof ApiError && task.error.status === 404
            ? '投放任务不存在或无权访问'
            : task.error.message}
        </div>
      </main>
    );
  const t = task.data;
  // A bound point's code is scanned again on site (the server compares it with the bound one).
  const typed = code ?? '';
  const draft = { code: typed, photoId };
  const saved = (next: AdTaskDetail) => {
    client.setQueryData(workKeys.task(taskId), next);
    void client.invalidateQueries({ queryKey: workKeys.list });
  };
  const run = async (what: string, fn: () => Promise<void>) => {
    setBusy(what);
    setError(null);
    setNotice(null);
    try {
      await fn();
    } catch (e) {
      setError((e as Error).message);
      void task.refetch();
    } finally {
      setBusy(null);
    }
  };
  const bind = () =>
    run('bind', async () => {
      const read = readCode(typed);
      if ('problem' in read) throw new Error(read.problem);
      saved(await call(adTaskCalls.bindQrCode, { id: t.id, qrCode: read.code }, { silent: true }));
      setCode(read.code);
      setNotice(`已绑定二维码 ${read.code}`);
    });
  const unbind = () =>
    run('unbind', async () => {
      saved(await call(adTaskCalls.unBindQrCode, { id: t.id }, { silent: true }));
      setCode(null);
      setNotice('已解绑二维码，请重新扫码绑定');
    });
  const submit = () =>
    run('submit', async () => {
      const missing = missingForLog(t, draft);
      if (missing) throw new Error(missing);
      const where = await locate();
      const next = await call(
        adTaskCalls.submitLog,
        {
          id: t.id,
          version: t.version,
          qrCode: typed.trim(),
          photoFileId: photoId as string,
          latitude: where.latitude,
          longitude: where.longitude,
        },
        { silent: true },
      );
      saved(next);
      setPhotoId(null);
      const log = next.logs[0];
      setNotice(`日志已提交，任务${next.statusLabel}${log ? `。${distanceText(log)}` : ''}`);
    });
  const open = takesLog(t.status);
  return (
    <main className={css.body}>
      <div className={phone.card}>
        <div className={phone.row}>
          <span className={`${phone.grow} ${phone.title}`}>{t.pointName}</span>
          <span className={phone.badge}>{t.kindLabel}</span>
          <span className={statusBadge(t.status)} data-testid="ad-work-task-state">
            {t.statusLabel}
          </span>
        </div>
        <div className={phone.muted}>{t.address ?? '—'}</div>
        <div className={phone.muted}>
          注册代码 {t.registerCode ?? '—'} · 订单 {t.orderNo ?? '—'}
        </div>
        <div className={phone.muted}>
          {t.customerName ?? '—'} · 计划 {t.planDate} · 安装人员 {t.workerName ?? '未指派'}
        </div>
      </div>
      {error && (
        <div className={phone.error} role="alert" data-testid="ad-work-error">
          {error}
        </div>
      )}
      {notice && (
        <div className={phone.notice} data-testid="ad-work-notice">
          {notice}
        </div>
      )}
      {open && (
        <>
          <div className={phone.sectionTitle}>1. 点位二维码</div>
          <div className={phone.card}>
            <div className={phone.muted}>
              {t.qrCode ? `已绑定 ${t.qrCode}，请扫码核对` : '该点位尚未绑定二维码'}
            </div>
            <input
              className={phone.input}
              style={{ marginTop: 8 }}
              value={typed}
              maxLength={64}
              placeholder="扫描或输入二维码编号"
              aria-label="点位二维码"
              data-testid="ad-work-code"
              onChange={(e) => setCode(e.target.value)}
            />
            {qrDetector() && (
              <label className={css.secondary} style={{ display: 'grid', placeItems: 'center' }}>
                {busy === 'scan' ? '识别中…' : '拍照扫码'}
                <input
                  type="file"
                  accept="image/*"
                  capture="environment"
                  hidden
                  disabled={busy !== null}
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    e.target.value = '';
                    if (file) void run('scan', async () => setCode(await scanPicture(file)));
                  }}
                />
              </label>
            )}
            {t.qrCode && canUnbind && (
              <BusyButton
                action="unbind"
                busy={busy}
                className={phone.more}
                onClick={unbind}
                data-testid="ad-work-unbind"
                label="解绑二维码（绑错或更换了二维码）"
                busyLabel="正在解绑…"
              />
            )}
            {!t.qrCode && takesCode(t.status) && (
              <BusyButton
                action="bind"
                busy={busy}
                className={css.primary}
                disabled={!typed.trim()}
                onClick={bind}
                data-testid="ad-work-bind"
                label="绑定二维码"
                busyLabel="正在绑定…"
              />
            )}
          </div>
          <div className={phone.sectionTitle}>2. 安装照片</div>
          <div className={phone.card}>
            <div className={phone.row}>
              {photoId && <Photo id={photoId} size={96} alt="安装照片" />}
              <label className={css.photoButton}>
                {busy === 'photo' ? '上传中…' : photoId ? '重拍' : '+ 拍照'}
                <input
                  type="file"
                  accept="image/*"
                  capture="environment"
                  hidden
                  disabled={busy !== null}
                  data-testid="ad-work-photo-input"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    e.target.value = '';
                    if (file) void run('photo', async () => setPhotoId(await uploadImage(file, '安装照片')));
                  }}
                />
              </label>
            </div>
          </div>
          <BusyButton
            action="submit"
            busy={busy}
            className={css.primary}
            onClick={submit}
            data-testid="ad-work-submit"
            label="定位并提交日志"
            busyLabel="正在定位并提交…"
          />
          <div className={phone.muted} style={{ marginTop: 6, textAlign: 'center' }}>
            提交时记录当前位置，并与电梯位置比对
          </div>
        </>
      )}
      {t.logs.length > 0 && (
        <>
          <div className={phone.sectionTitle}>投放日志</div>
          {t.logs.map((log) => (
            <div key={log.id} className={phone.card} data-testid="ad-work-log">
              <div className={phone.row}>
                <span className={phone.grow}>{log.logTime}</span>
                <span className={LOG_BADGE[log.status] ?? phone.badge}>{log.statusLabel}</span>
              </div>
              <div className={phone.row} style={{ marginTop: 6, alignItems: 'flex-start' }}>
                <Photo id={log.photoFileId} size={64} alt="安装照片" />
                <div className={phone.grow}>
                  <div className={phone.muted}>
                    {log.workerName ?? '—'} · 二维码 {log.qrCode ?? '—'}
                  </div>
                  <div className={phone.muted}>{distanceText(log)}</div>
                  {log.reviewRemark && <div className={phone.muted}>审核意见：{log.reviewRemark}</div>}
                </div>
              </div>
            </div>
          ))}
        </>
      )}
    </main>
  );
}

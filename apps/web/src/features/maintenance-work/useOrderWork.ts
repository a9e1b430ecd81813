import {
  type MaintenanceOrderDetail,
  maintenanceOrderCalls,
  maintenanceWorkCalls,
  ORDER_STATUS,
} from '@ec/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, call } from '../../lib/api.ts';
import { locate } from '../../lib/geo.ts';
import { uploadSignature } from '../../lib/photo.ts';
import {
  type LocalCopy,
  localKey,
  problemsOf,
  progressOf,
  readLocal,
  removeLocal,
  startingPoint,
  type WorkForm,
  writeLocal,
} from './draft.ts';

export const workKeys = {
  all: ['maintenance-work'] as const,
  mine: ['maintenance-work', 'mine'] as const,
  order: (id: number) => ['maintenance-work', 'order', id] as const,
  coworkers: (id: number) => ['maintenance-work', 'coworkers', id] as const,
};

/** Quiet time after the last change before the progress is saved. */
export const SAVE_DELAY_MS = 1500;

export type Notice = { tone: 'error' | 'warn' | 'ok'; text: string } | null;
export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: number }
  | { kind: 'local'; reason: string };

export type Busy = 'locating' | 'signing' | 'signingOut' | 'submitting' | null;

/** The steps of the phone page; after 签退 the record is fixed and only 提交 (with the signature) remains. */
export const STEPS = ['签到', '项目', '照片', '配件', '签退', '提交'] as const;
export const SIGN_OUT_STEP = 4;
export const SUBMIT_STEP = 5;

/** Signed in, not yet submitted: the phone works on the order (before the sign-out, on its content). */
const open = (o: MaintenanceOrderDetail) =>
  o.status === ORDER_STATUS.signedIn || o.status === ORDER_STATUS.working;

const messageOf = (e: unknown) => (e instanceof Error && e.message ? e.message : '操作失败，请重试');

/**
 * One order on the worker's phone: the record from the server, the form as typed, the sign-in, the
 * saves (debounced, one at a time, each naming the version of the last answer), the in-progress copy
 * in localStorage and the submission. A 409 shows the server's message and reloads the order.
 */
export function useOrderWork(orderId: number, userId: number) {
  const client = useQueryClient();
  const key = localKey(userId, orderId);
  const info = useQuery({
    queryKey: workKeys.order(orderId),
    queryFn: ({ signal }) => call(maintenanceOrderCalls.info, { id: orderId }, { signal, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

  const [order, setOrder] = useState<MaintenanceOrderDetail | null>(null);
  const [form, setFormState] = useState<WorkForm | null>(null);
  const [step, setStepState] = useState(0);
  const [notice, setNotice] = useState<Notice>(null);
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  const [busy, setBusy] = useState<Busy>(null);

  const orderRef = useRef<MaintenanceOrderDetail | null>(null);
  const formRef = useRef<WorkForm | null>(null);
  const stepRef = useRef(0);
  const version = useRef(0);
  /** Changes made, and the last change the server has. */
  const edits = useRef(0);
  const saved = useRef(0);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const closed = useRef(false);
  /** Times the record was (re)loaded: a submission started before a reload stops. */
  const loads = useRef(0);

  /** True while a save is on its way (the copy says so: a reload then may find it landed). */
  const sending = useRef(false);
  const keepLocal = useCallback(() => {
    if (!formRef.current) return;
    const copy: LocalCopy = {
      form: formRef.current,
      baseVersion: version.current,
      step: stepRef.current,
      savedAt: Date.now(),
      inFlight: sending.current,
    };
    writeLocal(key, copy);
  }, [key]);

  /** A new answer from the server: its version is the one the next call names. */
  const answered = useCallback((next: MaintenanceOrderDetail) => {
    version.current = next.version;
    orderRef.current = next;
    setOrder(next);
  }, []);

  const { refetch } = info;
  const reload = useCallback(
    async (why: string) => {
      setNotice({ tone: 'error', text: `${why}，已重新加载工单` });
      await refetch();
    },
    [refetch],
  );

  const failed = useCallback(
    async (e: unknown) => {
      if (e instanceof ApiError && e.status === 409) {
        await reload(e.message || '工单已被修改');
        return;
      }
      setNotice({ tone: 'error', text: messageOf(e) });
    },
    [reload],
  );

  /** Saves what changed since the last save (after the one in flight, if any). */
  const flush = useCallback((): Promise<void> => {
    clearTimeout(timer.current);
    chain.current = chain.current.then(async () => {
      const current = orderRef.current;
      if (closed.current || !current || !formRef.current || saved.current === edits.current) return;
      // After the sign-out only the signature changes, which goes up with the submission.
      if (!open(current) || current.signOutTime !== null) return;
      const upTo = edits.current;
      setSave({ kind: 'saving' });
      sending.current = true;
      keepLocal();
      try {
        const next = await call(
          maintenanceWorkCalls.saveProgress,
          { id: orderId, version: version.current, ...progressOf(formRef.current, current) },
          { silent: true },
        );
        answered(next);
        saved.current = upTo;
        sending.current = false;
        keepLocal();
        setSave(
          upTo === edits.current
            ? { kind: 'saved', at: Date.now() }
            : { kind: 'local', reason: '有新的修改，稍后保存' },
        );
      } catch (e) {
        sending.current = false;
        keepLocal();
        if (e instanceof ApiError && e.status === 0) {
          setSave({ kind: 'local', reason: '网络异常：进度已保存在本机，恢复网络后自动保存' });
          return;
        }
        setSave({ kind: 'local', reason: '保存失败：进度已保存在本机' });
        await failed(e);
      }
    });
    return chain.current;
  }, [orderId, answered, keepLocal, failed]);

  // The record loaded (first, or again after a conflict): start from it or from the phone's copy.
  useEffect(() => {
    const loaded = info.data;
    if (!loaded) return;
    clearTimeout(timer.current);
    answered(loaded);
    const editable = open(loaded);
    const start = startingPoint(loaded, editable ? readLocal(key) : null);
    if (!editable && loaded.status !== ORDER_STATUS.planned) removeLocal(key);
    formRef.current = start.form;
    // Signed out (on this phone or another, before a reload): 签退 or 提交, where the phone left it.
    stepRef.current = !editable
      ? 0
      : loaded.signOutTime !== null
        ? Math.max(SIGN_OUT_STEP, start.restored ? start.step : SUBMIT_STEP)
        : Math.max(1, start.step);
    loads.current += 1;
    edits.current = start.restored ? 1 : 0;
    saved.current = 0;
    closed.current = !editable && loaded.status !== ORDER_STATUS.planned;
    setFormState(start.form);
    setStepState(stepRef.current);
    if (start.restored) {
      const at = new Date(start.restored.savedAt).toLocaleTimeString('zh-CN', { hour12: false });
      setSave({ kind: 'local', reason: `已恢复本机 ${at} 的进度` });
      // What the phone kept and the server may not have goes up now.
      timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
    } else {
      setSave({ kind: 'idle' });
    }
  }, [info.data, key, answered, flush]);

  /** Applies a change: on screen, in the phone's copy at once, to the server after a pause. */
  const update = useCallback(
    (change: (f: WorkForm) => WorkForm) => {
      if (!formRef.current || closed.current) return;
      const next = change(formRef.current);
      formRef.current = next;
      edits.current += 1;
      setFormState(next);
      keepLocal();
      setSave({
        kind: 'local',
        reason: orderRef.current?.signOutTime ? '签名已存本机，提交时上传' : '已存本机，稍后同步到服务器',
      });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
    },
    [keepLocal, flush],
  );

  /** Moving between steps saves at once. */
  const setStep = useCallback(
    (next: number) => {
      stepRef.current = next;
      setStepState(next);
      keepLocal();
      void flush();
      window.scrollTo(0, 0);
    },
    [keepLocal, flush],
  );

  // Leaving the page (another app, the screen off) or coming back online saves too.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    const onOnline = () => void flush();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('online', onOnline);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('online', onOnline);
      clearTimeout(timer.current);
    };
  }, [flush]);

  const signIn = useCallback(async () => {
    setNotice(null);
    setBusy('locating');
    try {
      const fix = await locate();
      setBusy('signing');
      const next = await call(
        maintenanceWorkCalls.signIn,
        { id: orderId, version: version.current, ...fix },
        { silent: true },
      );
      answered(next);
      const start = startingPoint(next, null);
      formRef.current = start.form;
      edits.current = 0;
      saved.current = 0;
      keepLocal();
      setFormState(start.form);
      void client.invalidateQueries({ queryKey: workKeys.mine });
    } catch (e) {
      await failed(e);
    } finally {
      setBusy(null);
    }
  }, [orderId, answered, keepLocal, client, failed]);

  /**
   * 签退: what was typed goes up first (the sign-out fixes the record as the server has it), then the
   * position; the phone's copy keeps the step, so a reload comes back to 提交.
   */
  const signOut = useCallback(async () => {
    const current = orderRef.current;
    const f = formRef.current;
    if (!current || !f) return;
    const problems = problemsOf(f, current, { signature: false });
    if (problems.length) {
      setNotice({ tone: 'error', text: problems.join('；') });
      return;
    }
    setNotice(null);
    setBusy('locating');
    try {
      const loaded = loads.current;
      await flush();
      if (loads.current !== loaded || closed.current) return;
      if (saved.current !== edits.current) {
        setNotice({ tone: 'error', text: '进度尚未保存到服务器，请检查网络后再签退' });
        return;
      }
      const fix = await locate();
      setBusy('signingOut');
      const next = await call(
        maintenanceWorkCalls.signOut,
        { id: orderId, version: version.current, ...fix },
        { silent: true },
      );
      answered(next);
      stepRef.current = SUBMIT_STEP;
      setStepState(SUBMIT_STEP);
      keepLocal();
      setNotice({ tone: 'ok', text: `已签退（${next.signOutTime}），请签名后提交` });
      window.scrollTo(0, 0);
    } catch (e) {
      await failed(e);
    } finally {
      setBusy(null);
    }
  }, [orderId, answered, keepLocal, flush, failed]);

  const submit = useCallback(async () => {
    const current = orderRef.current;
    const f = formRef.current;
    if (!current || !f) return;
    const problems = problemsOf(f, current);
    if (problems.length) {
      setNotice({ tone: 'error', text: problems.join('；') });
      return;
    }
    setNotice(null);
    setBusy('submitting');
    try {
      // The save in flight first: its answer holds the version the submission names.
      const loaded = loads.current;
      clearTimeout(timer.current);
      await chain.current;
      if (loads.current !== loaded) return;
      const signatureFileId = await uploadSignature(f.signature!, '维保人员签名');
      const done = await call(
        maintenanceWorkCalls.submit,
        { id: orderId, version: version.current, signatureFileId },
        { silent: true },
      );
      closed.current = true;
      answered(done);
      removeLocal(key);
      setSave({ kind: 'saved', at: Date.now() });
      setNotice({ tone: 'ok', text: `已提交（${done.statusLabel}），等待使用单位确认` });
      void client.invalidateQueries({ queryKey: workKeys.mine });
    } catch (e) {
      await failed(e);
    } finally {
      setBusy(null);
    }
  }, [orderId, answered, key, client, failed]);

  return {
    loading: info.isPending,
    loadError: info.isError ? messageOf(info.error) : null,
    order,
    form,
    step,
    setStep,
    update,
    notice,
    setNotice,
    save,
    busy,
    signIn,
    signOut,
    submit,
  };
}

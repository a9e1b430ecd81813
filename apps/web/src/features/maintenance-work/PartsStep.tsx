import { maintenanceWorkCalls } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { MAX_NOTE, MAX_PARTS, newPart, type PartEntry, type WorkForm } from './draft.ts';
import { workKeys } from './useOrderWork.ts';
import css from './work.module.css';

type Update = (change: (f: WorkForm) => WorkForm) => void;

/** Parts replaced, the second worker on site and a remark. */
export function PartsStep({
  orderId,
  workers,
  form,
  update,
  disabled,
}: {
  orderId: number;
  /** Names of the order's workers (the second one, once saved, is among them). */
  workers: string[];
  form: WorkForm;
  update: Update;
  disabled: boolean;
}) {
  const coworkers = useQuery({
    queryKey: workKeys.coworkers(orderId),
    queryFn: ({ signal }) => call(maintenanceWorkCalls.coworkers, { id: orderId }, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });
  // Until the worker picks, the record's second worker (found by name) is shown.
  const recorded = coworkers.data?.find((c) => workers.includes(c.name))?.userId ?? null;
  const chosen = form.coworkerId === undefined ? recorded : form.coworkerId;

  const setPart = (key: string, patch: Partial<PartEntry>) =>
    update((f) => ({ ...f, parts: f.parts.map((p) => (p.key === key ? { ...p, ...patch } : p)) }));

  return (
    <>
      <div className={css.sectionTitle}>更换的配件</div>
      {form.parts.length === 0 && (
        <div className={css.card}>
          <span className={css.muted}>本次未更换配件可不填。</span>
        </div>
      )}
      {form.parts.map((p, i) => (
        <section key={p.key} className={css.card} data-testid="work-part">
          <div className={css.row}>
            <span className={css.grow}>配件 {i + 1}</span>
            <button
              type="button"
              className={css.dangerLink}
              disabled={disabled}
              onClick={() => update((f) => ({ ...f, parts: f.parts.filter((x) => x.key !== p.key) }))}
            >
              删除
            </button>
          </div>
          <label className={css.field}>
            <span className={css.fieldLabel}>名称</span>
            <input
              className={css.input}
              maxLength={100}
              value={p.name}
              placeholder="如：门锁触点"
              disabled={disabled}
              onChange={(e) => setPart(p.key, { name: e.target.value })}
            />
          </label>
          <div className={css.partRow}>
            <label className={css.field}>
              <span className={css.fieldLabel}>型号</span>
              <input
                className={css.input}
                maxLength={100}
                value={p.model}
                disabled={disabled}
                onChange={(e) => setPart(p.key, { model: e.target.value })}
              />
            </label>
            <label className={css.field}>
              <span className={css.fieldLabel}>数量</span>
              <input
                className={css.input}
                inputMode="numeric"
                maxLength={3}
                value={p.quantity}
                disabled={disabled}
                onChange={(e) => setPart(p.key, { quantity: e.target.value.replace(/\D/g, '') })}
              />
            </label>
          </div>
        </section>
      ))}
      <button
        type="button"
        className={css.plainButton}
        style={{ width: '100%' }}
        disabled={disabled || form.parts.length >= MAX_PARTS}
        onClick={() => update((f) => ({ ...f, parts: [...f.parts, newPart()] }))}
      >
        ＋ 添加配件
      </button>

      <div className={css.sectionTitle}>第二作业人员</div>
      <div className={css.card}>
        <select
          className={css.input}
          aria-label="第二作业人员"
          value={chosen ?? ''}
          disabled={disabled || !coworkers.data}
          onChange={(e) =>
            update((f) => ({ ...f, coworkerId: e.target.value === '' ? null : Number(e.target.value) }))
          }
        >
          <option value="">{coworkers.isError ? '同事名单加载失败' : '未选择'}</option>
          {(coworkers.data ?? []).map((c) => (
            <option key={c.userId} value={c.userId}>
              {c.name}
              {c.certNo ? `（${c.certNo}）` : ''}
            </option>
          ))}
        </select>
        <div className={css.muted} style={{ marginTop: 4 }}>
          按规定维保作业应不少于两人。
        </div>
      </div>

      <div className={css.sectionTitle}>备注</div>
      <div className={css.card}>
        <textarea
          className={css.input}
          rows={3}
          maxLength={MAX_NOTE}
          value={form.remark}
          aria-label="备注"
          disabled={disabled}
          onChange={(e) => update((f) => ({ ...f, remark: e.target.value }))}
        />
      </div>
    </>
  );
}

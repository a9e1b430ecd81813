import { ITEM_RESULTS, type ItemResult, type MaintenanceOrderDetail, type OrderItem } from '@ec/contract';
import { memo } from 'react';
import { type ItemEntry, itemKey, MAX_NOTE, MAX_VALUE, NOTE_RESULTS, type WorkForm } from './draft.ts';
import css from './work.module.css';

type Update = (change: (f: WorkForm) => WorkForm) => void;

const EMPTY: ItemEntry = { result: null, value: '', note: '' };

/** The checklist: per item the five results as big buttons, the measured value, a note when needed. */
export function ItemsStep({
  order,
  form,
  update,
}: {
  order: MaintenanceOrderDetail;
  form: WorkForm;
  update: Update;
}) {
  let lastKind: number | null = null;
  return (
    <>
      {order.items.map((item) => {
        const heading = item.kind !== lastKind ? item.kindLabel : null;
        lastKind = item.kind;
        const key = itemKey(item);
        return (
          <div key={key}>
            {heading && <div className={css.sectionTitle}>{heading}</div>}
            <ItemCard item={item} entry={form.items[key] ?? EMPTY} update={update} />
          </div>
        );
      })}
    </>
  );
}

const ItemCard = memo(function ItemCard({
  item,
  entry,
  update,
}: {
  item: OrderItem;
  entry: ItemEntry;
  update: Update;
}) {
  const key = itemKey(item);
  const set = (patch: Partial<ItemEntry>) =>
    update((f) => ({ ...f, items: { ...f.items, [key]: { ...(f.items[key] ?? EMPTY), ...patch } } }));
  const pick = (result: ItemResult) => set({ result });
  const needsNote = entry.result !== null && NOTE_RESULTS.includes(entry.result);
  const disabled = item.itemId === null;
  return (
    <section className={css.card} data-testid="work-item" aria-label={item.name}>
      <div className={css.row}>
        <span className={`${css.grow} ${css.title}`} style={{ fontSize: 15 }}>
          {item.seq}. {item.name}
        </span>
        {entry.result && <span className={css.badgeDone}>已填</span>}
      </div>
      {item.requirement && <div className={css.muted}>{item.requirement}</div>}
      <fieldset className={css.results} aria-label={`${item.name}的结果`}>
        {ITEM_RESULTS.map((r) => (
          <button
            key={r}
            type="button"
            aria-pressed={entry.result === r}
            disabled={disabled}
            className={entry.result === r ? (r === '异常' ? css.resultBad : css.resultOn) : css.result}
            onClick={() => pick(r)}
          >
            {r}
          </button>
        ))}
      </fieldset>
      {item.measured && entry.result !== '无此项' && (
        <label className={css.field}>
          <span className={css.fieldLabel}>测量值</span>
          <span className={css.inputWithUnit}>
            <input
              className={css.input}
              inputMode="decimal"
              maxLength={MAX_VALUE}
              value={entry.value}
              placeholder="请输入测量值"
              onChange={(e) => set({ value: e.target.value })}
            />
            {item.unit && <span className={css.unit}>{item.unit}</span>}
          </span>
        </label>
      )}
      {needsNote && (
        <label className={css.field}>
          <span className={css.fieldLabel}>{entry.result}说明</span>
          <textarea
            className={css.input}
            rows={2}
            maxLength={MAX_NOTE}
            value={entry.note}
            placeholder={entry.result === '异常' ? '发现的问题与处理情况' : '调整或更换的内容'}
            onChange={(e) => set({ note: e.target.value })}
          />
        </label>
      )}
    </section>
  );
});

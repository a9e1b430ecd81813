import { fileCalls, type InspectionResultRow } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { call } from '../../lib/api.ts';
import { uploadImage } from '../../lib/photo.ts';
import css from './inspect.module.css';
import { type Entry, ITEM_RESULTS, type ItemResult, MAX_PHOTOS, MAX_REMARK } from './logic.ts';

/** Photos taken on this phone, shown from memory; the others are fetched. */
const taken = new Map<string, string>();

const resultClass = (r: ItemResult, on: boolean) =>
  !on ? css.result : r === '符合' ? css.resultOn : r === '不符合' ? css.resultBad : css.resultNone;

/** One catalogue item: its three results as big buttons, ★ for a key item, a remark and defect photos. */
export const ItemCard = memo(function ItemCard({
  item,
  entry,
  changed,
  disabled,
  onChange,
}: {
  item: InspectionResultRow;
  entry: Entry;
  changed: boolean;
  disabled: boolean;
  onChange: (itemId: number, patch: Partial<Entry>) => void;
}) {
  const set = (patch: Partial<Entry>) => onChange(item.itemId, patch);
  const failed = entry.result === '不符合';
  return (
    <section
      className={css.card}
      data-testid="inspect-item"
      data-item-id={item.itemId}
      data-key={item.keyItem ? 'true' : 'false'}
      aria-label={`${item.code} ${item.name}`}
    >
      <div className={css.row}>
        <span className={`${css.grow} ${css.title}`} style={{ fontSize: 15 }}>
          {item.keyItem && <span className={css.fail}>★ </span>}
          {item.code} {item.name}
        </span>
        {item.keyItem && <span className={css.badgeKey}>关键项目</span>}
        {changed ? (
          <span className={css.badgeLate}>未保存</span>
        ) : (
          entry.result && <span className={css.badgeDone}>已保存</span>
        )}
      </div>
      <fieldset className={css.results} aria-label={`${item.code} ${item.name}的结果`}>
        {ITEM_RESULTS.map((r) => (
          <button
            key={r}
            type="button"
            aria-pressed={entry.result === r}
            disabled={disabled}
            className={resultClass(r, entry.result === r)}
            onClick={() => set({ result: r })}
          >
            {r}
          </button>
        ))}
      </fieldset>
      {(failed || entry.remark) && (
        <label className={css.field}>
          <span className={css.fieldLabel}>{failed ? '不符合情况（必填）' : '备注'}</span>
          <textarea
            className={css.input}
            rows={2}
            maxLength={MAX_REMARK}
            value={entry.remark}
            disabled={disabled}
            aria-label={`${item.code} 说明`}
            placeholder={failed ? '现场发现的问题' : ''}
            onChange={(e) => set({ remark: e.target.value })}
          />
        </label>
      )}
      {(failed || entry.photoFileIds.length > 0) && (
        <div className={css.field}>
          <span className={css.fieldLabel}>
            缺陷照片（{entry.photoFileIds.length}/{MAX_PHOTOS}）
          </span>
          <div className={css.photos}>
            {entry.photoFileIds.map((id) => (
              <Photo
                key={id}
                fileId={id}
                label={`${item.code} 缺陷照片`}
                onRemove={
                  disabled
                    ? undefined
                    : () => set({ photoFileIds: entry.photoFileIds.filter((x) => x !== id) })
                }
              />
            ))}
            {!disabled && entry.photoFileIds.length < MAX_PHOTOS && (
              <AddPhoto
                name={`${item.code}缺陷`}
                label={`拍摄${item.code}缺陷照片`}
                onUploaded={(id) => set({ photoFileIds: [...entry.photoFileIds, id] })}
              />
            )}
          </div>
        </div>
      )}
    </section>
  );
});

function Photo({ fileId, label, onRemove }: { fileId: string; label: string; onRemove?: () => void }) {
  const local = taken.get(fileId);
  const remote = useQuery({
    queryKey: ['inspection-work', 'photo', fileId],
    queryFn: ({ signal }) => call(fileCalls.imageBase64, { id: fileId }, { signal, silent: true }),
    enabled: !local,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const src = local ?? remote.data;
  return (
    <span className={css.photo} data-testid="inspect-photo">
      {src ? <img src={src} alt={label} /> : <span>{remote.isError ? '无法加载' : '加载中…'}</span>}
      {onRemove && (
        <button type="button" className={css.photoRemove} aria-label={`删除${label}`} onClick={onRemove}>
          ×
        </button>
      )}
    </span>
  );
}

/** Takes a photo with the camera and uploads it at once (maintenance-work's upload: scaled, JPEG). */
function AddPhoto({
  name,
  label,
  onUploaded,
}: {
  name: string;
  label: string;
  onUploaded: (fileId: string) => void;
}) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setState({ busy: true, error: null });
    try {
      const id = await uploadImage(file, name);
      taken.set(id, URL.createObjectURL(file));
      onUploaded(id);
      setState({ busy: false, error: null });
    } catch (e) {
      setState({
        busy: false,
        error: e instanceof Error && e.message ? `上传失败：${e.message}` : '上传失败',
      });
    }
  };
  return (
    <label className={css.photo} data-testid="inspect-photo-add">
      <span className={state.error ? css.fail : undefined}>
        {state.busy ? '正在上传…' : (state.error ?? '＋ 拍照')}
      </span>
      <input
        className={css.fileInput}
        type="file"
        accept="image/*"
        capture="environment"
        disabled={state.busy}
        aria-label={label}
        onChange={(e) => {
          void onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </label>
  );
}

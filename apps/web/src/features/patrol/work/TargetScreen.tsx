import {
  addDays,
  fileCalls,
  PATROL_DEFAULT_DEADLINE_DAYS,
  PATROL_MAX_PHOTOS,
  PATROL_RESULT_LABEL,
  type PatrolResult,
  type PatrolTargetView,
  type PatrolTaskDetail,
  patrolTaskCalls,
  shanghaiToday,
} from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../lib/api.ts';
import { locate } from '../../../lib/geo.ts';
import { uploadImage } from '../../../lib/photo.ts';
import { draftProblem, draftsOf, type ItemDraft, resultInputs } from '../logic.ts';
import css from './patrol.module.css';

const CHOICE_CLASS: Record<PatrolResult, string> = {
  pass: css.choicePass,
  fail: css.choiceFail,
  na: css.choiceNa,
};

/** One target's items on site: a result each, what was found with photos, saved with the position. */
export function TargetScreen({
  task,
  target,
  onSaved,
}: {
  task: PatrolTaskDetail;
  target: PatrolTargetView;
  onSaved: (next: PatrolTaskDetail) => void;
}) {
  const [drafts, setDrafts] = useState(() => draftsOf(task.items, target));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lift = target.kind === 'lift';
  const change = (contentId: number, patch: Partial<ItemDraft>) =>
    setDrafts((d) => ({ ...d, [contentId]: { ...d[contentId], ...patch } }));
  const save = async () => {
    const problem = draftProblem(task.items, drafts);
    if (problem) return setError(problem);
    const results = resultInputs(task.items, drafts, lift);
    if (results.length === 0) return setError('没有需要保存的新结果');
    setBusy(true);
    setError(null);
    let position: { latitude: number; longitude: number; accuracy: number | null } | null = null;
    try {
      position = await locate();
    } catch {
      // Saved without the position; the detail shows 定位 —.
    }
    try {
      const next = await call(
        patrolTaskCalls.saveResult,
        { taskId: task.id, targetId: target.id, ...(position ?? {}), results },
        { silent: true },
      );
      onSaved(next);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <main className={css.body}>
        <div className={css.card}>
          <div className={css.title}>{target.name}</div>
          <div className={css.muted}>{target.address ?? ''}</div>
          {lift && (
            <div className={css.muted}>
              使用单位 {target.useUnitName ?? '—'} · 维保单位 {target.maintenanceCompanyName ?? '—'}
            </div>
          )}
        </div>
        {task.items.map((item) => {
          const d = drafts[item.contentId];
          return (
            <section key={item.contentId} className={css.card} data-testid="patrol-item">
              <div className={css.title}>
                {item.seq}. {item.name}
              </div>
              {item.requirement && <div className={css.muted}>{item.requirement}</div>}
              {d.locked ? (
                <div className={css.badgeFail}>不符合（已开具整改通知）{d.remark ? `：${d.remark}` : ''}</div>
              ) : (
                <>
                  <div className={css.choices}>
                    {(['pass', 'fail', 'na'] as const).map((r) => (
                      <button
                        key={r}
                        type="button"
                        className={d.result === r ? CHOICE_CLASS[r] : css.choice}
                        aria-pressed={d.result === r}
                        onClick={() => change(item.contentId, { result: r })}
                      >
                        {PATROL_RESULT_LABEL[r]}
                      </button>
                    ))}
                  </div>
                  {d.result && (
                    <textarea
                      className={css.field}
                      rows={2}
                      maxLength={500}
                      placeholder={d.result === 'fail' ? '发现的问题（必填）' : '说明（选填）'}
                      value={d.remark}
                      onChange={(e) => change(item.contentId, { remark: e.target.value })}
                      aria-label="说明"
                    />
                  )}
                  {d.result === 'fail' && (
                    <div className={css.row} style={{ marginTop: 6 }}>
                      {lift && (
                        <select
                          className={css.field}
                          value={d.recipient}
                          onChange={(e) =>
                            change(item.contentId, { recipient: e.target.value as 'use' | 'maintenance' })
                          }
                          aria-label="整改单位"
                        >
                          <option value="use">使用单位整改</option>
                          <option value="maintenance">维保单位整改</option>
                        </select>
                      )}
                      <input
                        className={css.field}
                        type="date"
                        min={shanghaiToday()}
                        value={d.deadline || addDays(shanghaiToday(), PATROL_DEFAULT_DEADLINE_DAYS)}
                        onChange={(e) => change(item.contentId, { deadline: e.target.value })}
                        aria-label="整改期限"
                      />
                    </div>
                  )}
                  {d.result && (
                    <Photos
                      ids={d.photos}
                      onAdd={(id) => change(item.contentId, { photos: [...d.photos, id] })}
                      onError={setError}
                    />
                  )}
                </>
              )}
            </section>
          );
        })}
        {error && (
          <div className={css.error} role="alert">
            {error}
          </div>
        )}
      </main>
      <div className={css.footer}>
        <button
          type="button"
          className={css.primary}
          disabled={busy}
          onClick={save}
          data-testid="save-results"
        >
          {busy ? '正在保存…' : '保存检查结果'}
        </button>
      </div>
    </>
  );
}

function Taken({ id }: { id: string }) {
  const image = useQuery({
    queryKey: ['imageBase64', id],
    queryFn: ({ signal }) => call(fileCalls.imageBase64, { id }, { signal, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return image.data ? (
    <img className={css.photoTaken} src={image.data} alt="现场照片" />
  ) : (
    <div className={css.photoTaken} />
  );
}

function Photos({
  ids,
  onAdd,
  onError,
}: {
  ids: string[];
  onAdd: (id: string) => void;
  onError: (m: string) => void;
}) {
  const [uploading, setUploading] = useState(false);
  return (
    <div className={css.photos}>
      {ids.map((id) => (
        <Taken key={id} id={id} />
      ))}
      {ids.length < PATROL_MAX_PHOTOS && (
        <label className={css.photoButton} style={{ display: 'grid', placeItems: 'center' }}>
          {uploading ? '上传中…' : '+ 拍照'}
          <input
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            disabled={uploading}
            data-testid="patrol-photo-input"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              setUploading(true);
              try {
                onAdd(await uploadImage(file, '巡检照片'));
              } catch (err) {
                onError((err as Error).message);
              } finally {
                setUploading(false);
              }
            }}
          />
        </label>
      )}
    </div>
  );
}

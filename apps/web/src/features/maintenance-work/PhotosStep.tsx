import { fileCalls, type MaintenanceOrderDetail } from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../lib/api.ts';
import { uploadImage } from '../../lib/photo.ts';
import type { WorkForm } from './draft.ts';
import css from './work.module.css';

type Update = (change: (f: WorkForm) => WorkForm) => void;

/** Photos taken on this phone, shown from memory; others (after a reload) are fetched. */
const taken = new Map<string, string>();

/** The required photos of the visit, each taken with the camera and uploaded at once. */
export function PhotosStep({
  order,
  form,
  update,
  disabled,
}: {
  order: MaintenanceOrderDetail;
  form: WorkForm;
  update: Update;
  disabled: boolean;
}) {
  const labels = [
    ...order.requiredPhotos,
    ...form.photos.map((p) => p.label).filter((l) => !order.requiredPhotos.includes(l)),
  ];
  return (
    <>
      <p className={css.muted} style={{ margin: '0 4px 8px' }}>
        每个部位拍一张现场照片（点击方框拍照，可重拍）。
      </p>
      <div className={css.photos}>
        {labels.map((label) => (
          <PhotoTile
            key={label}
            label={label}
            fileId={form.photos.find((p) => p.label === label)?.fileId ?? null}
            disabled={disabled}
            onUploaded={(fileId) =>
              update((f) => ({
                ...f,
                photos: [...f.photos.filter((p) => p.label !== label), { fileId, label }],
              }))
            }
          />
        ))}
      </div>
    </>
  );
}

function PhotoTile({
  label,
  fileId,
  disabled,
  onUploaded,
}: {
  label: string;
  fileId: string | null;
  disabled: boolean;
  onUploaded: (fileId: string) => void;
}) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const local = fileId ? taken.get(fileId) : undefined;
  const remote = useQuery({
    queryKey: ['maintenance-work', 'photo', fileId],
    queryFn: ({ signal }) => call(fileCalls.imageBase64, { id: fileId! }, { signal, silent: true }),
    enabled: !!fileId && !local,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const src = local ?? remote.data;

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setState({ busy: true, error: null });
    try {
      const id = await uploadImage(file, label);
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
    <label className={css.photo} data-testid="work-photo" data-label={label}>
      <span className={css.photoFrame}>
        {src ? <img src={src} alt={label} /> : <span>{fileId ? '加载中…' : '点击拍照'}</span>}
        {state.busy && <span className={css.photoBusy}>正在上传…</span>}
      </span>
      <span className={css.photoLabel}>
        <span>{label}</span>
        <span className={state.error ? css.textError : fileId ? css.ok : css.muted}>
          {state.error ? '失败' : fileId ? '已上传' : '未拍'}
        </span>
      </span>
      <span className={css.photoError}>{state.error ?? ''}</span>
      <input
        className={css.fileInput}
        type="file"
        accept="image/*"
        capture="environment"
        disabled={disabled || state.busy}
        aria-label={`拍摄${label}照片`}
        onChange={(e) => {
          void onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </label>
  );
}

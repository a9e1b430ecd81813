import { MAINTENANCE_PARAMS, type MaintenanceOrderDetail, ORDER_STATUS } from '@ec/contract';
import { SignaturePad } from '../../components/SignaturePad.tsx';
import { itemProgress, problemsOf, type WorkForm } from './draft.ts';
import { ItemsStep } from './ItemsStep.tsx';
import { PartsStep } from './PartsStep.tsx';
import { PhotosStep } from './PhotosStep.tsx';
import {
  type Busy,
  type Notice,
  type SaveState,
  SIGN_OUT_STEP,
  STEPS,
  SUBMIT_STEP,
  useOrderWork,
} from './useOrderWork.ts';
import css from './work.module.css';

const LAST = STEPS.length - 1;

const clock = (ms: number) => new Date(ms).toLocaleTimeString('zh-CN', { hour12: false });

function saveText(save: SaveState): string {
  switch (save.kind) {
    case 'saving':
      return '正在保存…';
    case 'saved':
      return `已保存 ${clock(save.at)}`;
    case 'local':
      return save.reason;
    default:
      return '';
  }
}

const noticeClass = (n: Notice) =>
  n?.tone === 'error'
    ? css.messageError
    : n?.tone === 'warn'
      ? css.messageWarn
      : n
        ? css.messageOk
        : css.message;

/**
 * One order on the phone: sign in, the checklist, photos, parts and the second worker, sign out at
 * the lift (the record is then fixed), sign and submit.
 */
export function OrderScreen({
  orderId,
  userId,
  onBack,
}: {
  orderId: number;
  userId: number;
  onBack: () => void;
}) {
  const work = useOrderWork(orderId, userId);
  const { order, form, step, notice } = work;

  if (work.loadError) {
    return (
      <main className={css.body}>
        <div className={css.empty} role="alert">
          工单加载失败：{work.loadError}
        </div>
        <button type="button" className={css.plainButton} style={{ width: '100%' }} onClick={onBack}>
          返回工单列表
        </button>
      </main>
    );
  }
  if (!order || !form) {
    return (
      <main className={css.body}>
        <div className={css.skeleton} />
        <div className={css.skeleton} />
      </main>
    );
  }

  const planned = order.status === ORDER_STATUS.planned;
  const editable = order.status === ORDER_STATUS.signedIn || order.status === ORDER_STATUS.working;
  const signedOut = editable && order.signOutTime !== null;
  const busy = work.busy !== null;
  const progress = itemProgress(form, order);
  const photosDone = order.requiredPhotos.filter((l) => form.photos.some((p) => p.label === l)).length;

  const stepNote = [
    order.signInTime ? '已签到' : '未签到',
    `${progress.done}/${progress.total}`,
    `${photosDone}/${order.requiredPhotos.length}`,
    form.parts.length ? `${form.parts.length} 件` : '—',
    signedOut ? '已签退' : '未签退',
    form.signature ? '已签名' : '未签名',
  ];

  return (
    <>
      <main className={css.body} style={editable ? { paddingTop: 0 } : undefined}>
        {editable && (
          <nav className={css.steps} style={{ margin: '0 -12px 12px' }} aria-label="作业步骤">
            {STEPS.map((label, i) => (
              <button
                key={label}
                type="button"
                className={i === step ? css.stepActive : css.step}
                aria-current={i === step ? 'step' : undefined}
                onClick={() => work.setStep(i)}
              >
                {label}
                <small>{stepNote[i]}</small>
              </button>
            ))}
          </nav>
        )}
        <OrderHeader order={order} />
        <div className={css.status} data-testid="work-save-state">
          {editable ? saveText(work.save) : ''}
        </div>

        {planned && <SignInCard order={order} busy={work.busy} onSignIn={() => void work.signIn()} />}
        {editable && step === 0 && <SignedIn order={order} />}
        {editable && !signedOut && step === 1 && <ItemsStep order={order} form={form} update={work.update} />}
        {editable && !signedOut && step === 2 && (
          <PhotosStep order={order} form={form} update={work.update} disabled={busy} />
        )}
        {editable && !signedOut && step === 3 && (
          <PartsStep
            orderId={order.id}
            workers={order.workers}
            form={form}
            update={work.update}
            disabled={busy}
          />
        )}
        {signedOut && step >= 1 && step <= 3 && <Fixed order={order} />}
        {editable && step === SIGN_OUT_STEP && (
          <SignOutStep order={order} form={form} signedOut={signedOut} />
        )}
        {editable && step === SUBMIT_STEP && (
          <SubmitStep
            order={order}
            signedOut={signedOut}
            form={form}
            onSignature={(signature) => work.update((f) => ({ ...f, signature }))}
            disabled={busy}
          />
        )}
        {!planned && !editable && <Finished order={order} />}
      </main>

      <footer className={css.footer}>
        <div className={noticeClass(notice)} role={notice?.tone === 'error' ? 'alert' : 'status'}>
          {notice?.text ?? ''}
        </div>
        {editable ? (
          <div className={css.footerButtons}>
            <button
              type="button"
              className={css.plainButton}
              disabled={step === 0 || busy}
              onClick={() => work.setStep(step - 1)}
            >
              上一步
            </button>
            {step === SIGN_OUT_STEP && !signedOut ? (
              <button
                type="button"
                className={css.bigButton}
                disabled={busy}
                onClick={() => void work.signOut()}
              >
                {work.busy === 'locating' ? '正在定位…' : work.busy === 'signingOut' ? '正在签退…' : '签退'}
              </button>
            ) : step < LAST ? (
              <button
                type="button"
                className={css.bigButton}
                disabled={busy}
                onClick={() => work.setStep(step + 1)}
              >
                下一步：{STEPS[step + 1]}
              </button>
            ) : (
              <button
                type="button"
                className={css.bigButton}
                disabled={busy || !signedOut}
                onClick={() => void work.submit()}
              >
                {work.busy === 'submitting' ? '正在提交…' : '提交'}
              </button>
            )}
          </div>
        ) : (
          <button type="button" className={css.plainButton} style={{ width: '100%' }} onClick={onBack}>
            返回工单列表
          </button>
        )}
      </footer>
    </>
  );
}

function OrderHeader({ order }: { order: MaintenanceOrderDetail }) {
  return (
    <section className={css.card} data-testid="work-order-header">
      <div className={css.row}>
        <span className={`${css.grow} ${css.title}`}>{order.address}</span>
        <span className={order.status >= ORDER_STATUS.awaitingConfirm ? css.badgeDone : css.badge}>
          {order.statusLabel}
        </span>
      </div>
      <div className={css.muted}>
        {order.orderNo} · {order.kindLabel} · 计划 {order.planDate}
      </div>
      <div className={css.muted}>
        注册代码 {order.registerCode}
        {order.templateName ? ` · ${order.templateName}` : ''}
      </div>
    </section>
  );
}

function SignInCard({
  order,
  busy,
  onSignIn,
}: {
  order: MaintenanceOrderDetail;
  busy: Busy;
  onSignIn: () => void;
}) {
  return (
    <section className={css.card}>
      <p style={{ marginTop: 0 }}>到达电梯现场后点击签到，系统将记录您的位置与到电梯的距离。</p>
      {order.latitude === null && <p className={css.muted}>该电梯未登记坐标，签到距离将无法计算。</p>}
      <button type="button" className={css.bigButton} disabled={busy !== null} onClick={onSignIn}>
        {busy === 'locating' ? '正在定位…' : busy === 'signing' ? '正在签到…' : '签到'}
      </button>
    </section>
  );
}

function SignedIn({ order }: { order: MaintenanceOrderDetail }) {
  return (
    <section className={css.card} data-testid="work-signed-in">
      <div className={css.muted}>签到时间</div>
      <div>{order.signInTime ?? '—'}</div>
      <Distance what="签到" metres={order.signInDistanceM} testId="work-distance" />
    </section>
  );
}

/** The distance of a sign-in or sign-out from the lift, flagged past the limit. */
function Distance({
  what,
  metres,
  testId,
}: {
  what: '签到' | '签退';
  metres: number | null;
  testId: string;
}) {
  const limit = MAINTENANCE_PARAMS.signInMaxMeters;
  const far = metres !== null && metres > limit;
  return (
    <>
      <div className={css.muted} style={{ marginTop: 8 }}>
        距电梯
      </div>
      {metres === null ? (
        <div>未能计算（电梯未登记坐标）</div>
      ) : (
        <div className={far ? css.distanceFar : css.distance} data-testid={testId} data-far={far}>
          {metres} 米
        </div>
      )}
      {far && (
        <div className={css.textError}>
          超出 {limit} 米，本次{what}将被标记为“{what}位置异常”，请确认是否在电梯现场。
        </div>
      )}
    </>
  );
}

/** After the sign-out: the content can no longer change. */
function Fixed({ order }: { order: MaintenanceOrderDetail }) {
  return (
    <section className={css.card} data-testid="work-fixed">
      <div>已于 {order.signOutTime} 签退：维保项目、照片、配件和第二作业人员不能再修改。</div>
      <div className={css.muted}>
        维保项目 {order.items.length} 项；照片 {order.photos.length} 张；配件 {order.parts.length}{' '}
        件；作业人员 {order.workers.join('、')}
      </div>
    </section>
  );
}

/** 签退: before it, what still stops it; after it, when and how far from the lift. */
function SignOutStep({
  order,
  form,
  signedOut,
}: {
  order: MaintenanceOrderDetail;
  form: WorkForm;
  signedOut: boolean;
}) {
  if (signedOut) {
    return (
      <section className={css.card} data-testid="work-signed-out">
        <div className={css.muted}>签退时间</div>
        <div>{order.signOutTime}</div>
        <Distance what="签退" metres={order.signOutDistanceM} testId="work-sign-out-distance" />
        <div className={css.muted} style={{ marginTop: 8 }}>
          现场作业 {order.durationMinutes ?? '—'} 分钟
        </div>
      </section>
    );
  }
  const problems = problemsOf(form, order, { signature: false });
  return (
    <>
      <div className={css.sectionTitle}>签退前检查</div>
      <section className={css.card} data-testid="work-checklist">
        {problems.length === 0 ? (
          <span className={css.ok}>项目、照片、配件均已填写完整。</span>
        ) : (
          <ul className={css.checklist}>
            {problems.map((p) => (
              <li key={p} className={css.textError}>
                {p}
              </li>
            ))}
          </ul>
        )}
        {(form.coworkerId === null || (form.coworkerId === undefined && order.workers.length < 2)) && (
          <div className={css.muted}>未选择第二作业人员。</div>
        )}
      </section>
      <section className={css.card}>
        离开电梯现场时点击签退，系统将记录您的位置与到电梯的距离。签退后维保项目、照片和配件不能再修改。
      </section>
    </>
  );
}

function SubmitStep({
  order,
  signedOut,
  form,
  onSignature,
  disabled,
}: {
  order: MaintenanceOrderDetail;
  signedOut: boolean;
  form: WorkForm;
  onSignature: (png: string | null) => void;
  disabled: boolean;
}) {
  if (!signedOut) {
    return (
      <section className={css.card} data-testid="work-submit-wait">
        请先在“签退”一步签退，再签名提交。
      </section>
    );
  }
  return (
    <>
      <section className={css.card} data-testid="work-submit-summary">
        <div>
          签到 {order.signInTime ?? '—'} · 签退 {order.signOutTime}（现场 {order.durationMinutes ?? '—'}{' '}
          分钟）
        </div>
        <div className={css.muted}>
          维保项目 {order.items.length} 项；照片 {order.photos.length} 张；配件 {order.parts.length} 件
        </div>
      </section>
      <div className={css.sectionTitle}>维保人员签名</div>
      <section className={css.card}>
        <SignaturePad value={form.signature} onChange={onSignature} disabled={disabled} />
      </section>
    </>
  );
}

function Finished({ order }: { order: MaintenanceOrderDetail }) {
  const changed = order.items.filter((i) => i.result && i.result !== '正常');
  return (
    <section className={css.card} data-testid="work-finished">
      <div className={css.row}>
        <span className={css.grow}>签到 {order.signInTime ?? '—'}</span>
      </div>
      <div>签退 {order.signOutTime ?? '—'}</div>
      <div>作业时长 {order.durationMinutes === null ? '—' : `${order.durationMinutes} 分钟`}</div>
      <div>
        维保项目 {order.items.length} 项，其中非“正常” {changed.length} 项；照片 {order.photos.length}{' '}
        张；配件 {order.parts.length} 件
      </div>
      {order.confirmedBy && (
        <div>
          使用单位确认：{order.confirmedBy} {order.confirmTime ?? ''}
        </div>
      )}
    </section>
  );
}

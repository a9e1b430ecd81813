import { EMERGENCY_PHONE, type PublicLift, publicReportCalls as R } from '@ec/contract';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError, call } from '../../lib/api.ts';
import css from './report.module.css';

type Kind = '困人' | '故障';

/**
 * 扫码上报 (/r/:code): the page a signboard's QR code opens, without sign-in, on a phone. The lift's
 * place, two big buttons (有人被困 / 电梯故障), an optional phone number and note; the report opens a
 * case at the 96333 centre (or joins the one under way) and the page says what to do meanwhile.
 * Plain React and a CSS module: a small chunk for a phone on a weak network.
 */
export default function PublicReportPage() {
  const { code = '' } = useParams();
  const valid = /^\d{6}$/.test(code);
  const [lift, setLift] = useState<PublicLift | null>(null);
  const [problem, setProblem] = useState<string | null>(valid ? null : '应急码应为 6 位数字');
  const [kind, setKind] = useState<Kind | null>(null);
  const [trapped, setTrapped] = useState('1');
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    if (!valid) return;
    call(R.lift, { code }, { silent: true })
      .then(setLift)
      .catch((e) => setProblem(e instanceof ApiError ? e.message : '加载失败，请直接拨打 96333'));
  }, [code, valid]);

  const submit = async () => {
    if (!kind) return;
    setBusy(true);
    setProblem(null);
    try {
      const res = await call(
        R.report,
        {
          code,
          kind,
          trapped: kind === '困人' && /^\d+$/.test(trapped) ? Number(trapped) : undefined,
          phone: phone.trim() || null,
          description: note.trim() || null,
        },
        { silent: true },
      );
      setDone(res.message);
    } catch (e) {
      setProblem(e instanceof ApiError ? e.message : '提交失败，请直接拨打 96333');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={css.page} data-testid="public-report">
      <header className={css.header}>
        <div className={css.title}>电梯应急救援</div>
        <div className={css.sub}>南宁市 {EMERGENCY_PHONE} 电梯应急处置中心</div>
      </header>
      {lift && (
        <div className={css.card}>
          <div className={css.label}>电梯应急码</div>
          <div className={css.code}>{lift.code}</div>
          <div className={css.label} style={{ marginTop: 8 }}>
            安装地址
          </div>
          <div className={css.value} data-testid="lift-address">
            {lift.address}
          </div>
          <div className={css.label} style={{ marginTop: 8 }}>
            注册代码
          </div>
          <div className={css.value}>{lift.registerCode}</div>
          {lift.caseOpen && !done && (
            <div className={css.open}>该电梯的救援正在进行中，您的报告将补充到该工单。</div>
          )}
        </div>
      )}
      {problem && (
        <div className={css.error} role="alert" data-testid="report-problem">
          {problem}
        </div>
      )}
      {done ? (
        <div className={`${css.card} ${css.done}`} data-testid="report-done">
          <div className={css.doneTitle}>已通知 {EMERGENCY_PHONE}</div>
          <div>{done}</div>
          <div style={{ marginTop: 12 }}>如情况紧急，请拨打下方电话。</div>
        </div>
      ) : (
        lift && (
          <>
            <div className={css.kinds}>
              {(['困人', '故障'] as const).map((k) => (
                <button
                  key={k}
                  type="button"
                  className={`${css.kind} ${kind === k ? css.kindOn : ''}`}
                  onClick={() => setKind(k)}
                  aria-pressed={kind === k}
                  data-testid={k === '困人' ? 'kind-trapped' : 'kind-fault'}
                >
                  {k === '困人' ? '有人被困' : '电梯故障'}
                </button>
              ))}
            </div>
            <div className={css.card}>
              {kind === '困人' && (
                <label className={css.field}>
                  <span className={css.label}>被困人数</span>
                  <input
                    className={css.input}
                    inputMode="numeric"
                    value={trapped}
                    maxLength={2}
                    onChange={(e) => setTrapped(e.target.value.replace(/\D/g, ''))}
                  />
                </label>
              )}
              <label className={css.field}>
                <span className={css.label}>联系电话（选填，便于救援人员联系您）</span>
                <input
                  className={css.input}
                  type="tel"
                  inputMode="tel"
                  maxLength={20}
                  value={phone}
                  onChange={(e) => setPhone(e.target.value)}
                  data-testid="report-phone"
                />
              </label>
              <label className={css.field}>
                <span className={css.label}>补充说明（选填）</span>
                <textarea
                  className={css.input}
                  rows={3}
                  maxLength={300}
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                  data-testid="report-note"
                />
              </label>
            </div>
            <button
              type="button"
              className={css.submit}
              disabled={!kind || busy}
              onClick={submit}
              data-testid="report-submit"
            >
              {busy ? '正在提交…' : kind ? `提交${kind === '困人' ? '困人' : '故障'}报告` : '请先选择情况'}
            </button>
          </>
        )
      )}
      <a className={css.call} href={`tel:${EMERGENCY_PHONE}`}>
        拨打应急电话 {EMERGENCY_PHONE}
      </a>
    </div>
  );
}

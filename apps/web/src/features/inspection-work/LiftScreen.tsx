import {
  type InspectionWorkDetail,
  inspectionReportCalls,
  inspectionResultCalls,
  inspectionWorkCalls,
} from '@ec/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { call, download, saveFile } from '../../lib/api.ts';
import { ItemCard } from './ItemCard.tsx';
import css from './inspect.module.css';
import {
  changedItems,
  conclusionLines,
  type Entries,
  type Entry,
  entriesOf,
  errorText,
  type Fields,
  fieldsOf,
  fieldsToSave,
  isChanged,
  isStale,
  keepUnsaved,
  problemsOf,
  progressOf,
  resultsToSave,
  signBlockers,
} from './logic.ts';
import { inspectWorkKeys, useWork } from './queries.ts';

type Notice = { tone: 'ok' | 'error'; text: string } | null;

const EMPTY: Entry = { result: null, remark: '', photoFileIds: [] };

/** One lift on the phone: its facts, the items, the conclusion the server draws, date, instruments, save, sign. */
export function LiftScreen({ orderId, onBack }: { orderId: number; onBack: () => void }) {
  const work = useWork(orderId);
  const client = useQueryClient();
  const [entries, setEntries] = useState<Entries | null>(null);
  const [fields, setFields] = useState<Fields | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [confirming, setConfirming] = useState(false);

  const d = work.data;
  useEffect(() => {
    if (d && entries === null) {
      setEntries(entriesOf(d.items));
      setFields(fieldsOf(d.report, d.today));
    }
  }, [d, entries]);

  /** The work as the server has it now (into the query's cache too). */
  const reload = useCallback(async (): Promise<InspectionWorkDetail> => {
    const fresh = await call(inspectionWorkCalls.detail, { orderId }, { silent: true });
    client.setQueryData(inspectWorkKeys.detail(orderId), fresh);
    void client.invalidateQueries({ queryKey: inspectWorkKeys.tasks });
    return fresh;
  }, [client, orderId]);

  const onChange = useCallback((itemId: number, patch: Partial<Entry>) => {
    setEntries((all) => (all ? { ...all, [itemId]: { ...(all[itemId] ?? EMPTY), ...patch } } : all));
  }, []);

  if (work.isError) {
    return (
      <main className={css.body}>
        <div className={css.empty} role="alert">
          检验任务加载失败：{work.error.message}
        </div>
        <button type="button" className={css.plainButton} style={{ width: '100%' }} onClick={onBack}>
          返回任务列表
        </button>
      </main>
    );
  }
  if (!d || !entries || !fields) {
    return (
      <main className={css.body}>
        <div className={css.skeleton} />
        <div className={css.skeleton} />
      </main>
    );
  }

  const { task, report, items } = d;
  const editable = !report || report.state === 'inspecting';
  const changed = changedItems(items, entries);
  const fieldChange = report && editable ? fieldsToSave(report, fields) : null;
  const unsaved = changed.length > 0 || fieldChange !== null;
  const progress = progressOf(items, entries);
  const blockers = signBlockers({ report, items, entries, fields, today: d.today });
  const shown = conclusionLines(report, d.preview, unsaved);
  const passed = shown.conclusion === '合格' || shown.conclusion === '复检合格';
  const instruments = [
    ...d.instruments,
    ...(report?.instruments ?? [])
      .filter((i) => !d.instruments.some((u) => u.id === i.id))
      .map((i) => ({ ...i, model: null, validUntil: i.validUntil ?? '', unusable: true })),
  ];

  /** After a refused write: what the server has now, the inspector's own edits kept on top. */
  const recover = async (e: unknown) => {
    const text = errorText(e);
    if (!isStale(e)) {
      setNotice({ tone: 'error', text });
      return;
    }
    try {
      const fresh = await reload();
      setEntries(keepUnsaved(items, entries, fresh.items));
      setNotice({
        tone: 'error',
        text: `${text}。已载入最新的检验结果，您未保存的修改已保留，请核对后重新保存`,
      });
    } catch (again) {
      setNotice({ tone: 'error', text: `${text}（刷新失败：${errorText(again)}）` });
    }
  };

  const save = async () => {
    if (busy) return;
    setConfirming(false);
    const problems = problemsOf(items, entries);
    if (problems.length > 0) {
      setNotice({ tone: 'error', text: problems.join('；') });
      return;
    }
    setBusy('正在保存…');
    setNotice(null);
    try {
      let current = report;
      const results = resultsToSave(items, entries);
      if (results.length > 0) {
        current = await call(
          inspectionResultCalls.updateResult,
          current ? { reportId: current.id, version: current.version, results } : { orderId, results },
          { silent: true },
        );
      }
      const f = current && current.state === 'inspecting' ? fieldsToSave(current, fields) : null;
      if (current && f) {
        current = await call(
          inspectionReportCalls.update,
          { id: current.id, version: current.version, ...f },
          { silent: true },
        );
      }
      const fresh = await reload();
      setEntries(entriesOf(fresh.items));
      setFields(fieldsOf(fresh.report, fresh.today));
      setNotice({ tone: 'ok', text: '已保存' });
    } catch (e) {
      await recover(e);
    } finally {
      setBusy(null);
    }
  };

  const sign = async () => {
    if (busy || !report) return;
    setConfirming(false);
    setBusy('正在签字…');
    setNotice(null);
    try {
      const signed = await call(
        inspectionReportCalls.signature,
        { id: report.id, version: report.version },
        { silent: true },
      );
      const fresh = await reload();
      setEntries(entriesOf(fresh.items));
      setFields(fieldsOf(fresh.report, fresh.today));
      setNotice({ tone: 'ok', text: `已签字，检验结论：${signed.conclusion ?? '—'}，等待检验机构推送报告` });
    } catch (e) {
      await recover(e);
    } finally {
      setBusy(null);
    }
  };

  const pdf = async () => {
    if (busy || !report) return;
    setBusy('正在生成报告…');
    try {
      saveFile(await download(inspectionReportCalls.testPDF, { id: report.id }, { silent: true }));
    } catch (e) {
      setNotice({ tone: 'error', text: `报告下载失败：${errorText(e)}` });
    } finally {
      setBusy(null);
    }
  };

  let lastCategory: string | null = null;
  return (
    <>
      <main className={css.body}>
        <section className={css.card} data-testid="inspect-lift" aria-label="电梯信息">
          <div className={css.row} style={{ marginBottom: 6 }}>
            <span className={`${css.grow} ${css.title}`}>{task.address}</span>
            {task.attempt > 1 && <span className={css.badgeKey}>复检</span>}
            <span className={report?.state === 'inspecting' || !report ? css.badge : css.badgeDone}>
              {task.reportStateLabel ?? task.orderStateLabel}
            </span>
          </div>
          <dl className={css.facts}>
            <dt>注册代码</dt>
            <dd data-testid="inspect-register-code">{task.registerCode}</dd>
            <dt>设备品种</dt>
            <dd>{d.lift.varietyName ?? '未登记'}</dd>
            {task.elevatorName && (
              <>
                <dt>电梯名称</dt>
                <dd>{task.elevatorName}</dd>
              </>
            )}
            <dt>使用单位</dt>
            <dd>{task.useUnitName ?? '—'}</dd>
            {(d.lift.floors !== null || d.lift.ratedLoad !== null || d.lift.ratedSpeed !== null) && (
              <>
                <dt>主要参数</dt>
                <dd>
                  {[
                    d.lift.floors !== null ? `${d.lift.floors} 层` : null,
                    d.lift.ratedLoad !== null ? `${d.lift.ratedLoad} kg` : null,
                    d.lift.ratedSpeed !== null ? `${d.lift.ratedSpeed} m/s` : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </dd>
              </>
            )}
            <dt>检验申请</dt>
            <dd>
              {task.orderNo}
              {task.plannedDate ? ` · 现场检验 ${task.plannedDate}` : ''}
            </dd>
            {report && (
              <>
                <dt>报告编号</dt>
                <dd>{report.reportNo}</dd>
              </>
            )}
          </dl>
        </section>

        {d.earlier.map((e) => (
          <section key={e.id} className={css.card} data-testid="inspect-earlier">
            <div className={css.muted}>
              第 {e.attempt} 次检验 {e.reportNo}：{e.conclusion ?? '—'}
              {e.rectificationDeadline ? `，整改期限 ${e.rectificationDeadline}` : ''}
            </div>
            {e.failedItems.length > 0 && <div>不符合项目：{e.failedItems.join('、')}</div>}
          </section>
        ))}

        <section className={css.conclusion} data-testid="inspect-conclusion" aria-label="检验结论">
          <div className={css.row}>
            <span className={css.grow}>
              {report?.conclusion ? '检验结论' : '签字时的检验结论'}
              <span className={css.muted}>（由服务器按检验规则得出）</span>
            </span>
          </div>
          <div
            className={`${css.conclusionValue} ${shown.conclusion ? (passed ? css.pass : css.fail) : ''}`}
            data-testid="inspect-conclusion-value"
          >
            {shown.conclusion ?? '—'}
          </div>
          {shown.lines.map((l) => (
            <div key={l} className={css.muted}>
              {l}
            </div>
          ))}
        </section>

        <div className={css.sectionTitle}>
          检验项目（已录 {progress.done}/{progress.total}
          {progress.failed ? `，不符合 ${progress.failed}` : ''}）
        </div>
        {items.length === 0 && (
          <div className={css.empty}>本机构检验项目目录中没有该电梯品种的检验项目，请联系检验机构维护</div>
        )}
        {items.map((item) => {
          const heading = item.category !== lastCategory ? item.category : null;
          lastCategory = item.category;
          return (
            <div key={item.itemId}>
              {heading && <div className={css.sectionTitle}>{heading}</div>}
              <ItemCard
                item={item}
                entry={entries[item.itemId] ?? EMPTY}
                changed={isChanged(item, entries)}
                disabled={!editable || busy !== null}
                onChange={onChange}
              />
            </div>
          );
        })}

        {report && (
          <section className={css.card} data-testid="inspect-fields" aria-label="检验日期与设备">
            <label className={css.field}>
              <span className={css.fieldLabel}>检验日期</span>
              <input
                className={css.input}
                type="date"
                max={d.today}
                value={fields.inspectedOn}
                disabled={!editable || busy !== null}
                aria-label="检验日期"
                onChange={(e) => setFields({ ...fields, inspectedOn: e.target.value })}
              />
            </label>
            <div className={css.field}>
              <span className={css.fieldLabel}>检验设备（在用且在检定有效期内）</span>
              {instruments.length === 0 && <div className={css.muted}>本机构没有可用的检验设备</div>}
              {instruments.map((i) => (
                <label key={i.id} className={css.check}>
                  <input
                    type="checkbox"
                    checked={fields.instrumentIds.includes(i.id)}
                    disabled={!editable || busy !== null}
                    onChange={(e) =>
                      setFields({
                        ...fields,
                        instrumentIds: e.target.checked
                          ? [...fields.instrumentIds, i.id]
                          : fields.instrumentIds.filter((x) => x !== i.id),
                      })
                    }
                  />
                  <span>
                    {i.name}（{i.serialNo}）
                    <span className={css.muted}>
                      {'unusable' in i ? ' 已不可用' : i.validUntil ? ` 有效期至 ${i.validUntil}` : ''}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </section>
        )}
      </main>

      <footer className={css.bar} data-testid="inspect-bar">
        <div
          className={notice?.tone === 'error' ? css.noticeError : css.notice}
          role={notice?.tone === 'error' ? 'alert' : 'status'}
          data-testid="inspect-notice"
        >
          {notice?.text ?? (unsaved ? `有 ${changed.length + (fieldChange ? 1 : 0)} 处修改未保存` : '')}
        </div>
        {editable && report && !unsaved && blockers.length > 0 && (
          <ul className={css.list} data-testid="inspect-blockers">
            {blockers.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        )}
        {editable ? (
          confirming ? (
            <div className={css.barButtons}>
              <button type="button" className={css.plainButton} onClick={() => setConfirming(false)}>
                取消
              </button>
              <button
                type="button"
                className={css.bigButton}
                onClick={() => void sign()}
                data-testid="inspect-sign-confirm"
              >
                确认签字
              </button>
            </div>
          ) : (
            <div className={css.barButtons}>
              <button
                type="button"
                className={css.plainButton}
                disabled={busy !== null || !unsaved}
                onClick={() => void save()}
                data-testid="inspect-save"
              >
                {busy === '正在保存…' ? busy : '保存'}
              </button>
              <button
                type="button"
                className={css.bigButton}
                disabled={busy !== null || blockers.length > 0}
                onClick={() => setConfirming(true)}
                data-testid="inspect-sign"
              >
                {busy === '正在签字…' ? busy : '签字'}
              </button>
            </div>
          )
        ) : (
          <div className={css.row}>
            <span className={`${css.grow} ${css.muted}`} data-testid="inspect-done">
              {report?.state === 'signed'
                ? '已签字，等待检验机构推送报告'
                : report?.state === 'pushed'
                  ? '报告已推送'
                  : `报告${report?.stateLabel ?? ''}`}
            </span>
            {report && (report.state === 'signed' || report.state === 'pushed') && (
              <button
                type="button"
                className={css.linkButton}
                disabled={busy !== null}
                onClick={() => void pdf()}
                data-testid="inspect-pdf"
              >
                {busy === '正在生成报告…' ? busy : '报告 PDF'}
              </button>
            )}
          </div>
        )}
        {confirming && (
          <div className={css.muted}>签字后检验结果不能再修改，结论由服务器按已保存的结果得出。</div>
        )}
      </footer>
    </>
  );
}

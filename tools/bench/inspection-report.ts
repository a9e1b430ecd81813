/**
 * The periodic inspection report's PDF (apps/server/src/modules/inspection/reports/pdf.ts), issue 16:
 * one report ≤ 1 s, 200 reports batch-generated ≤ 60 s with the process's RSS flat. In process, no
 * server and no database: the renderer is pure (report in, bytes out). The baseline, measured in the
 * same run with the same font, is the maintenance record PDF of one order (maintenance/pdf.ts).
 *
 * A report here is what a real one holds at most: 120 items (TSG T7001-2023's periodic items for a
 * traction lift are fewer), 3 non-conformities, 8 instruments, two inspectors and a reviewer signing,
 * the demo organisation's seal (a 240-pixel RGBA PNG, the decode path pdfkit takes for every seal).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { drawSealPng, encodePng } from '../../apps/server/src/modules/inspection/instruments/png.ts';
import {
  deriveConclusion,
  type ItemResult,
} from '../../apps/server/src/modules/inspection/reports/conclusion.ts';
import {
  type InspectionReportDoc,
  renderInspectionReportPdf,
} from '../../apps/server/src/modules/inspection/reports/pdf.ts';
import { type PdfOrder, renderOrdersPdf } from '../../apps/server/src/modules/maintenance/pdf.ts';
import { measureLoop, printTable, type Row } from './common.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const BATCH = 200;
const TARGETS = { oneMs: 1000, batchS: 60, rssGrowthMb: 50 };

function signaturePng(): Buffer {
  const [w, h] = [300, 100];
  const px = Buffer.alloc(w * h * 4);
  for (let x = 0; x < w; x++) {
    const yc = 50 + 28 * Math.sin(x / 22);
    for (let y = Math.floor(yc - 3); y <= yc + 3; y++) px.set([20, 20, 110, 255], (y * w + x) * 4);
  }
  return encodePng(w, h, px, 6);
}

const IMAGES: Record<string, Buffer> = { seal: drawSealPng(240), sig: signaturePng() };
const readImage = async (id: string) => IMAGES[id] ?? null;

function report(n: number): InspectionReportDoc {
  const failing = new Set([7, 40, 93]);
  const items = Array.from({ length: 120 }, (_, i) => ({
    code: `${Math.floor(i / 10) + 1}.${(i % 10) + 1}`,
    name: `检验项目第${i + 1}项：限速器—安全钳联动试验及电气安全装置动作检查`,
    keyItem: i % 5 === 0,
    result: (failing.has(i) ? '不符合' : i % 17 === 0 ? '无此项' : '符合') as ItemResult,
    remark: failing.has(i) ? '现场测量值超出允许范围，需调整后复测' : null,
  }));
  const derived = deriveConclusion(items, '2026-03-12');
  if (!derived.ok) throw new Error(derived.message);
  return {
    reportNo: `DJ-2026-${String(n).padStart(6, '0')}`,
    reinspection: false,
    categoryLabel: '电梯',
    varietyLabel: '曳引驱动乘客电梯',
    useCompanyName: '南宁市青秀区万象物业服务有限公司',
    equipmentCode: `3110450100${String(n).padStart(10, '0')}`,
    registerCode: `3110450100${String(n).padStart(10, '0')}`,
    address: `南宁市青秀区民族大道 ${n} 号`,
    orgName: '南宁市特种设备检验研究所',
    inspectionDate: '2026-03-12',
    reportDate: '2026-03-18',
    conclusion: derived.conclusion,
    nextInspectionDate: derived.nextInspectionDate,
    rectificationDeadline: derived.rectificationDeadline,
    params: Array.from({ length: 12 }, (_, i) => ({
      label: `技术参数${i + 1}`,
      value: `${(i + 1) * 125} kg`,
    })),
    items,
    instruments: Array.from({ length: 8 }, (_, i) => ({
      name: `检验仪器${i + 1}`,
      number: `JY-YQ-${String(i + 1).padStart(4, '0')}`,
      validUntil: '2026-12-31',
    })),
    inspectors: [
      { name: '黄志强', certNo: 'DTJ-450100-0231', signatureFileId: 'sig' },
      { name: '韦丽娟', certNo: 'DTJ-450100-0232', signatureFileId: 'sig' },
    ],
    reviewer: { name: '陆建国', signatureFileId: 'sig' },
    sealFileId: 'seal',
  };
}

function order(n: number): PdfOrder {
  return {
    orderNo: `WB${String(n).padStart(8, '0')}`,
    registerCode: `3110450100${String(n).padStart(10, '0')}`,
    elevatorName: `${n}号楼客梯`,
    address: '南宁市青秀区民族大道 136 号',
    useCompanyName: '南宁市青秀区万象物业服务有限公司',
    maintenanceCompanyName: '南宁安达电梯维修保养有限公司',
    kindLabel: '半月保养',
    statusLabel: '已完成',
    planDate: '2026-03-12',
    signInTime: '2026-03-12T01:30:00.000Z',
    signOutTime: '2026-03-12T02:45:00.000Z',
    durationMinutes: 75,
    signInDistanceM: 36,
    workers: [{ name: '张伟', certNo: 'T231001', certExpiry: '2027-06-30' }],
    items: Array.from({ length: 31 }, (_, i) => ({
      name: `保养项目第${i + 1}项`,
      kindLabel: '半月',
      result: '正常',
      value: null,
      note: null,
    })),
    parts: [],
    photos: [],
    workerSignatureFileId: 'sig',
    confirmedBy: '王芳',
    confirmTime: '2026-03-12T03:00:00.000Z',
    confirmSignatureFileId: 'sig',
    auditLabel: '审核通过',
    auditRemark: null,
    contentHash: null,
    chainHash: null,
  };
}

async function drain(stream: NodeJS.ReadableStream): Promise<number> {
  let bytes = 0;
  for await (const c of stream) bytes += (c as Buffer).length;
  return bytes;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

export async function benchInspectionReport(): Promise<void> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const settledRss = async () => {
    for (let i = 0; i < 3; i++) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    return process.memoryUsage().rss;
  };

  // Warm up: the font parsed, the code compiled.
  await renderInspectionReportPdf(report(0), readImage);
  await drain(
    renderOrdersPdf(
      (async function* () {
        yield order(0);
      })(),
      readImage,
    ),
  );

  let n = 0;
  const baseline: Row = await measureLoop('baseline: maintenance record PDF, 1 order', SECONDS, 1, async () =>
    drain(
      renderOrdersPdf(
        (async function* () {
          yield order(++n);
        })(),
        readImage,
      ),
    ),
  );
  let size = 0;
  const one: Row = await measureLoop('inspection report PDF, 120 items, 4 images', SECONDS, 1, async () => {
    size = (await renderInspectionReportPdf(report(++n), readImage)).length;
  });
  one.note = `${(size / 1024).toFixed(0)} KB a report`;
  printTable('Inspection report PDF (renders/s, one at a time, in process)', [baseline, one], baseline);

  // 200 reports one after another, as a batch job makes them; RSS sampled throughout.
  const before = await settledRss();
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  let bytes = 0;
  const rssAt: number[] = [];
  for (let i = 1; i <= BATCH; i++) {
    bytes += (await renderInspectionReportPdf(report(i), readImage)).length;
    if (i === 50 || i === BATCH) rssAt.push(await settledRss());
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const after = await settledRss();
  const growth = mb(rssAt[1] - rssAt[0]);
  const met = (ok: boolean) => (ok ? 'met' : 'NOT MET');
  console.log(
    `one report: p99 ${one.p99.toFixed(0)} ms — target ≤ ${TARGETS.oneMs} ms: ${met(one.p99 <= TARGETS.oneMs)} ` +
      `(baseline ${baseline.p99.toFixed(0)} ms p99 in the same run)`,
  );
  console.log(
    `${BATCH} reports: ${seconds.toFixed(1)} s, ${mb(bytes).toFixed(1)} MB of PDF; RSS ${mb(before).toFixed(0)} MB before, ` +
      `peak ${mb(peak).toFixed(0)} MB, ${mb(after).toFixed(0)} MB after; from report 50 to ${BATCH} ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MB — ` +
      `targets ≤ ${TARGETS.batchS} s: ${met(seconds <= TARGETS.batchS)}, flat (≤ ${TARGETS.rssGrowthMb} MB growth): ${met(growth <= TARGETS.rssGrowthMb)}`,
  );
}

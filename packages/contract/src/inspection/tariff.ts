import { LIFT_VARIETY_LABEL } from './rules.ts';

/*
 * 检验收费标准 → 报价 (DOMAIN.md §3.3): the fee of one lift is computed from the organisation's tariff
 * row for the lift's 品种 and the lift's facts (stops, rated load, rise, length), never typed. One pure
 * function, used by the server's quote call and by the web's preview, so both show the same lines.
 *
 * Money is integer 分 (fen) everywhere; sizes are compared in centimetres and kilograms (integers).
 *
 * Rules:
 * - 基本检验费: the variety's base fee per 台, which includes `baseStops` stops.
 * - 超层站加收: (stops − baseStops) × `extraStopFee` when the lift has more stops.
 * - 载重加收 (freight): each tonne (or part of one) above `loadThresholdKg` adds `loadPercentPerTonne`
 *   % of the base fee.
 * - 提升高度加收 (escalators): each `riseStepM` (or part of one) above `riseThresholdM` adds
 *   `risePercentPerStep` % of the base fee.
 * - 长度加收 (moving walks): each `lengthStepM` (or part of one) above `lengthThresholdM` adds
 *   `lengthPercentPerStep` % of the base fee.
 *   The sum is the 定期检验 fee.
 * - 监督检验: `supervisionPercent` % of the 定期检验 fee (the difference is its own line).
 * - Rounding: every percentage line is rounded to the whole yuan (half up); fixed amounts are as
 *   configured; the total is the exact sum of the lines.
 * - A fact that a configured surcharge needs (stops, load, rise, length) and the lift lacks: no quote
 *   (the fee must not be guessed), with the missing fact named. No tariff for the variety: no quote.
 */

export type InspectionType = 'periodic' | 'supervision';
export const INSPECTION_TYPE_LABEL: Record<InspectionType, string> = {
  periodic: '定期检验',
  supervision: '监督检验',
};

/** The terms of one tariff row that the quote reads (money in 分, sizes in m and kg). */
export interface TariffTerms {
  variety: string;
  baseFee: number;
  baseStops: number | null;
  extraStopFee: number | null;
  loadThresholdKg: number | null;
  loadPercentPerTonne: number | null;
  riseThresholdM: number | null;
  riseStepM: number | null;
  risePercentPerStep: number | null;
  lengthThresholdM: number | null;
  lengthStepM: number | null;
  lengthPercentPerStep: number | null;
  supervisionPercent: number;
  governorIncluded: boolean;
  effectiveFrom?: string | null;
}

/** A lift's facts the quote reads (params/facts.ts on the server). */
export interface TariffFacts {
  variety: string | null;
  stops: number | null;
  riseM: number | null;
  lengthM: number | null;
  ratedLoad: number | null;
}

export interface QuoteLine {
  /** 基本检验费, 超层站加收 … */
  label: string;
  /** How it was computed, e.g. "12 层站，超出 4 层 × 25.00 元". */
  detail: string;
  /** 分. */
  amount: number;
}

export type QuoteOutcome =
  | {
      ok: true;
      inspectionType: InspectionType;
      lines: QuoteLine[];
      /** 定期检验 fee, 分. */
      periodicFee: number;
      /** 分. */
      total: number;
      notes: string[];
    }
  | {
      ok: false;
      message: string;
      missing?: 'variety' | 'tariff' | 'stops' | 'ratedLoad' | 'riseM' | 'lengthM';
    };

/** 分 → "1,234.50" style yuan text (two decimals). */
export function formatYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  const yuan = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${yuan}.${String(abs % 100).padStart(2, '0')}`;
}

/** Yuan as the forms hold it (a number with at most two decimals) → 分, without float drift. */
export const yuanToFen = (yuan: number) => Math.round(yuan * 100);

/** Half-up rounding of an amount in 分 to the whole yuan. */
export const roundToYuan = (fen: number) => Math.floor((fen + 50) / 100) * 100;

/** Metres → whole centimetres (the facts come as floats from real columns). */
const cm = (m: number) => Math.round(m * 100);
const ceilDiv = (a: number, b: number) => Math.floor((a + b - 1) / b);
const trimM = (m: number) => String(Number(m.toFixed(2)));

/** Steps of `stepM` (or part of one) above `thresholdM`, for a size in metres. */
function stepsAbove(value: number, thresholdM: number, stepM: number): number {
  const over = cm(value) - cm(thresholdM);
  if (over <= 0) return 0;
  return ceilDiv(over, Math.max(1, cm(stepM)));
}

/** The fee of one lift under one tariff row. */
export function computeQuote(
  tariff: TariffTerms | null,
  facts: TariffFacts,
  inspectionType: InspectionType = 'periodic',
  today?: string,
): QuoteOutcome {
  if (!facts.variety) return { ok: false, missing: 'variety', message: '该电梯未登记设备品种，无法计算报价' };
  const varietyName = LIFT_VARIETY_LABEL[facts.variety] ?? facts.variety;
  if (!tariff || tariff.variety !== facts.variety)
    return { ok: false, missing: 'tariff', message: `未配置该品种的收费标准（${varietyName}）` };
  if (tariff.effectiveFrom && today && tariff.effectiveFrom > today)
    return {
      ok: false,
      missing: 'tariff',
      message: `${varietyName}的收费标准自 ${tariff.effectiveFrom} 起执行，当前无可用的收费标准`,
    };

  const base = tariff.baseFee;
  const lines: QuoteLine[] = [];
  const notes: string[] = [];
  lines.push({
    label: '基本检验费',
    detail:
      tariff.baseStops != null
        ? `${varietyName}，每台 ${formatYuan(base)} 元（含 ${tariff.baseStops} 层站）`
        : `${varietyName}，每台 ${formatYuan(base)} 元`,
    amount: base,
  });

  if (tariff.baseStops != null && tariff.extraStopFee) {
    if (facts.stops == null)
      return {
        ok: false,
        missing: 'stops',
        message: '该电梯缺少层站数，无法计算超层站加收（请补充技术参数）',
      };
    const extra = facts.stops - tariff.baseStops;
    if (extra > 0)
      lines.push({
        label: '超层站加收',
        detail: `${facts.stops} 层站，超出 ${extra} 层站 × ${formatYuan(tariff.extraStopFee)} 元`,
        amount: extra * tariff.extraStopFee,
      });
  }

  const percentLine = (label: string, steps: number, percent: number, what: string) => {
    if (steps <= 0) return;
    lines.push({
      label,
      detail: `${what}，${steps} 档 × ${percent}% × 基本检验费`,
      amount: roundToYuan((base * steps * percent) / 100),
    });
  };

  if (tariff.loadThresholdKg != null && tariff.loadPercentPerTonne) {
    if (facts.ratedLoad == null)
      return {
        ok: false,
        missing: 'ratedLoad',
        message: '该电梯缺少额定载重量，无法计算载重加收（请补充技术参数）',
      };
    const overKg = Math.round(facts.ratedLoad) - tariff.loadThresholdKg;
    const tonnes = overKg > 0 ? ceilDiv(overKg, 1000) : 0;
    percentLine(
      '载重加收',
      tonnes,
      tariff.loadPercentPerTonne,
      `额定载重量 ${Math.round(facts.ratedLoad)} kg，超过 ${tariff.loadThresholdKg} kg 每吨（不足 1 吨按 1 吨计）`,
    );
  }

  if (tariff.riseThresholdM != null && tariff.riseStepM && tariff.risePercentPerStep) {
    if (facts.riseM == null)
      return {
        ok: false,
        missing: 'riseM',
        message: '该电梯缺少提升高度，无法计算提升高度加收（请补充技术参数）',
      };
    percentLine(
      '提升高度加收',
      stepsAbove(facts.riseM, tariff.riseThresholdM, tariff.riseStepM),
      tariff.risePercentPerStep,
      `提升高度 ${trimM(facts.riseM)} m，超过 ${trimM(tariff.riseThresholdM)} m 每 ${trimM(tariff.riseStepM)} m（不足按一档计）`,
    );
  }

  if (tariff.lengthThresholdM != null && tariff.lengthStepM && tariff.lengthPercentPerStep) {
    if (facts.lengthM == null)
      return { ok: false, missing: 'lengthM', message: '该电梯缺少长度，无法计算长度加收（请补充技术参数）' };
    percentLine(
      '长度加收',
      stepsAbove(facts.lengthM, tariff.lengthThresholdM, tariff.lengthStepM),
      tariff.lengthPercentPerStep,
      `长度 ${trimM(facts.lengthM)} m，超过 ${trimM(tariff.lengthThresholdM)} m 每 ${trimM(tariff.lengthStepM)} m（不足按一档计）`,
    );
  }

  const periodicFee = lines.reduce((s, l) => s + l.amount, 0);
  if (inspectionType === 'supervision') {
    lines.push({
      label: '监督检验加收',
      detail: `监督检验按定期检验费的 ${tariff.supervisionPercent}% 计`,
      amount: roundToYuan((periodicFee * (tariff.supervisionPercent - 100)) / 100),
    });
  }
  notes.push(tariff.governorIncluded ? '含限速器校验' : '不含限速器校验（另行收费）');
  notes.push('按比例计算的加收四舍五入到元');
  return {
    ok: true,
    inspectionType,
    lines,
    periodicFee,
    total: lines.reduce((s, l) => s + l.amount, 0),
    notes,
  };
}

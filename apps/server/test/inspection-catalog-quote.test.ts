import { computeQuote, formatYuan, type TariffFacts, type TariffTerms } from '@ec/contract';
import { describe, expect, it } from 'vitest';

/**
 * The quote computed from a tariff row and a lift's facts (packages/contract tariff.ts), case by case
 * from DOMAIN.md §3.3: example A (jy1's demo tariff) and example B (jy2's), and the facts that are
 * missing. Amounts in yuan here; the function works in 分.
 */
const none = {
  baseStops: null,
  extraStopFee: null,
  loadThresholdKg: null,
  loadPercentPerTonne: null,
  riseThresholdM: null,
  riseStepM: null,
  risePercentPerStep: null,
  lengthThresholdM: null,
  lengthStepM: null,
  lengthPercentPerStep: null,
  supervisionPercent: 150,
  governorIncluded: true,
};
const y = (yuan: number) => Math.round(yuan * 100);
const A: Record<string, TariffTerms> = {
  '3110': { ...none, variety: '3110', baseFee: y(600), baseStops: 8, extraStopFee: y(25) },
  '3120': {
    ...none,
    variety: '3120',
    baseFee: y(600),
    baseStops: 8,
    extraStopFee: y(25),
    loadThresholdKg: 2000,
    loadPercentPerTonne: 5,
  },
  '3310': {
    ...none,
    variety: '3310',
    baseFee: y(500),
    riseThresholdM: 6,
    riseStepM: 2,
    risePercentPerStep: 10,
  },
  '3320': {
    ...none,
    variety: '3320',
    baseFee: y(500),
    lengthThresholdM: 30,
    lengthStepM: 5,
    lengthPercentPerStep: 10,
  },
  '3430': { ...none, variety: '3430', baseFee: y(350), baseStops: 8, extraStopFee: y(25) },
};
const B: Record<string, TariffTerms> = {
  '3110': { ...none, variety: '3110', baseFee: y(380), baseStops: 6, extraStopFee: y(25) },
  '3310': {
    ...none,
    variety: '3310',
    baseFee: y(300),
    riseThresholdM: 6,
    riseStepM: 2,
    risePercentPerStep: 10,
  },
  '3320': {
    ...none,
    variety: '3320',
    baseFee: y(300),
    lengthThresholdM: 30,
    lengthStepM: 5,
    lengthPercentPerStep: 10,
  },
  '3430': { ...none, variety: '3430', baseFee: y(220), baseStops: 6, extraStopFee: y(25) },
};
const lift = (f: Partial<TariffFacts>): TariffFacts => ({
  variety: '3110',
  stops: null,
  riseM: null,
  lengthM: null,
  ratedLoad: null,
  ...f,
});

type Case = [
  name: string,
  tariff: TariffTerms,
  facts: TariffFacts,
  type: 'periodic' | 'supervision',
  yuan: number,
  labels: string[],
];
const cases: Case[] = [
  ['A: passenger, 8 stops → base only', A['3110'], lift({ stops: 8 }), 'periodic', 600, ['基本检验费']],
  ['A: passenger, 6 stops → base only', A['3110'], lift({ stops: 6 }), 'periodic', 600, ['基本检验费']],
  [
    'A: 12 stops → 600 + 4 × 25',
    A['3110'],
    lift({ stops: 12 }),
    'periodic',
    700,
    ['基本检验费', '超层站加收'],
  ],
  [
    'A: 12 stops 监督检验 → 150% of 700',
    A['3110'],
    lift({ stops: 12 }),
    'supervision',
    1050,
    ['基本检验费', '超层站加收', '监督检验加收'],
  ],
  [
    'A: freight 2 t → no load surcharge',
    A['3120'],
    lift({ variety: '3120', stops: 4, ratedLoad: 2000 }),
    'periodic',
    600,
    ['基本检验费'],
  ],
  [
    'A: freight 3 t → +5%',
    A['3120'],
    lift({ variety: '3120', stops: 4, ratedLoad: 3000 }),
    'periodic',
    630,
    ['基本检验费', '载重加收'],
  ],
  [
    'A: freight 3.5 t → 2 started tonnes +10%',
    A['3120'],
    lift({ variety: '3120', stops: 4, ratedLoad: 3500 }),
    'periodic',
    660,
    ['基本检验费', '载重加收'],
  ],
  [
    'A: freight 5 t, 10 stops → 600 + 50 + 15%',
    A['3120'],
    lift({ variety: '3120', stops: 10, ratedLoad: 5000 }),
    'periodic',
    740,
    ['基本检验费', '超层站加收', '载重加收'],
  ],
  [
    'A: escalator 6 m rise → base',
    A['3310'],
    lift({ variety: '3310', stops: 2, riseM: 6 }),
    'periodic',
    500,
    ['基本检验费'],
  ],
  [
    'A: escalator 8 m rise → +10%',
    A['3310'],
    lift({ variety: '3310', stops: 2, riseM: 8 }),
    'periodic',
    550,
    ['基本检验费', '提升高度加收'],
  ],
  [
    'A: escalator 8.1 m rise → 2 steps +20%',
    A['3310'],
    lift({ variety: '3310', riseM: 8.100000381 }),
    'periodic',
    600,
    ['基本检验费', '提升高度加收'],
  ],
  [
    'A: walk 40 m → 2 steps +20%',
    A['3320'],
    lift({ variety: '3320', lengthM: 40 }),
    'periodic',
    600,
    ['基本检验费', '长度加收'],
  ],
  [
    'A: dumbwaiter 3 stops → 350',
    A['3430'],
    lift({ variety: '3430', stops: 3 }),
    'periodic',
    350,
    ['基本检验费'],
  ],
  ['B: passenger 6 stops → 380', B['3110'], lift({ stops: 6 }), 'periodic', 380, ['基本检验费']],
  [
    'B: passenger 7 stops → 380 + 25 (from the 7th)',
    B['3110'],
    lift({ stops: 7 }),
    'periodic',
    405,
    ['基本检验费', '超层站加收'],
  ],
  [
    'B: passenger 12 stops → 380 + 6 × 25',
    B['3110'],
    lift({ stops: 12 }),
    'periodic',
    530,
    ['基本检验费', '超层站加收'],
  ],
  [
    'B: passenger 12 stops 监督检验 → 530 × 150%',
    B['3110'],
    lift({ stops: 12 }),
    'supervision',
    795,
    ['基本检验费', '超层站加收', '监督检验加收'],
  ],
  [
    'B: escalator 10 m → 2 steps +20%',
    B['3310'],
    lift({ variety: '3310', riseM: 10 }),
    'periodic',
    360,
    ['基本检验费', '提升高度加收'],
  ],
  [
    'B: escalator 7 m → a started step +10%',
    B['3310'],
    lift({ variety: '3310', riseM: 7 }),
    'periodic',
    330,
    ['基本检验费', '提升高度加收'],
  ],
  [
    'B: walk 40 m → 2 steps +20%',
    B['3320'],
    lift({ variety: '3320', lengthM: 40 }),
    'periodic',
    360,
    ['基本检验费', '长度加收'],
  ],
  ['B: walk 30 m → base', B['3320'], lift({ variety: '3320', lengthM: 30 }), 'periodic', 300, ['基本检验费']],
  [
    'B: dumbwaiter 8 stops → 220 + 2 × 25',
    B['3430'],
    lift({ variety: '3430', stops: 8 }),
    'periodic',
    270,
    ['基本检验费', '超层站加收'],
  ],
];

describe('the quote computed from a tariff (DOMAIN.md §3.3)', () => {
  it.each(cases)('%s', (_, tariff, facts, type, yuan, labels) => {
    const q = computeQuote(tariff, facts, type);
    if (!q.ok) throw new Error(q.message);
    expect(q.total).toBe(y(yuan));
    expect(q.lines.map((l) => l.label)).toEqual(labels);
    expect(q.lines.reduce((s, l) => s + l.amount, 0)).toBe(q.total);
  });

  it('rounds a percentage line to the yuan, half up', () => {
    // 5% of ¥610.50 = ¥30.525 → ¥31; the fixed base keeps its 角/分.
    const q = computeQuote(
      { ...A['3120'], baseFee: 61050 },
      lift({ variety: '3120', stops: 4, ratedLoad: 2500 }),
    );
    if (!q.ok) throw new Error(q.message);
    expect(q.lines[1].amount).toBe(3100);
    expect(q.total).toBe(64150);
    expect(formatYuan(q.total)).toBe('641.50');
    const s = computeQuote({ ...B['3110'], supervisionPercent: 125 }, lift({ stops: 7 }), 'supervision');
    // 405 × 25% = 101.25 → 101.
    expect(s.ok && s.total).toBe(y(506));
  });

  it('says which fact or tariff is missing instead of guessing', () => {
    const noTariff = computeQuote(null, lift({ stops: 12 }));
    expect(noTariff).toMatchObject({ ok: false, missing: 'tariff' });
    expect(!noTariff.ok && noTariff.message).toContain('未配置该品种的收费标准');
    expect(computeQuote(A['3110'], lift({ variety: '3120', stops: 3 }))).toMatchObject({
      ok: false,
      missing: 'tariff',
    });
    expect(computeQuote(A['3110'], lift({ variety: null }))).toMatchObject({ ok: false, missing: 'variety' });
    // The stops decide a surcharge of this tariff: no quote without them.
    const noStops = computeQuote(A['3110'], lift({ stops: null }));
    expect(noStops).toMatchObject({ ok: false, missing: 'stops' });
    expect(!noStops.ok && noStops.message).toContain('层站数');
    expect(computeQuote(A['3120'], lift({ variety: '3120', stops: 3 }))).toMatchObject({
      ok: false,
      missing: 'ratedLoad',
    });
    expect(computeQuote(A['3310'], lift({ variety: '3310' }))).toMatchObject({ ok: false, missing: 'riseM' });
    expect(computeQuote(A['3320'], lift({ variety: '3320' }))).toMatchObject({
      ok: false,
      missing: 'lengthM',
    });
    // A tariff with no stop surcharge needs no stops.
    expect(computeQuote({ ...A['3110'], extraStopFee: null, baseStops: null }, lift({})).ok).toBe(true);
    // Not yet in force.
    expect(
      computeQuote(
        { ...A['3110'], effectiveFrom: '2031-01-01' },
        lift({ stops: 3 }),
        'periodic',
        '2030-12-31',
      ),
    ).toMatchObject({ ok: false, missing: 'tariff' });
  });

  it('notes whether the governor test is included', () => {
    const a = computeQuote(A['3110'], lift({ stops: 3 }));
    const b = computeQuote({ ...A['3110'], governorIncluded: false }, lift({ stops: 3 }));
    expect(a.ok && a.notes).toContain('含限速器校验');
    expect(b.ok && b.notes).toContain('不含限速器校验（另行收费）');
  });
});

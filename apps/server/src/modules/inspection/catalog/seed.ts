import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.ts';
import { enterprise } from '../../../platform/db/tables.ts';
import { INSPECTION_ORG_KIND } from '../scope.ts';
import { copyStandardItems } from './items.ts';
import { inspectionCost } from './tables.ts';

/** Yuan → 分. */
const y = (yuan: number) => yuan * 100;

const LIFT_VARIETIES = ['3110', '3120', '3130', '3210', '3220', '3410', '3420'];

/**
 * DOMAIN.md §3.3 example A (jy1): ≤8 stops ¥600, escalators and walks ¥500, dumbwaiters ¥350; +¥25 per
 * stop above 8; freight over 2 t +5% per tonne; escalator rise over 6 m +10% per 2 m; walks over 30 m
 * +10% per 5 m; 监督检验 150%; 限速器校验 included.
 */
function exampleA(variety: string) {
  if (variety === '3310') return { baseFee: y(500), riseThresholdM: 6, riseStepM: 2, risePercentPerStep: 10 };
  if (variety === '3320')
    return { baseFee: y(500), lengthThresholdM: 30, lengthStepM: 5, lengthPercentPerStep: 10 };
  if (variety === '3430') return { baseFee: y(350), baseStops: 8, extraStopFee: y(25) };
  const freight = variety === '3120' || variety === '3130' || variety === '3220';
  return {
    baseFee: y(600),
    baseStops: 8,
    extraStopFee: y(25),
    ...(freight ? { loadThresholdKg: 2000, loadPercentPerTonne: 5 } : {}),
  };
}

/**
 * Example B (jy2, the provincial 2021 pilot tariff): passenger and freight ¥380, dumbwaiters ¥220,
 * escalators and walks ¥300; +¥25 per stop from the 7th; escalator rise over 6 m +10% per 2 m; walks
 * over 30 m +10% per 5 m; 限速器校验 free.
 */
function exampleB(variety: string) {
  if (variety === '3310') return { baseFee: y(300), riseThresholdM: 6, riseStepM: 2, risePercentPerStep: 10 };
  if (variety === '3320')
    return { baseFee: y(300), lengthThresholdM: 30, lengthStepM: 5, lengthPercentPerStep: 10 };
  if (variety === '3430') return { baseFee: y(220), baseStops: 6, extraStopFee: y(25) };
  return { baseFee: y(380), baseStops: 6, extraStopFee: y(25) };
}

/**
 * The demo inspection organisations' item catalogue (the standard one) and tariffs: the first
 * organisation (jy1) example A for every variety, the second (jy2) example B.
 */
export async function seedCatalog(tx: Tx) {
  const orgs = await tx
    .select({ id: enterprise.id })
    .from(enterprise)
    .where(eq(enterprise.kind, INSPECTION_ORG_KIND))
    .orderBy(asc(enterprise.id));
  const examples = [exampleA, exampleB];
  for (const [i, org] of orgs.slice(0, 2).entries()) {
    await copyStandardItems(tx, org.id);
    const terms = examples[i];
    await tx.insert(inspectionCost).values(
      [...LIFT_VARIETIES, '3310', '3320', '3430'].map((variety) => ({
        orgId: org.id,
        variety,
        supervisionPercent: 150,
        governorIncluded: true,
        effectiveFrom: i === 0 ? '2024-04-02' : '2021-07-15',
        note:
          i === 0 ? '参照 DOMAIN.md §3.3 示例 A' : '参照自治区发改委、财政厅 2021 年试点收费标准（示例 B）',
        ...terms(variety),
      })),
    );
  }
}

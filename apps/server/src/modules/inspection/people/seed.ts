import { addDays, FILING_STATE, shanghaiToday } from '@ec/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.ts';
import { enterprise, sysUser } from '../../../platform/db/tables.ts';
import type { FileStorage } from '../../../platform/files/storage.ts';
import { storeSeedPng } from '../../../platform/png.ts';
import { personNames } from '../../../platform/seed/names.ts';
import { decide, submit } from '../../../platform/workflow.ts';
import { encodePng } from '../instruments/png.ts';
import { inspectorKind } from './kind.ts';
import { inspectionDepartment, inspectionInspector } from './tables.ts';

/** An 18-digit ID number with its GB 11643 check character. */
function idNumber(body17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((s, w, i) => s + w * Number(body17[i]), 0);
  return body17 + '10X98765432'[sum % 11];
}

/**
 * A demo signature: a dark-blue handwritten-like stroke (a wave of `seed`'s shape) on a transparent
 * ground, 240×80, anti-aliased by distance to the curve.
 */
export function drawSignaturePng(seed: number): Buffer {
  const width = 240;
  const height = 80;
  const px = Buffer.alloc(width * height * 4);
  const curve = (x: number) =>
    height / 2 +
    18 * Math.sin(x / (14 + (seed % 5))) * Math.cos(x / (37 + seed * 3)) +
    (x - width / 2) * 0.08;
  for (let x = 12; x < width - 12; x++) {
    const cy = curve(x);
    for (let y = 0; y < height; y++) {
      const d = Math.abs(y - cy);
      const a = d <= 1.5 ? 1 : d < 2.5 ? 2.5 - d : 0;
      if (a === 0) continue;
      const at = (y * width + x) * 4;
      px[at] = 0x1a;
      px[at + 1] = 0x23;
      px[at + 2] = 0x7e;
      px[at + 3] = Math.max(px[at + 3], Math.round(a * 255));
    }
  }
  return encodePng(width, height, px, 6);
}

type Plan = {
  name: string;
  gender: number;
  phone: string;
  certNo: string;
  category: 'DTY' | 'DTS';
  /** Days from today to the certificate's last valid day. */
  validDays: number;
  department: number | null;
  passed: boolean;
  username?: string;
};

/**
 * The demo organisations' people: jy1 (jy_admin1, 青秀区) two departments and five passed
 * inspectors (one certificate expiring within the window, jy_inspector1 linked to one) plus one
 * awaiting audit; jy2 (jy_admin2) one department and two inspectors. Each inspector went through the
 * audit workflow as a real one would, and each has a signature image (a PNG drawn here, stored as a
 * real file) for the reports' PDF. Nothing is seeded when the organisations are missing.
 */
export async function seedInspectionPeople(tx: Tx, storage: FileStorage | null) {
  const admins = await tx
    .select({ id: sysUser.id, username: sysUser.username, companyId: sysUser.companyId })
    .from(sysUser)
    .where(inArray(sysUser.username, ['jy_admin1', 'jy_admin2', 'jy_inspector1']));
  const by = new Map(admins.map((a) => [a.username, a]));
  const today = shanghaiToday();
  const names = personNames(20261125, 8);
  const [inspector1] = await tx
    .select({ realName: sysUser.realName, phone: sysUser.phone })
    .from(sysUser)
    .where(eq(sysUser.username, 'jy_inspector1'));
  const orgs: { admin: string; departments: [string, string][]; people: Plan[]; prefix: string }[] = [
    {
      admin: 'jy_admin1',
      prefix: '450103',
      departments: [
        ['电梯检验一部', '负责青秀区、兴宁区在用电梯定期检验'],
        ['电梯检验二部', '负责新装电梯监督检验'],
      ],
      people: [
        {
          name: inspector1?.realName ?? names[0],
          gender: 1,
          phone: inspector1?.phone ?? '13907711001',
          certNo: 'TS-DTS-450100-0001',
          category: 'DTS',
          validDays: 900,
          department: 0,
          passed: true,
          username: 'jy_inspector1',
        },
        {
          name: names[1],
          gender: 2,
          phone: '13907711002',
          certNo: 'TS-DTY-450100-0002',
          category: 'DTY',
          validDays: 600,
          department: 0,
          passed: true,
        },
        {
          name: names[2],
          gender: 1,
          phone: '13907711003',
          certNo: 'TS-DTY-450100-0003',
          category: 'DTY',
          validDays: 12,
          department: 0,
          passed: true,
        },
        {
          name: names[3],
          gender: 1,
          phone: '13907711004',
          certNo: 'TS-DTS-450100-0004',
          category: 'DTS',
          validDays: 480,
          department: 1,
          passed: true,
        },
        {
          name: names[4],
          gender: 2,
          phone: '13907711005',
          certNo: 'TS-DTY-450100-0005',
          category: 'DTY',
          validDays: 300,
          department: null,
          passed: true,
        },
        {
          name: names[5],
          gender: 1,
          phone: '13907711006',
          certNo: 'TS-DTY-450100-0006',
          category: 'DTY',
          validDays: 1400,
          department: null,
          passed: false,
        },
      ],
    },
    {
      admin: 'jy_admin2',
      prefix: '450105',
      departments: [['江南检验部', '负责江南区在用电梯定期检验']],
      people: [
        {
          name: names[6],
          gender: 1,
          phone: '13907712001',
          certNo: 'TS-DTS-450105-0001',
          category: 'DTS',
          validDays: 700,
          department: 0,
          passed: true,
        },
        {
          name: names[7],
          gender: 2,
          phone: '13907712002',
          certNo: 'TS-DTY-450105-0002',
          category: 'DTY',
          validDays: 200,
          department: null,
          passed: true,
        },
      ],
    },
  ];
  for (const org of orgs) {
    const admin = by.get(org.admin);
    if (!admin?.companyId) continue;
    const orgId = admin.companyId;
    const [area] = await tx
      .select({ areaCode: enterprise.areaCode })
      .from(enterprise)
      .where(eq(enterprise.id, orgId));
    const deps = await tx
      .insert(inspectionDepartment)
      .values(
        org.departments.map(([name, description], i) => ({
          orgId,
          name,
          leader: names[i + 1],
          phone: `0771-58${org.prefix.slice(-2)}00${i}`,
          description,
        })),
      )
      .returning({ id: inspectionDepartment.id });
    for (const [n, p] of org.people.entries()) {
      const account = p.username ? by.get(p.username) : undefined;
      const [row] = await tx
        .insert(inspectionInspector)
        .values({
          orgId,
          name: p.name,
          gender: p.gender,
          idNumber: idNumber(`${org.prefix}19${80 + n}0${(n % 9) + 1}1${n}23`.slice(0, 17)),
          phone: p.phone,
          certNo: p.certNo,
          category: p.category,
          issuingAuthority: '国家市场监督管理总局',
          issueDate: addDays(today, p.validDays - 4 * 365),
          validUntil: addDays(today, p.validDays),
          userId: account?.companyId === orgId ? account.id : null,
          signatureFileId: storage
            ? await storeSeedPng(tx, storage, {
                fileName: `${p.name}签名.png`,
                body: drawSignaturePng(n + 1),
                uploaderId: admin.id,
                ownerCompanyId: orgId,
              })
            : null,
          auditState: FILING_STATE.pending,
        })
        .returning({ id: inspectionInspector.id });
      const auditCase = await submit(tx, inspectorKind, {
        subjectId: row.id,
        actorId: admin.id,
        areaCode: area?.areaCode ?? null,
        companyId: orgId,
        payload: { name: p.name, certNo: p.certNo },
      });
      if (!p.passed) continue;
      await decide(tx, inspectorKind, {
        auditId: auditCase.id,
        actorId: admin.id,
        decision: 'pass',
        description: '证书真实有效',
      });
      if (p.department !== null)
        await tx
          .update(inspectionInspector)
          .set({ departmentId: deps[p.department].id })
          .where(eq(inspectionInspector.id, row.id));
    }
  }
}

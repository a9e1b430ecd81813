import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { crc32, deflateSync } from 'node:zlib';
import { apiAs } from './elevator-support.ts';
import { consoleSuite, screenshot, signIn } from './support.ts';

/**
 * 检验设备 and 印章管理 against the real server: jy_admin1 records a new calibration of the
 * instrument that is past its calibration (it becomes 有效, and the history grows), then uploads a
 * seal image (a PNG with a transparent ground) and saves a new seal.
 */

const suite = consoleSuite();

/** A 120×120 RGBA PNG: a red disc on a transparent ground. */
function transparentPng(size = 120): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const at = y * (size * 4 + 1) + 1 + x * 4;
      const inside = Math.hypot(x - size / 2, y - size / 2) < size * 0.45;
      raw.set([220, 30, 24, inside ? 255 : 0], at);
    }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Instrument {
  id: number;
  name: string;
  calibrationState: string;
  calibrations?: { certificateNo: string | null }[];
}

describe('检验设备与印章: the organisation keeps its instruments calibrated and its seals uploaded', () => {
  test('jy_admin1 records the calibration of an expired instrument and uploads a seal', async () => {
    const api = await apiAs(suite.server.baseUrl, 'jy_admin1');
    const expired = await api<{ records: Instrument[] }>('GET', '/inspection/tbInspectionEquipment/query', {
      calibrationState: 'expired',
    });
    assert.equal(expired.records.length, 1);
    const instrument = expired.records[0];
    assert.equal(instrument.name, '钢丝绳探伤仪');

    const { context, page } = await suite.open();
    try {
      await signIn(page, suite.server.baseUrl, 'jy_admin1');
      await page.locator('.ant-pro-sider-menu').waitFor();
      await page.goto(`${suite.server.baseUrl}/#/organization/equipment`);
      const list = page.getByTestId('equipment-list');
      const tag = list.getByTestId(`cal-state-${instrument.id}`);
      await tag.waitFor();
      assert.equal((await tag.textContent())?.trim(), '已过期');
      await list.getByTestId(`calibrate-${instrument.id}`).click();
      const dialog = page.getByTestId('calibration-dialog');
      await dialog.getByTestId('cal-cert').fill('JD-E2E-0001');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await page.locator('.ant-message').getByText('检定记录已登记').waitFor();
      await page.waitForFunction(
        (id) =>
          (
            globalThis as unknown as {
              document: { querySelector(s: string): { textContent: string | null } | null };
            }
          ).document
            .querySelector(`[data-testid="cal-state-${id}"]`)
            ?.textContent?.trim() === '有效',
        instrument.id,
      );
      await screenshot(page, 'inspection-equipment-calibrated');

      const detail = await api<Instrument>('GET', `/inspection/tbInspectionEquipment/get/${instrument.id}`);
      assert.equal(detail.calibrationState, 'valid');
      assert.equal(detail.calibrations?.[0].certificateNo, 'JD-E2E-0001');

      // The history on the instrument's page.
      await page.goto(`${suite.server.baseUrl}/#/organization/equipmentAdd?id=${instrument.id}`);
      await page.getByTestId('calibration-history').getByText('JD-E2E-0001').waitFor();

      // A new seal: upload its image, see it on the checkered ground, save.
      await page.goto(`${suite.server.baseUrl}/#/organization/SealDetail`);
      await page.getByTestId('seal-name').fill('检验报告专用章（E2E）');
      await page.locator('input[type="file"]').setInputFiles({
        name: '报告章.png',
        mimeType: 'image/png',
        buffer: transparentPng(),
      });
      await page.getByTestId('seal-image').locator('img').waitFor();
      await page.getByTestId('seal-save').click();
      await page.locator('.ant-message').getByText('保存成功').waitFor();
      await screenshot(page, 'inspection-seal-uploaded');
      const seals = await api<{ records: { name: string; fileName: string | null }[] }>(
        'GET',
        '/inspection/tbInspectionOrganizationSeal/query',
        { keyword: 'E2E' },
      );
      assert.equal(seals.records.length, 1);
      assert.equal(seals.records[0].fileName, '报告章.png');

      await page.goto(`${suite.server.baseUrl}/#/organization/SealManagement`);
      await page.getByTestId('seal-list').getByText('检验报告专用章（E2E）').waitFor();
    } finally {
      await context.close();
    }
  });
});

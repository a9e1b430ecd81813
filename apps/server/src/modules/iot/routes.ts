import {
  iotAlarmCalls as A,
  iotDeviceCalls as D,
  iotIngestCalls as I,
  IOT_MAX_MESSAGE_BYTES,
  iotLookupCalls as L,
} from '@ec/contract';
import { badRequest, notFound, tooLarge, tooManyRequests, unauthorized } from '../../platform/errors.ts';
import { attachmentHeader, XLSX_MIME } from '../../platform/excel.ts';
import { receiveSpreadsheet, storeGenerated } from '../../platform/files/service.ts';
import { implement } from '../../platform/http/implement.ts';
import { iotRuntime, verifyDevice } from './broker.ts';
import {
  addDevice,
  batchAddDevices,
  bindDevice,
  deleteDevices,
  deviceDetail,
  listDevices,
  queryIotSimple,
  syncBindings,
  unbindDevice,
  updateDevice,
} from './devices.ts';
import { deviceTemplate, importDeviceSheet, readSyncSheet, syncTemplate } from './import.ts';
import { deviceForKey, parseMessage } from './ingest.ts';
import {
  acknowledgeAlarm,
  deviceData,
  liftHistory,
  liftMessages,
  liftState,
  linkData,
  listAlarms,
  makeLink,
} from './read.ts';
import { ownMerchant } from './scope.ts';

const tx = { tx: true };

/** Thin bindings over the scoped services (devices.ts, read.ts) and the ingestion (ingest.ts). */
export const iotRoutes = [
  implement(D.list, (f, { user, db }) => listDevices(db, user, f)),
  implement(D.import, async (_v, { req, user, platform }) => {
    ownMerchant(user); // only a merchant imports, to its own registry: refused before the upload
    const { body } = await receiveSpreadsheet(req);
    const { report, errorSheet } = await importDeviceSheet(platform, user, body);
    if (errorSheet)
      report.reportFileId = await storeGenerated(
        platform,
        user.id,
        '物联网设备导入错误报告.xlsx',
        errorSheet,
        XLSX_MIME,
      );
    return report;
  }),
  implement(D.importTemplate, async (_v, { reply }) =>
    reply
      .type(XLSX_MIME)
      .header('Content-Disposition', attachmentHeader('物联网设备导入模板.xlsx'))
      .send(await deviceTemplate()),
  ),
  // Device writes open their own transaction: the broker accounts they change follow its commit (accounts.ts).
  implement(D.batchAdd, (v, { user, platform }) => batchAddDevices(platform, user, v)),
  implement(D.bind, (v, { user, db }) => bindDevice(db, user, v), tx),
  implement(D.unbind, (v, { user, db }) => unbindDevice(db, user, v), tx),
  implement(D.sync, (v, { user, db }) => syncBindings(db, user, v), tx),
  implement(D.syncSheet, async (_v, { req, user }) => {
    ownMerchant(user); // only a merchant binds its own devices: refused before the upload
    return readSyncSheet((await receiveSpreadsheet(req)).body);
  }),
  implement(D.syncTemplate, async (_v, { reply }) =>
    reply
      .type(XLSX_MIME)
      .header('Content-Disposition', attachmentHeader('同步绑定模板.xlsx'))
      .send(await syncTemplate()),
  ),
  implement(D.getDeviceData, ({ id }, { user, db }) => deviceData(db, user, id)),
  implement(D.linkData, ({ token, id }, { db, platform }) => linkData(db, platform.config.secret, token, id)),
  implement(D.dataLink, ({ id, hours }, { user, db, platform }) =>
    makeLink(db, user, platform.config.secret, id, hours),
  ),
  implement(D.detail, ({ id }, { user, db }) => deviceDetail(db, user, id)),
  implement(D.add, (v, { user, platform }) => addDevice(platform, user, v)),
  implement(D.update, (v, { user, platform }) => updateDevice(platform, user, v)),
  implement(D.delete, ({ ids }, { user, platform }) => deleteDevices(platform, user, ids)),
  implement(D.liftState, ({ elevatorId }, { user, db }) => liftState(db, user, elevatorId)),
  implement(D.liftHistory, (f, { user, db }) => liftHistory(db, user, f)),
  implement(D.liftMessages, (f, { user, db }) => liftMessages(db, user, f)),
  implement(L.queryIotSimple, (f, { user, db }) => queryIotSimple(db, user, f)),
  implement(A.list, (f, { user, db }) => listAlarms(db, user, f)),
  implement(A.acknowledge, (v, { user, db }) => acknowledgeAlarm(db, user, v), tx),
  implement(I.ingest, async (v, { db, platform, req }) => {
    const runtime = iotRuntime(platform);
    let device: { code: string; merchantId: number } | null;
    if (req.apiKey) {
      // A partner's key (iot:ingest, checked by register.ts): only its organisation's devices.
      const found = await deviceForKey(db, req.apiKey.enterpriseId, v.deviceCode, v.merchantId);
      if (found === 'ambiguous') throw badRequest('merchantId：多个商户使用该设备编号，请提供物联网商户编号');
      if (!found) {
        runtime.ingestor.refuse('unauthorized');
        throw notFound('设备不存在或不属于该 API 密钥的组织');
      }
      device = found;
    } else {
      if (!v.secret) throw badRequest('secret：设备密钥不能为空（或在 X-Api-Key 请求头中提供 API 密钥）');
      device = await verifyDevice(db, v.deviceCode, v.secret, v.merchantId);
      if (!device) {
        runtime.ingestor.refuse('unauthorized');
        throw unauthorized('设备编号或密钥不正确');
      }
    }
    // The same checks and queue as a message over MQTT; answered once its batch is stored.
    const checked = parseMessage(v.kind, v.message);
    if (!checked.ok) {
      runtime.ingestor.refuse(checked.reason);
      if (checked.reason === 'oversized') throw tooLarge(`消息超过 ${IOT_MAX_MESSAGE_BYTES} 字节`);
      throw badRequest(`消息不符合 ${v.kind} 消息的格式（GB/T 24476），已丢弃`);
    }
    if (runtime.ingestor.full) {
      // The queue is at its bound (the database slow or down): refused at once, to be sent again.
      runtime.ingestor.refuse('backlog');
      throw tooManyRequests('接入队列已满，请稍后重发');
    }
    const stored = await runtime.ingestor.accept({
      deviceCode: device.code,
      merchantId: device.merchantId,
      kind: v.kind,
      payload: v.message,
    });
    return { stored };
  }),
  implement(I.stats, (_v, { platform }) => {
    const r = iotRuntime(platform);
    const c = r.ingestor.counters;
    return {
      broker: r.broker,
      port: r.broker === 'embedded' ? r.port : null,
      received: c.received,
      stored: c.stored,
      dropped: { ...c.dropped },
      pending: r.ingestor.pending,
    };
  }),
];

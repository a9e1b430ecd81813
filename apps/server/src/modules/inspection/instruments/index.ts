import {
  equipmentCalls as E,
  INSPECTION_PERMISSIONS as P,
  sealCalls as S,
  shanghaiToday,
} from '@ec/contract';
import { keysetBatches, streamXlsx } from '../../../platform/excel.ts';
import { implement } from '../../../platform/http/implement.ts';
import type { ModulePart } from '../../../platform/module.ts';
import {
  addEquipment,
  deleteEquipment,
  equipmentBatch,
  equipmentDetail,
  listEquipment,
  updateEquipment,
  usableList,
} from './equipment.ts';
import { addSeal, deleteSeals, listSeals, sealDetail, sealFiles, updateSeal } from './seals.ts';
import { seedInstrumentsDemo } from './seed.ts';

export { usableInstruments } from './equipment.ts';
export { sealFor } from './seals.ts';

const tx = { tx: true };
const equipmentList = { name: '查询检验设备', perms: P.equipmentList };
const equipmentEdit = { name: '维护检验设备与检定记录', perms: P.equipmentEdit };
const sealList = { name: '查询印章', perms: P.sealList };
const sealEdit = { name: '维护印章', perms: P.sealEdit };

/** Instruments (检验设备) with their calibration (检定), and seals (印章管理). */
export const instrumentPart: ModulePart = {
  routes: [
    implement(E.query, (f, { user, db }) => listEquipment(db, user, f)),
    implement(E.get, ({ id }, { user, db }) => equipmentDetail(db, user, id)),
    implement(E.getList, (f, { user, db }) => usableList(db, user, f)),
    implement(E.add, (v, { user, db }) => addEquipment(db, user, v), tx),
    implement(E.update, (v, { user, db }) => updateEquipment(db, user, v), tx),
    implement(E.delete, ({ ids }, { user, db }) => deleteEquipment(db, user, ids), tx),
    implement(E.deleteGroups, ({ ids }, { user, db }) => deleteEquipment(db, user, ids), tx),
    implement(E.export, (f, { user, reply, db }) =>
      streamXlsx(reply, {
        fileName: `检验设备_${shanghaiToday()}.xlsx`,
        sheetName: '检验设备',
        columns: [
          { header: '设备名称', width: 20, value: (r) => r.name },
          { header: '规格型号', width: 16, value: (r) => r.model ?? '' },
          { header: '出厂编号', width: 18, value: (r) => r.serialNo },
          { header: '制造单位', width: 28, value: (r) => r.manufacturer ?? '' },
          { header: '测量范围', width: 16, value: (r) => r.measuringRange ?? '' },
          { header: '准确度', width: 14, value: (r) => r.accuracy ?? '' },
          { header: '检定方式', width: 10, value: (r) => r.calibrationKindLabel },
          { header: '检定日期', width: 12, value: (r) => r.calibratedOn ?? '' },
          { header: '有效期至', width: 12, value: (r) => r.validUntil ?? '' },
          { header: '检定状态', width: 10, value: (r) => r.calibrationStateLabel },
          { header: '证书编号', width: 22, value: (r) => r.certificateNo ?? '' },
          { header: '检定机构', width: 28, value: (r) => r.institution ?? '' },
          { header: '设备状态', width: 10, value: (r) => r.stateLabel },
          { header: '检验机构', width: 30, value: (r) => r.orgName },
          { header: '备注', width: 30, value: (r) => r.note ?? '' },
        ],
        batches: keysetBatches((after, size) => equipmentBatch(db, user, f, after, size)),
      }),
    ),
    implement(S.query, (f, { user, db }) => listSeals(db, user, f)),
    implement(S.get, ({ id }, { user, db }) => sealDetail(db, user, id)),
    implement(S.add, (v, { user, db, platform }) => addSeal(db, platform.storage, user, v), tx),
    implement(S.update, (v, { user, db, platform }) => updateSeal(db, platform.storage, user, v), tx),
    implement(S.delete, ({ ids }, { user, db }) => deleteSeals(db, user, ids), tx),
  ],
  demoSeeders: [(tx, _config, storage) => seedInstrumentsDemo(tx, storage)],
  menuButtons: {
    '/organization/equipment': [equipmentList, equipmentEdit],
    '/organization/equipmentAdd': [equipmentList, equipmentEdit],
    '/organization/SealManagement': [sealList, sealEdit],
    '/organization/SealDetail': [sealList, sealEdit],
  },
  fileReferences: [sealFiles],
};

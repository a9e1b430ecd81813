import { equipmentCalls as E, INSPECTION_PERMISSIONS as P, sealCalls as S } from '@ec/contract';
import { exportList } from '../../../platform/exports.ts';
import { implement } from '../../../platform/http/implement.ts';
import type { ModulePart } from '../../../platform/module.ts';
import {
  addEquipment,
  deleteEquipment,
  equipmentDetail,
  listEquipment,
  updateEquipment,
  usableList,
} from './equipment.ts';
import { equipmentExport } from './exports.ts';
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
    implement(E.export, (f, ctx) => exportList(ctx, equipmentExport, f)),
    implement(S.query, (f, { user, db }) => listSeals(db, user, f)),
    implement(S.get, ({ id }, { user, db }) => sealDetail(db, user, id)),
    implement(S.add, (v, { user, db, platform }) => addSeal(db, platform.storage, user, v), tx),
    implement(S.update, (v, { user, db, platform }) => updateSeal(db, platform.storage, user, v), tx),
    implement(S.delete, ({ ids }, { user, db }) => deleteSeals(db, user, ids), tx),
  ],
  demoSeeders: [(tx, _config, storage) => seedInstrumentsDemo(tx, storage)],
  exports: [equipmentExport],
  menuButtons: {
    '/organization/equipment': [equipmentList, equipmentEdit],
    '/organization/equipmentAdd': [equipmentList, equipmentEdit],
    '/organization/SealManagement': [sealList, sealEdit],
    '/organization/SealDetail': [sealList, sealEdit],
  },
  fileReferences: [sealFiles],
};

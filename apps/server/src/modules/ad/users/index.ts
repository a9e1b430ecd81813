import { adUserCalls as C, AD_USER_PERMISSIONS as P } from '@ec/contract';
import { implement } from '../../../platform/http/implement.ts';
import type { AdPart } from '../part.ts';
import {
  addWxUser,
  listWxUsers,
  updateWxUser,
  uploadWxUserPhoto,
  wxUserDetail,
  wxUserFileReference,
} from './service.ts';

const tx = { tx: true };

/** Mini-program users (小程序用户, /wx): the operator's field workers' and customers' accounts. */
export const userPart: AdPart = {
  routes: [
    implement(C.getXcxUserList, (f, { user, db }) => listWxUsers(db, user, f)),
    implement(C.getXcxUser, ({ id }, { user, db }) => wxUserDetail(db, user, id)),
    implement(C.addXcxUser, (input, { user, db }) => addWxUser(db, user, input), tx),
    implement(C.updateXcxUser, (input, { user, db }) => updateWxUser(db, user, input), tx),
    implement(C.upload, ({ id }, { user, req, platform }) => uploadWxUserPhoto(platform, req, user, id)),
  ],
  fileReferences: [wxUserFileReference],
  menuButtons: {
    '/ad/user': [
      { name: '查询小程序用户', perms: P.list },
      { name: '新增、修改小程序用户', perms: P.edit },
    ],
  },
};

/**
 * The parties (相关方) module: the companies (maintenance units, use units, inspection organisations)
 * and their people who file with the regulator, the maintenance contracts between them, communities,
 * the use units' ratings of their maintenance (incentives) and each account's own filing. One folder
 * per sub-domain, each with its services and its routes (`routes.ts`); `tables.ts` holds the module's
 * tables, `common.ts` what the sub-domains share, `api.ts` what other modules may ask of it.
 */
import { INSPECTION_PERMISSIONS, PARTY_PAGES, type PartyPage, partyPaths } from '@ec/contract';
import { DAILY } from '../../platform/jobs.ts';
import { defineModule } from '../../platform/module.ts';
import { communityRoutes } from './communities/routes.ts';
import { companyRoutes } from './companies/routes.ts';
import { contractRoutes } from './contracts/routes.ts';
import { partiesFiles } from './files.ts';
import { filingRoutes } from './filing/routes.ts';
import { incentiveRoutes } from './incentives/routes.ts';
import { personRoutes } from './persons/routes.ts';
import { notifyExpiries } from './reminders.ts';
import { partiesRevealers } from './reveal.ts';
import { seedParties } from './seed.ts';

type Buttons = { name: string; perms: string }[];

const unitList = { name: '查询维保单位', perms: 'maintenance:unit:list' };
const unitEdit = { name: '编辑维保单位', perms: 'maintenance:unit:edit' };
const unitAudit = { name: '审核维保单位', perms: 'maintenance:unit:audit' };
const userList = { name: '查询维保人员', perms: 'maintenance:user:list' };
const userEdit = { name: '编辑维保人员', perms: 'maintenance:user:edit' };
const userAudit = { name: '审核维保人员', perms: 'maintenance:user:audit' };
const contractList = { name: '查询维保合同', perms: 'maintenance:contract:list' };
const contractEdit = { name: '编辑维保合同', perms: 'maintenance:contract:edit' };
const contractAudit = { name: '审核维保合同', perms: 'maintenance:contract:audit' };
const companyList = { name: '查询使用单位', perms: 'building:company:list' };
const companyEdit = { name: '编辑使用单位', perms: 'building:company:edit' };
const companyAudit = { name: '审核使用单位', perms: 'building:company:audit' };
const officerList = { name: '查询安全员', perms: 'building:user:list' };
const officerEdit = { name: '编辑安全员', perms: 'building:user:edit' };
const officerAudit = { name: '审核安全员', perms: 'building:user:audit' };
const communityList = { name: '查询小区', perms: 'community:list' };
const communityEdit = { name: '编辑小区', perms: 'community:edit' };
const incentiveList = { name: '查询维保激励', perms: 'incentive:list' };
const incentiveRate = { name: '评价维保单位', perms: 'incentive:rate' };

/**
 * Buttons of the pages of this module, by the contract's page names (every page, and only those:
 * the type says so); the /basicInformationb filing variants carry the same.
 */
const pages: Record<PartyPage, Buttons> = {
  [PARTY_PAGES.maintenanceUnit]: [unitList, unitEdit, unitAudit, userList, contractList],
  [PARTY_PAGES.maintenanceDetail]: [unitList, userList, contractList],
  [PARTY_PAGES.newMaintenanceUnit]: [unitList, unitEdit],
  [PARTY_PAGES.personnel]: [userList, userEdit, userAudit],
  [PARTY_PAGES.personnelDetail]: [userList],
  [PARTY_PAGES.contract]: [contractList, contractEdit, contractAudit, companyList],
  [PARTY_PAGES.hon]: [companyList, companyEdit, companyAudit, officerList],
  [PARTY_PAGES.newContract]: [contractList, contractEdit],
  [PARTY_PAGES.newUseUnit]: [companyList, companyEdit],
  [PARTY_PAGES.unitDetail]: [companyList, officerList, contractList],
  [PARTY_PAGES.recordDetail]: [companyList, companyAudit, officerList],
  [PARTY_PAGES.officerRecord]: [officerList, officerAudit],
  [PARTY_PAGES.userRecord]: [companyList, officerList, contractList],
  [PARTY_PAGES.incentive]: [incentiveList, incentiveRate],
  [PARTY_PAGES.userUnitDetail]: [companyList, officerList],
  [PARTY_PAGES.officers]: [officerList, officerEdit],
  [PARTY_PAGES.community]: [communityList, communityEdit],
};

const menuButtons: Record<string, Buttons> = {
  // Inspection organisations' filings are audited from the organisation-audit page.
  '/organization/Audit': [{ name: '审核检验机构备案', perms: 'inspection:org:audit' }],
  '/organization/InstitutionalFiling': [
    { name: '查询检验机构', perms: INSPECTION_PERMISSIONS.orgList },
    { name: '修改本机构联系信息', perms: INSPECTION_PERMISSIONS.orgEdit },
  ],
  '/organization/detail': [{ name: '查询检验机构', perms: INSPECTION_PERMISSIONS.orgList }],
};
for (const [page, buttons] of Object.entries(pages) as [PartyPage, Buttons][]) {
  for (const path of partyPaths(page)) menuButtons[path] = buttons;
}

export const partiesModule = defineModule({
  name: 'parties',
  routes: [
    ...companyRoutes,
    ...personRoutes,
    ...contractRoutes,
    ...communityRoutes,
    ...incentiveRoutes,
    ...filingRoutes,
  ],
  menuButtons,
  demoSeeders: [seedParties],
  fileReferences: partiesFiles,
  revealers: partiesRevealers,
  jobs: [
    {
      name: 'expiry-notices',
      label: '证书合同到期提醒（作业证书、维保许可证、维保合同 30 日内到期）',
      everyMs: DAILY,
      async run(db) {
        await notifyExpiries(db);
      },
    },
  ],
});

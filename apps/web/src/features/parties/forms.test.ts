import {
  buildingCompanyFields,
  contractFields,
  maintenanceUnitFields,
  officerFields,
  staffFields,
} from '@ec/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { companyInput, companyValues } from './CompanyForm.tsx';
import { contractInput } from './ContractForm.tsx';
import { areaOf, areaPath } from './fields.tsx';
import { personInput } from './PersonForm.tsx';

const FILE = { id: '2b1f6a40-1d7e-4c3a-9a0b-6f1f0e0c2d11', fileName: '许可证.png' };
const base = {
  name: ' 南宁测试电梯维保有限公司 ',
  creditCode: '91450103ma5kat0013',
  area: ['450100', '450103'],
  address: '南宁市青秀区民族大道 1 号',
  legalPerson: '法人',
  contactName: '联系人',
  contactPhone: '0771-5100000',
};

describe('company forms', () => {
  it('send what the contract accepts for each kind', () => {
    const maintenance = companyInput('maintenance', {
      ...base,
      licenceType: 'repair',
      licenceGrade: 'B',
      licenceNo: 'TS3445012-2026',
      licenceExpiry: dayjs('2027-06-30'),
      licence: [FILE],
    });
    expect(maintenance).toMatchObject({
      name: '南宁测试电梯维保有限公司',
      creditCode: '91450103MA5KAT0013',
      areaCode: '450103',
    });
    expect(maintenanceUnitFields.safeParse(maintenance).success).toBe(true);
    const use = companyInput('use', {
      ...base,
      unitType: 'property',
      safetyDirector: '总监',
      safetyDirectorPhone: '13907710201',
    });
    expect(buildingCompanyFields.safeParse(use).success).toBe(true);
  });
  it('round-trip a detail into the form', () => {
    const values = companyValues({
      id: 1,
      name: 'x',
      filingState: 3,
      filingStateLabel: '备案成功',
      areaCode: '450105',
      licenceFile: FILE,
      licenceExpiry: '2027-01-02',
    });
    expect(values.area).toEqual(['450100', '450105']);
    expect(values.licence).toEqual([FILE]);
    expect(values.licenceExpiry?.format('YYYY-MM-DD')).toBe('2027-01-02');
  });
});

describe('person forms', () => {
  it('require the certificate and photo of a worker, not of an officer', () => {
    const worker = personInput('staff', {
      realName: '张伟',
      idNumber: '45010219900101001x',
      companyId: 1,
      certType: 'T',
      certNo: 'TST1',
      certExpiry: dayjs('2028-01-01'),
      photo: [FILE],
    });
    expect(worker.idNumber).toBe('45010219900101001X');
    expect(staffFields.safeParse(worker).success).toBe(true);
    expect(staffFields.safeParse({ ...worker, photoFileId: '' }).success).toBe(false);
    const officer = personInput('officer', {
      realName: '王安全',
      idNumber: '45010219900101001X',
      phone: '13600000001',
    });
    expect(officer.role).toBe('safety_officer');
    expect(officerFields.safeParse(officer).success).toBe(true);
  });
  it('leave a blank ID number out, so an edit keeps the one others see masked', () => {
    expect('idNumber' in personInput('officer', { realName: '王安全', idNumber: ' ' })).toBe(false);
  });
});

describe('contract form', () => {
  it('sends the period as two dates', () => {
    const input = contractInput({
      contractNo: 'HT-1',
      maintenanceCompanyId: 1,
      useCompanyId: 3,
      period: [dayjs('2026-01-01'), dayjs('2026-12-31')],
      planType: 'HALF_MONTH',
      elevatorIds: [1, 2],
    });
    expect(input).toMatchObject({ startDate: '2026-01-01', endDate: '2026-12-31', signDate: null });
    expect(contractFields.safeParse(input).success).toBe(true);
  });
});

describe('areas', () => {
  it('a stored area code opens as its cascader path, and a path is sent as its last code', () => {
    expect(areaPath('450100')).toEqual(['450100']);
    expect(areaOf(['450100', '45010051'])).toBe('45010051');
  });
});

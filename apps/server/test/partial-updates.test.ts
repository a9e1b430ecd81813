import type {
  CommunityRow,
  ContractDetail,
  ElevatorDetail,
  MaintenanceUnitDetail,
  MenuTreeNode,
  PersonDetail,
  PersonRow,
} from '@ec/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startTestApp, type TestApp } from './harness.ts';
import { newIdNumber, newPhone, uploadPng } from './parties-support.ts';

type Page<T> = { records: T[]; total: number };

/** Fields that move on every accepted save, whatever it changed. */
const MOVING = new Set(['version', 'updateTime', 'history', 'leaveHistory']);
const still = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter(([k]) => !MOVING.has(k)));

/**
 * Partial updates never change a field the request did not send (issue 11, item 7): defaults belong to
 * creation, and an update that leaves a field out keeps it.
 */
describe.each(dbKinds)('partial updates on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp(kind, { env: 'development' });
    for (const u of ['admin', 'wb_admin1', 'sy_admin1', 'jy_admin1']) tokens[u] = await t.login(u);
  });
  afterAll(() => t.close());

  const get = async <T>(method: string, path: string, token: string, body?: Record<string, unknown>) => {
    const res = await t.api<T>(
      method,
      path,
      method === 'GET' ? { token, query: body as never } : { token, body },
    );
    expect(res.status, `${method} ${path}: ${res.body.resultMsg}`).toBe(200);
    return res.body.data;
  };
  const menuById = (nodes: MenuTreeNode[], id: number): MenuTreeNode | undefined => {
    for (const n of nodes) {
      if (n.id === id) return n;
      const found = menuById(n.children, id);
      if (found) return found;
    }
    return undefined;
  };

  /** A safety director of use unit 1, filed by the regulator (passed at once). */
  async function safetyDirector() {
    const saved = await get<{ person: PersonDetail }>('POST', '/pc/buildingCompanyUser/save', tokens.admin, {
      realName: '测试安全总监',
      idNumber: newIdNumber(),
      phone: newPhone(),
      companyId: 3,
      role: 'safety_director',
      position: '电梯安全总监',
    });
    expect(saved.person).toMatchObject({ role: 'safety_director', filingState: 3 });
    return saved.person;
  }

  it('/pc/buildingCompanyUser/update without role keeps a safety director a safety director', async () => {
    const director = await safetyDirector();
    const updated = await t.api<{ person: PersonDetail }>('POST', '/pc/buildingCompanyUser/update', {
      token: tokens.sy_admin1,
      body: { id: director.id, version: director.version, realName: '测试安全总监（改）' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.person).toMatchObject({
      realName: '测试安全总监（改）',
      role: 'safety_director',
      position: '电梯安全总监',
      // No certificate changed: the filing stays passed.
      filingState: 3,
    });
  });

  it('sends only the id (and version) to every update call: the record is unchanged', async () => {
    const director = await safetyDirector();
    const staff = (
      await get<Page<PersonRow>>('GET', '/pc/maintenanceUser/queryList', tokens.admin, {
        companyId: 1,
        filingState: 3,
      })
    ).records[0];
    const contract = (
      await get<Page<{ id: number }>>('GET', '/pc/maintenanceContract/queryList', tokens.admin, { limit: 1 })
    ).records[0];
    const community = (
      await get<Page<{ id: number; version: number }>>('GET', '/pc/community/query', tokens.admin, {
        limit: 1,
      })
    ).records[0];
    const lift = (
      await get<Page<{ id: number }>>('POST', '/pc/elevator/queryList', tokens.admin, { page: 1, limit: 1 })
    ).records[0];
    const role = (await get<Page<{ id: number }>>('GET', '/pc/sysRole/query', tokens.admin, { limit: 50 }))
      .records[0];
    const user = (await get<Page<{ id: number }>>('GET', '/pc/sysUser/query', tokens.admin, { limit: 1 }))
      .records[0];
    const office = await get<{ id: number }>('POST', '/pc/sysOffice/save', tokens.admin, {
      name: '清单机构',
      sort: 3,
      status: 0,
    });
    const menu = (await get<MenuTreeNode[]>('GET', '/pc/sysMenu/tree', tokens.admin))[0];
    const dictType = (
      await get<Page<{ id: number }>>('GET', '/pc/sysDict/typeQuery', tokens.admin, { limit: 1 })
    ).records[0];
    const dictData = (
      await get<Page<{ id: number }>>('GET', '/pc/sysDict/dataQuery', tokens.admin, { limit: 1 })
    ).records[0];
    const jyOrg = (await get<{ company: { id: number } }>('GET', '/pc/filing/current', tokens.jy_admin1))
      .company!;

    const cases: {
      name: string;
      send: () => Promise<{ status: number; body: { resultMsg: string } }>;
      read: () => Promise<Record<string, unknown>>;
    }[] = [
      {
        name: '/pc/maintenance/update',
        read: () => get('GET', '/pc/maintenance/queryDetail/info', tokens.admin, { id: 1 }),
        send: () => t.api('POST', '/pc/maintenance/update', { token: tokens.admin, body: { id: 1 } }),
      },
      {
        name: '/pc/buildingCompany/update',
        read: () => get('POST', '/pc/buildingCompany/companyDetail', tokens.admin, { id: 3 }),
        send: () => t.api('POST', '/pc/buildingCompany/update', { token: tokens.admin, body: { id: 3 } }),
      },
      {
        name: '/inspection/tbInspectionOrganization/updateAudit',
        read: () => get('GET', '/pc/filing/current', tokens.jy_admin1),
        send: () =>
          t.api('POST', '/inspection/tbInspectionOrganization/updateAudit', {
            token: tokens.jy_admin1,
            body: { id: jyOrg.id },
          }),
      },
      {
        name: '/pc/maintenanceUser/update',
        read: () => get('GET', `/pc/maintenanceUser/detail/${staff.id}`, tokens.admin),
        send: () =>
          t.api('POST', '/pc/maintenanceUser/update', { token: tokens.wb_admin1, body: { id: staff.id } }),
      },
      {
        name: '/pc/buildingCompanyUser/update',
        read: () => get('GET', `/pc/buildingCompanyUser/detail/${director.id}`, tokens.admin),
        send: () =>
          t.api('POST', '/pc/buildingCompanyUser/update', {
            token: tokens.sy_admin1,
            body: { id: director.id, version: director.version },
          }),
      },
      {
        name: '/pc/maintenanceContract/update',
        read: () => get('GET', `/pc/maintenanceContract/detail/${contract.id}`, tokens.admin),
        send: () =>
          t.api('POST', '/pc/maintenanceContract/update', { token: tokens.admin, body: { id: contract.id } }),
      },
      {
        name: '/pc/community/save',
        read: () => get('GET', `/pc/community/detail/${community.id}`, tokens.admin),
        send: () =>
          t.api('POST', '/pc/community/save', {
            token: tokens.admin,
            body: { id: community.id, version: community.version },
          }),
      },
      ...(['/pc/elevator/update', '/pc/elevator/saveedit'] as const).map((path) => ({
        name: path,
        read: () =>
          get<Record<string, unknown>>('POST', '/pc/elevator/queryDetail/info', tokens.admin, {
            elevatorId: lift.id,
          }),
        send: async () => {
          const { version } = await get<ElevatorDetail>(
            'POST',
            '/pc/elevator/queryDetail/info',
            tokens.admin,
            {
              elevatorId: lift.id,
            },
          );
          return t.api(path === '/pc/elevator/update' ? 'PUT' : 'POST', path, {
            token: tokens.admin,
            body: { id: lift.id, version },
          });
        },
      })),
      {
        name: '/pc/sysUser/save',
        read: () => get('GET', `/pc/sysUser/detail/${user.id}`, tokens.admin),
        send: () => t.api('POST', '/pc/sysUser/save', { token: tokens.admin, body: { id: user.id } }),
      },
      {
        name: '/pc/sysRole/save',
        read: () => get('GET', `/pc/sysRole/detail/${role.id}`, tokens.admin),
        send: () => t.api('POST', '/pc/sysRole/save', { token: tokens.admin, body: { id: role.id } }),
      },
      {
        name: '/pc/sysMenu/save',
        read: async () => ({ ...menuById(await get('GET', '/pc/sysMenu/tree', tokens.admin), menu.id) }),
        send: () => t.api('POST', '/pc/sysMenu/save', { token: tokens.admin, body: { id: menu.id } }),
      },
      {
        name: '/pc/sysOffice/save',
        read: () => get('GET', `/pc/sysOffice/detail/${office.id}`, tokens.admin),
        send: () => t.api('POST', '/pc/sysOffice/save', { token: tokens.admin, body: { id: office.id } }),
      },
      {
        name: '/pc/sysDict/typeSave',
        read: () => get('GET', '/pc/sysDict/typeQuery', tokens.admin, { limit: 1 }),
        send: () => t.api('POST', '/pc/sysDict/typeSave', { token: tokens.admin, body: { id: dictType.id } }),
      },
      {
        name: '/pc/sysDict/dataSave',
        read: () => get('GET', '/pc/sysDict/dataQuery', tokens.admin, { limit: 1 }),
        send: () => t.api('POST', '/pc/sysDict/dataSave', { token: tokens.admin, body: { id: dictData.id } }),
      },
    ];
    for (const c of cases) {
      const before = still(await c.read());
      const res = await c.send();
      expect([200, 400], `${c.name}: ${res.status} ${res.body.resultMsg}`).toContain(res.status);
      expect(still(await c.read()), c.name).toEqual(before);
    }
  });

  it('keeps every field an update leaves out, for the calls whose fields had defaults', async () => {
    // A role that is disabled and grants menus and permissions.
    const tree = await get<MenuTreeNode[]>('GET', '/pc/sysMenu/tree', tokens.admin);
    const someMenu = tree[0].children[0] ?? tree[0];
    const role = await get<{ id: number }>('POST', '/pc/sysRole/save', tokens.admin, {
      roleKey: `partial_${kind}`,
      name: '部分更新角色',
      dataScope: 'self',
      status: 0,
      menuIds: [someMenu.id],
      permissions: ['system:user:list'],
    });
    const roleBefore = await get<Record<string, unknown>>(
      'GET',
      `/pc/sysRole/detail/${role.id}`,
      tokens.admin,
    );
    await get('POST', '/pc/sysRole/save', tokens.admin, {
      id: role.id,
      roleKey: `partial_${kind}`,
      name: '部分更新角色（改名）',
      dataScope: 'self',
    });
    expect(still(await get('GET', `/pc/sysRole/detail/${role.id}`, tokens.admin))).toEqual(
      still({ ...roleBefore, name: '部分更新角色（改名）' }),
    );

    // A hidden menu entry, placed under a parent, with a sort and an icon.
    const parent = tree.find((m) => m.type === 'M')!;
    const entry = await get<MenuTreeNode>('POST', '/pc/sysMenu/save', tokens.admin, {
      parentId: parent.id,
      name: '部分更新菜单',
      type: 'C',
      url: 'partialUpdate',
      icon: 'setting',
      sort: 77,
      hidden: true,
    });
    await get('POST', '/pc/sysMenu/save', tokens.admin, {
      id: entry.id,
      name: '部分更新菜单（改名）',
      type: 'C',
    });
    const menuAfter = menuById(await get('GET', '/pc/sysMenu/tree', tokens.admin), entry.id)!;
    expect(menuAfter).toMatchObject({
      parentId: parent.id,
      name: '部分更新菜单（改名）',
      url: 'partialUpdate',
      icon: 'setting',
      sort: 77,
      hidden: true,
    });

    // A disabled office under a parent.
    const rootOffice = await get<{ id: number }>('POST', '/pc/sysOffice/save', tokens.admin, {
      name: '部分更新上级机构',
    });
    const office = await get<{ id: number }>('POST', '/pc/sysOffice/save', tokens.admin, {
      parentId: rootOffice.id,
      name: '部分更新机构',
      leader: '负责人',
      sort: 9,
      status: 0,
    });
    await get('POST', '/pc/sysOffice/save', tokens.admin, { id: office.id, name: '部分更新机构（改名）' });
    expect(await get('GET', `/pc/sysOffice/detail/${office.id}`, tokens.admin)).toMatchObject({
      parentId: rootOffice.id,
      name: '部分更新机构（改名）',
      leader: '负责人',
      sort: 9,
      status: 0,
    });

    // A disabled dictionary type with a remark, and a disabled value sorted last.
    const type = await get<{ id: number }>('POST', '/pc/sysDict/typeSave', tokens.admin, {
      code: `partial_${kind}`,
      name: '部分更新字典',
      remark: '备注',
      status: 0,
    });
    await get('POST', '/pc/sysDict/typeSave', tokens.admin, {
      id: type.id,
      code: `partial_${kind}`,
      name: '改名',
    });
    expect(
      (
        await get<Page<Record<string, unknown>>>('GET', '/pc/sysDict/typeQuery', tokens.admin, {
          code: `partial_${kind}`,
        })
      ).records[0],
    ).toMatchObject({ name: '改名', remark: '备注', status: 0 });
    const value = await get<{ id: number }>('POST', '/pc/sysDict/dataSave', tokens.admin, {
      typeId: type.id,
      key: 'k',
      value: '值',
      sort: 5,
      status: 0,
    });
    await get('POST', '/pc/sysDict/dataSave', tokens.admin, {
      id: value.id,
      typeId: type.id,
      key: 'k',
      value: '新值',
    });
    expect(
      (
        await get<Page<Record<string, unknown>>>('GET', '/pc/sysDict/dataQuery', tokens.admin, {
          typeId: type.id,
        })
      ).records[0],
    ).toMatchObject({ value: '新值', sort: 5, status: 0 });

    // A regulator account with its areas, e-mail and office.
    const created = await get<{ user: { id: number } }>('POST', '/pc/sysUser/save', tokens.admin, {
      username: `partial_${kind}`,
      realName: '部分更新用户',
      email: 'partial@example.com',
      userType: 'regulator',
      officeId: office.id,
      areaCodes: ['450103'],
      roleIds: [role.id],
    });
    const userBefore = await get<Record<string, unknown>>(
      'GET',
      `/pc/sysUser/detail/${created.user.id}`,
      tokens.admin,
    );
    await get('POST', '/pc/sysUser/save', tokens.admin, {
      id: created.user.id,
      username: `partial_${kind}`,
      realName: '部分更新用户（改名）',
      userType: 'regulator',
      roleIds: [role.id],
    });
    expect(still(await get('GET', `/pc/sysUser/detail/${created.user.id}`, tokens.admin))).toEqual(
      still({ ...userBefore, realName: '部分更新用户（改名）' }),
    );

    // An elevator out of use (使用状态 3) with a name: an edit of its address keeps both.
    const lift = (
      await get<Page<{ id: number }>>('POST', '/pc/elevator/queryList', tokens.admin, { page: 1, limit: 1 })
    ).records[0];
    const d = await get<ElevatorDetail>('POST', '/pc/elevator/queryDetail/info', tokens.admin, {
      elevatorId: lift.id,
    });
    const base = { id: lift.id, registerCode: d.registerCode, type: d.type, areaCode: d.areaCode };
    const stopped = await get<ElevatorDetail>('PUT', '/pc/elevator/update', tokens.admin, {
      ...base,
      version: d.version,
      address: d.address,
      name: '部分更新电梯',
      useStatus: 3,
    });
    const moved = await get<ElevatorDetail>('PUT', '/pc/elevator/update', tokens.admin, {
      ...base,
      version: stopped.version,
      address: `${d.address}（东侧）`,
    });
    expect(moved).toMatchObject({ name: '部分更新电梯', useStatus: 3, address: `${d.address}（东侧）` });
  });

  it('/pc/maintenance/update without the business licence keeps it', async () => {
    const info = async () =>
      (
        await get<{ info: MaintenanceUnitDetail }>('GET', '/pc/maintenance/queryDetail/info', tokens.admin, {
          id: 1,
        })
      ).info;
    const d = await info();
    const body = {
      id: 1,
      name: d.name,
      creditCode: d.creditCode,
      areaCode: d.areaCode,
      address: d.address,
      legalPerson: d.legalPerson,
      contactName: d.contactName,
      contactPhone: '0771-5100000',
      licenceType: d.licenceType,
      licenceGrade: d.licenceGrade,
      licenceNo: d.licenceNo,
      licenceExpiry: d.licenceExpiry,
      licenceFileId: d.licenceFile?.id ?? (await uploadPng(t, tokens.admin, '许可证.png')),
    };
    const licence = await uploadPng(t, tokens.admin, '营业执照.png');
    await get('POST', '/pc/maintenance/update', tokens.admin, { ...body, businessLicenceFileId: licence });
    expect((await info()).businessLicenceFile?.id).toBe(licence);
    await get('POST', '/pc/maintenance/update', tokens.admin, { ...body, contactName: '新联系人' });
    expect(await info()).toMatchObject({ contactName: '新联系人', businessLicenceFile: { id: licence } });
    // Sent empty, it is cleared.
    await get('POST', '/pc/maintenance/update', tokens.admin, { ...body, businessLicenceFileId: null });
    expect((await info()).businessLicenceFile).toBeNull();
  });

  it('contract and community updates keep the optional fields they do not send', async () => {
    const contract = (
      await get<Page<{ id: number }>>('GET', '/pc/maintenanceContract/queryList', tokens.admin, {
        status: 'valid',
        limit: 1,
      })
    ).records[0];
    const c = await get<ContractDetail>('GET', `/pc/maintenanceContract/detail/${contract.id}`, tokens.admin);
    const required = {
      id: c.id,
      contractNo: c.contractNo,
      maintenanceCompanyId: c.maintenanceCompanyId,
      useCompanyId: c.useCompanyId,
      startDate: c.startDate,
      endDate: c.endDate,
      planType: c.planType,
      elevatorIds: c.elevators.map((e) => e.id),
    };
    await get('POST', '/pc/maintenanceContract/update', tokens.admin, {
      ...required,
      amount: 8800,
      signDate: '2026-01-05',
      remark: '含年检配合',
    });
    await get('POST', '/pc/maintenanceContract/update', tokens.admin, { ...required, planType: 'MONTH' });
    expect(await get('GET', `/pc/maintenanceContract/detail/${contract.id}`, tokens.admin)).toMatchObject({
      planType: 'MONTH',
      amount: 8800,
      signDate: '2026-01-05',
      remark: '含年检配合',
    });

    const community = await get<CommunityRow>('POST', '/pc/community/save', tokens.admin, {
      name: `部分更新小区${kind}`,
      areaCode: '450103',
      address: '青秀区民族大道 100 号',
      useCompanyId: 3,
      buildingCount: 12,
      longitude: 108.38,
      latitude: 22.81,
      remark: '物业自管',
    });
    const renamed = await get<CommunityRow>('POST', '/pc/community/save', tokens.admin, {
      id: community.id,
      name: `部分更新小区${kind}（改名）`,
      areaCode: '450103',
      address: '青秀区民族大道 100 号',
    });
    expect(renamed).toMatchObject({
      name: `部分更新小区${kind}（改名）`,
      useCompanyId: 3,
      buildingCount: 12,
      longitude: 108.38,
      latitude: 22.81,
      remark: '物业自管',
    });
  });

  it('a filed worker whose certificate the employer changes goes back to the regulator', async () => {
    const list = await get<Page<PersonRow>>('GET', '/pc/maintenanceUser/queryList', tokens.wb_admin1, {
      filingState: 3,
      limit: 50,
    });
    const [first, second] = list.records.filter((r) => r.employed && r.certNo && r.certExpiry);
    const photoFileId = await uploadPng(t, tokens.wb_admin1, '照片.png');
    const detail = (id: number) => get<PersonDetail>('GET', `/pc/maintenanceUser/detail/${id}`, tokens.admin);

    // Another position: still filed.
    const a = await detail(first.id);
    const kept = await get<{ person: PersonDetail }>('POST', '/pc/maintenanceUser/update', tokens.wb_admin1, {
      id: a.id,
      version: a.version,
      realName: a.realName,
      certType: a.certType,
      certNo: a.certNo,
      certExpiry: a.certExpiry,
      photoFileId,
      position: '维保组长',
    });
    expect(kept.person).toMatchObject({ position: '维保组长', filingState: 3 });

    // A renewed certificate (new validity, new number): awaiting the regulator's review again.
    for (const [who, change] of [
      [first, { certExpiry: '2031-06-30' }],
      [second, { certNo: 'TSX4501000001', certType: 'A' }],
    ] as const) {
      const p = await detail(who.id);
      const renewed = await get<{ person: PersonDetail }>(
        'POST',
        '/pc/maintenanceUser/update',
        tokens.wb_admin1,
        {
          id: p.id,
          version: p.version,
          realName: p.realName,
          photoFileId,
          ...{ certType: p.certType, certNo: p.certNo, certExpiry: p.certExpiry },
          ...change,
        },
      );
      expect(renewed.person).toMatchObject({ ...change, filingState: 2 });
      const cases = await get<Page<{ userId: number; state: number }>>(
        'GET',
        '/pc/maintenanceUser/queryAuditList',
        tokens.admin,
        { state: 2, limit: 500 },
      );
      expect(cases.records.find((c) => c.userId === p.id)?.state).toBe(2);
    }
    // The regulator itself changes a certificate without reopening the filing.
    const filed = (
      await get<Page<PersonRow>>('GET', '/pc/maintenanceUser/queryList', tokens.admin, {
        companyId: 1,
        filingState: 3,
        limit: 50,
      })
    ).records.find((r) => r.employed && r.certNo)!;
    const f = await detail(filed.id);
    const byRegulator = await get<{ person: PersonDetail }>(
      'POST',
      '/pc/maintenanceUser/update',
      tokens.admin,
      {
        id: f.id,
        version: f.version,
        realName: f.realName,
        certType: f.certType,
        certNo: f.certNo,
        photoFileId,
        certExpiry: '2032-01-31',
      },
    );
    expect(byRegulator.person).toMatchObject({ certExpiry: '2032-01-31', filingState: 3 });
  });
});

import {
  buildingCompanyCalls,
  buildingUserCalls,
  FILING_STATE,
  filingCalls,
  inspectionOrgCalls,
  type MyFiling,
  maintenanceUnitCalls,
  maintenanceUserCalls,
} from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Form,
  Input,
  Result,
  Segmented,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FilingTag } from '../../../components/FilingTag.tsx';
import { validated } from '../../../components/form.ts';
import { call } from '../../../lib/api.ts';
import { loadSession, signOut } from '../../../lib/session-load.ts';
import { AuditHistory } from '../AuditHistory.tsx';
import {
  CompanyForm,
  type CompanyFormValues,
  type CompanyKind,
  companyInput,
  companyValues,
} from '../CompanyForm.tsx';
import { CompanyDescriptions, PersonDescriptions } from '../Descriptions.tsx';
import { creditCodeRules, idNumberRules, req } from '../fields.tsx';
import { PersonForm, type PersonFormValues, personInput, personValues } from '../PersonForm.tsx';
import { partyKeys, useInvalidateParties } from '../queries.ts';

const TITLE: Record<string, string> = {
  'maintenance-unit': '维保单位初始备案',
  'building-company': '使用单位初始备案',
  'inspection-org': '检验机构备案',
  'maintenance-user': '维保人员初始备案',
  'building-company-user': '人员备案',
  'inspection-org-user': '检验机构绑定',
};

/** What the account does next, by state. */
function StateBanner({ filing }: { filing: MyFiling }) {
  const navigate = useNavigate();
  const [entering, setEntering] = useState(false);
  if (filing.state === FILING_STATE.pending) {
    return (
      <Alert
        type="info"
        showIcon
        data-testid="filing-banner"
        message="备案已提交，正在等待监管部门审核"
        description="审核通过后即可使用全部功能；审核结果会显示在本页。"
      />
    );
  }
  if (filing.state === FILING_STATE.rejected) {
    return (
      <Alert
        type="error"
        showIcon
        data-testid="filing-banner"
        message="备案被驳回，请按意见修改后重新提交"
        description={filing.auditDescription ? `驳回原因：${filing.auditDescription}` : undefined}
      />
    );
  }
  if (filing.state === FILING_STATE.passed && !filing.needIntercept) {
    return (
      <Alert
        type="success"
        showIcon
        data-testid="filing-banner"
        message="备案已通过"
        action={
          <Button
            type="primary"
            loading={entering}
            onClick={async () => {
              setEntering(true);
              try {
                await loadSession();
                navigate('/dashboard', { replace: true });
              } finally {
                setEntering(false);
              }
            }}
          >
            进入系统
          </Button>
        }
      />
    );
  }
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="filing-banner"
      message="您的账号尚未完成备案"
      description="请如实填写以下信息并上传证照，提交后由监管部门审核。"
    />
  );
}

/** After a submission the session is reloaded, so the guard sees the new filing state. */
function useAfterSubmit() {
  const invalidate = useInvalidateParties();
  const { message } = App.useApp();
  return async (text = '已提交，请等待审核') => {
    message.success(text);
    await invalidate();
    await loadSession().catch(() => undefined);
  };
}

/** A company's own filing: a new one, or the correction of a rejected one. */
function CompanyFiling({ kind, filing }: { kind: CompanyKind; filing: MyFiling }) {
  const [form] = Form.useForm<CompanyFormValues>();
  const [saving, setSaving] = useState(false);
  const after = useAfterSubmit();
  const detail = filing.maintenanceUnit ?? filing.buildingCompany ?? filing.inspectionOrg;
  const editable = filing.state === FILING_STATE.notFiled || filing.state === FILING_STATE.rejected;
  if (detail && !editable) return <CompanyDescriptions company={detail} />;

  const submit = async () => {
    const values = await validated(form);
    if (!values) return;
    const input = companyInput(kind, values);
    setSaving(true);
    try {
      if (detail) {
        const update = { ...input, id: detail.id, version: detail.version };
        if (kind === 'maintenance') await call(maintenanceUnitCalls.update, update as never);
        else if (kind === 'use') await call(buildingCompanyCalls.update, update as never);
        else await call(inspectionOrgCalls.updateAudit, update as never);
      } else if (kind === 'maintenance') await call(maintenanceUnitCalls.save, input as never);
      else if (kind === 'use') await call(buildingCompanyCalls.save, input as never);
      else await call(inspectionOrgCalls.submitAudit, input as never);
      await after();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <CompanyForm form={form} kind={kind} initialValues={detail ? companyValues(detail) : undefined} />
      <Space>
        <Button type="primary" loading={saving} onClick={submit} data-testid="filing-submit">
          {detail ? '修改后重新提交' : '提交备案'}
        </Button>
      </Space>
    </>
  );
}

interface BindValues {
  creditCode: string;
  name: string;
  idNumber: string;
  position?: string;
}

/** 企业绑定: join a company already on the platform (found by credit code; its name must match). */
function BindCompany() {
  const [form] = Form.useForm<BindValues>();
  const [saving, setSaving] = useState(false);
  const [found, setFound] = useState<string | null>(null);
  const after = useAfterSubmit();
  const lookup = async () => {
    const valid = await validated(form, ['creditCode']);
    if (!valid) return;
    const { creditCode } = valid;
    const rows = await call(maintenanceUnitCalls.creditCodeAndName, {
      creditCode: creditCode.trim().toUpperCase(),
    });
    if (rows[0]) {
      form.setFieldValue('name', rows[0].name);
      setFound(`已找到：${rows[0].name}`);
    } else setFound('平台上没有该信用代码的单位，请选择“新单位备案”');
  };
  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    setSaving(true);
    try {
      await call(filingCalls.bindCompany, {
        creditCode: v.creditCode.trim().toUpperCase(),
        name: v.name.trim(),
        idNumber: v.idNumber.trim().toUpperCase(),
        position: v.position?.trim() || undefined,
      });
      await after('绑定申请已提交，请等待审核');
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 520 }} data-testid="bind-form">
      <Form.Item label="统一社会信用代码" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="creditCode" noStyle rules={creditCodeRules}>
            <Input maxLength={18} placeholder="18 位，末位为校验码" />
          </Form.Item>
          <Button onClick={lookup}>查询</Button>
        </Space.Compact>
      </Form.Item>
      {found && <Typography.Paragraph type="secondary">{found}</Typography.Paragraph>}
      <Form.Item name="name" label="单位名称" rules={req('单位名称不能为空')}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="idNumber" label="本人身份证号" rules={idNumberRules()}>
        <Input maxLength={18} />
      </Form.Item>
      <Form.Item name="position" label="职务">
        <Input maxLength={32} />
      </Form.Item>
      <Button type="primary" loading={saving} onClick={submit}>
        申请绑定
      </Button>
    </Form>
  );
}

/** Company accounts: file a new company, or bind to one already on the platform. */
function CompanyOrBind({ kind, filing }: { kind: CompanyKind; filing: MyFiling }) {
  const [mode, setMode] = useState<'new' | 'bind'>('new');
  if (filing.company) return <CompanyFiling kind={kind} filing={filing} />;
  return (
    <>
      <Segmented
        value={mode}
        onChange={(v) => setMode(v as 'new' | 'bind')}
        options={[
          { value: 'new', label: '新单位备案' },
          { value: 'bind', label: '绑定已登记的单位' },
        ]}
        style={{ marginBottom: 16 }}
      />
      {mode === 'new' ? <CompanyFiling kind={kind} filing={filing} /> : <BindCompany />}
    </>
  );
}

/**
 * A request to join an inspection organisation already on the platform: shown while it waits, asked
 * again after a refusal (an organisation's account may also file a new organisation instead).
 */
function InspectionJoin({ filing }: { filing: MyFiling }) {
  const person = filing.person;
  if (person && filing.state !== FILING_STATE.rejected) return <PersonDescriptions person={person} />;
  return person?.role === 'admin' ? <CompanyOrBind kind="inspection" filing={filing} /> : <BindCompany />;
}

/** A person's own filing (workers file themselves; officers correct what their company filed). */
function PersonFiling({ filing }: { filing: MyFiling }) {
  const staff = filing.kind === 'maintenance-user';
  const person = filing.person;
  const [form] = Form.useForm<PersonFormValues>();
  const [saving, setSaving] = useState(false);
  const after = useAfterSubmit();
  const companies = useQuery({
    queryKey: partyKeys.of(maintenanceUnitCalls.selectAllSimpleMaintenanceList.path, {}),
    queryFn: () => call(maintenanceUnitCalls.selectAllSimpleMaintenanceList),
    enabled: staff,
  });
  if (person?.role === 'admin') {
    // A refused request to join a company: bind again, or file a new company instead.
    return filing.state === FILING_STATE.rejected ? (
      <CompanyOrBind kind={staff ? 'maintenance' : 'use'} filing={filing} />
    ) : (
      <PersonDescriptions person={person} />
    );
  }
  if (person && filing.state !== FILING_STATE.notFiled && filing.state !== FILING_STATE.rejected)
    return <PersonDescriptions person={person} />;
  if (!person && !staff) {
    return <Empty description="您的账号由所在单位开通，请联系单位管理员提交人员备案" />;
  }
  const submit = async () => {
    const values = await validated(form);
    if (!values) return;
    const input = personInput(staff ? 'staff' : 'officer', values);
    setSaving(true);
    try {
      if (person) {
        const update = { ...input, id: person.id, version: person.version };
        await call(staff ? maintenanceUserCalls.update : buildingUserCalls.update, update as never);
      } else {
        await call(maintenanceUserCalls.save, input as never);
      }
      await after();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <PersonForm
        form={form}
        kind={staff ? 'staff' : 'officer'}
        initialValues={person ? personValues(person) : undefined}
        companies={staff ? (companies.data ?? []).map((c) => ({ value: c.id, label: c.name })) : undefined}
      />
      <Button type="primary" loading={saving} onClick={submit} data-testid="filing-submit">
        {person ? '修改后重新提交' : '提交备案'}
      </Button>
    </>
  );
}

/**
 * The four initial filing pages (doc 000 §2): the guard sends accounts that still need filing here.
 * Each shows the account's own filing, whichever of the four routes it is opened on.
 */
export default function InitialFilingPage() {
  const filing = useQuery({
    queryKey: partyKeys.of(filingCalls.current.path, {}),
    queryFn: () => call(filingCalls.current),
  });
  const data = filing.data;
  return (
    <Card
      data-testid="initial-filing"
      title={
        <Space>
          {data?.kind ? TITLE[data.kind] : '初始备案'}
          {data?.kind && <FilingTag state={data.state} label={data.stateLabel} />}
        </Space>
      }
      extra={
        <Button
          onClick={async () => {
            await signOut();
            window.location.hash = '#/login';
          }}
        >
          退出登录
        </Button>
      }
    >
      {!data ? (
        <Skeleton active />
      ) : data.kind === null ? (
        <Result
          status="success"
          title="您的账号无需备案"
          extra={<Button href="#/dashboard">返回首页</Button>}
        />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <StateBanner filing={data} />
          {data.kind === 'maintenance-unit' && <CompanyOrBind kind="maintenance" filing={data} />}
          {data.kind === 'building-company' && <CompanyOrBind kind="use" filing={data} />}
          {data.kind === 'inspection-org' && <CompanyOrBind kind="inspection" filing={data} />}
          {(data.kind === 'maintenance-user' || data.kind === 'building-company-user') && (
            <PersonFiling filing={data} />
          )}
          {data.kind === 'inspection-org-user' && <InspectionJoin filing={data} />}
          {data.history.length > 0 && (
            <Card size="small" title="审核记录">
              <AuditHistory history={data.history} />
            </Card>
          )}
        </Space>
      )}
    </Card>
  );
}

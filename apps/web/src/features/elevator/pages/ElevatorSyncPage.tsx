import { CloudUploadOutlined, DownloadOutlined, SyncOutlined, UploadOutlined } from '@ant-design/icons';
import { ProForm, ProFormDatePicker, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import {
  type ElevatorDetail,
  type ElevatorFields,
  elevatorCalls,
  fileExtension,
  USE_STATUS,
} from '@ec/contract';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Input,
  Row,
  Space,
  Statistic,
  Table,
  Tabs,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { useDownload } from '../../../components/ImportReport.tsx';
import { checkImport } from '../../../components/index.ts';
import { call, download, upload } from '../../../lib/api.ts';
import { Permission } from '../../../lib/permission.tsx';
import { textOrDash } from '../columns.tsx';
import { parseSyncJson, type SyncProblem } from '../model.ts';
import { useInvalidateElevators } from '../queries.ts';

const USE_STATUS_OPTIONS = Object.entries(USE_STATUS).map(([value, label]) => ({
  value: Number(value),
  label,
}));
const useStatusLabel = (v: number) => USE_STATUS[v as keyof typeof USE_STATUS] ?? String(v);

/** The registration fields syncModify corrects. */
interface CorrectionValues {
  useCertNo?: string;
  registerDate?: string;
  lastInspectDate?: string;
  nextInspectDate?: string;
  useStatus?: number;
}

/** Only what differs from the current data goes to the server; an emptied field is left alone. */
function changedFields(current: ElevatorDetail, values: CorrectionValues): CorrectionValues {
  const out: CorrectionValues = {};
  const useCertNo = values.useCertNo?.trim();
  if (useCertNo && useCertNo !== current.useCertNo) out.useCertNo = useCertNo;
  for (const k of ['registerDate', 'lastInspectDate', 'nextInspectDate'] as const) {
    const v = values[k]?.slice(0, 10);
    if (v && v !== current[k]) out[k] = v;
  }
  if (values.useStatus && values.useStatus !== current.useStatus) out.useStatus = values.useStatus;
  return out;
}

function CurrentData({ elevator: e }: { elevator: ElevatorDetail }) {
  const d = textOrDash;
  return (
    <Descriptions
      data-testid="sync-current"
      title="当前登记信息"
      bordered
      size="small"
      column={1}
      labelStyle={{ width: 130 }}
    >
      <Descriptions.Item label="注册代码">{e.registerCode}</Descriptions.Item>
      <Descriptions.Item label="电梯名称">{d(e.name)}</Descriptions.Item>
      <Descriptions.Item label="所在区域">{e.areaName ?? e.areaCode}</Descriptions.Item>
      <Descriptions.Item label="详细地址">{e.address}</Descriptions.Item>
      <Descriptions.Item label="使用单位">{d(e.useCompanyName)}</Descriptions.Item>
      <Descriptions.Item label="使用登记证编号">{d(e.useCertNo)}</Descriptions.Item>
      <Descriptions.Item label="使用登记日期">{d(e.registerDate)}</Descriptions.Item>
      <Descriptions.Item label="上次检验日期">{d(e.lastInspectDate)}</Descriptions.Item>
      <Descriptions.Item label="下次检验日期">{d(e.nextInspectDate)}</Descriptions.Item>
      <Descriptions.Item label="使用状态">{useStatusLabel(e.useStatus)}</Descriptions.Item>
      <Descriptions.Item label="最后更新">{e.updateTime}</Descriptions.Item>
    </Descriptions>
  );
}

/** 修正登记信息: find one elevator, see its registration data, correct it through syncModify. */
function CorrectionSection() {
  const { message } = App.useApp();
  const invalidate = useInvalidateElevators();
  const [current, setCurrent] = useState<ElevatorDetail | null>(null);
  const [searching, setSearching] = useState(false);
  const [notFound, setNotFound] = useState<string | null>(null);

  const find = async (code: string) => {
    const c = code.trim();
    if (!c) {
      message.warning('请输入注册代码、设备代码或应急救援识别码');
      return;
    }
    setSearching(true);
    setNotFound(null);
    try {
      setCurrent(await call(elevatorCalls.queryElevator, { code: c }, { silent: true }));
    } catch (e) {
      setCurrent(null);
      setNotFound(e instanceof Error && e.message ? e.message : '没有找到该编号的电梯');
    } finally {
      setSearching(false);
    }
  };

  return (
    <Card title="修正登记信息" style={{ marginBottom: 16 }} data-testid="sync-correction">
      <Input.Search
        placeholder="输入注册代码、设备代码或应急救援识别码"
        enterButton="查找电梯"
        allowClear
        loading={searching}
        maxLength={32}
        style={{ maxWidth: 520, marginBottom: 16 }}
        onSearch={find}
      />
      {notFound && <Alert type="warning" showIcon message={notFound} style={{ marginBottom: 16 }} />}
      {current ? (
        <Row gutter={24}>
          <Col xs={24} lg={12}>
            <CurrentData elevator={current} />
          </Col>
          <Col xs={24} lg={12}>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              修正为
            </Typography.Title>
            <ProForm<CorrectionValues>
              key={`${current.id}-${current.version}`}
              data-testid="sync-form"
              dateFormatter="string"
              initialValues={{
                useCertNo: current.useCertNo ?? undefined,
                registerDate: current.registerDate ?? undefined,
                lastInspectDate: current.lastInspectDate ?? undefined,
                nextInspectDate: current.nextInspectDate ?? undefined,
                useStatus: current.useStatus,
              }}
              submitter={{
                searchConfig: { submitText: '提交修正', resetText: '还原' },
              }}
              onFinish={async (values) => {
                const changes = changedFields(current, values);
                if (Object.keys(changes).length === 0) {
                  message.warning('没有需要修正的内容');
                  return false;
                }
                try {
                  const next = await call(elevatorCalls.syncModify, { id: current.id, ...changes });
                  setCurrent(next);
                  message.success(`电梯 ${next.registerCode} 的登记信息已修正`);
                  await invalidate();
                  return true;
                } catch {
                  return false;
                }
              }}
            >
              <ProFormText
                name="useCertNo"
                label="使用登记证编号"
                fieldProps={{ maxLength: 40 }}
                rules={[{ max: 40, message: '使用登记证编号不能超过40个字符' }]}
              />
              <ProFormDatePicker name="registerDate" label="使用登记日期" width="md" />
              <ProFormDatePicker
                name="lastInspectDate"
                label="上次检验日期"
                width="md"
                extra="只改上次检验日期时，下次检验日期按一年后自动推算。"
              />
              <ProFormDatePicker name="nextInspectDate" label="下次检验日期" width="md" />
              <ProFormSelect name="useStatus" label="使用状态" options={USE_STATUS_OPTIONS} width="md" />
            </ProForm>
          </Col>
        </Row>
      ) : (
        !notFound && <Empty description="查找一台电梯后，在此对照当前登记信息进行修正" />
      )}
    </Card>
  );
}

interface Batch {
  source: string;
  total: number;
  records: ElevatorFields[];
  errors: SyncProblem[];
}

/** 批量同步: a sheet in the import template's format or a JSON batch, checked, then pushed to syncData. */
function BatchSection() {
  const { message } = App.useApp();
  const invalidate = useInvalidateElevators();
  const template = useDownload();
  const [batch, setBatch] = useState<Batch | null>(null);
  const [reading, setReading] = useState(false);
  const [pushing, setPushing] = useState(false);
  const [json, setJson] = useState('');
  const [result, setResult] = useState<{ created: number; updated: number } | null>(null);

  const readFile = async (file: File) => {
    setResult(null);
    const ext = fileExtension(file.name);
    if (ext === 'json') {
      const text = await file.text();
      setBatch({ source: file.name, ...parseSyncJson(text) });
      return;
    }
    const problem = checkImport(file);
    if (problem) {
      message.error(problem);
      return;
    }
    setReading(true);
    try {
      const read = await upload(elevatorCalls.syncSheet, file);
      setBatch({ source: file.name, ...read });
    } catch {
      // shown by the request layer
    } finally {
      setReading(false);
    }
  };

  const push = async () => {
    if (!batch || batch.records.length === 0) return;
    setPushing(true);
    try {
      const r = await call(elevatorCalls.syncData, { records: batch.records });
      setResult(r);
      setBatch(null);
      message.success(`同步完成：新增 ${r.created} 台，更新 ${r.updated} 台`);
      await invalidate();
    } catch {
      // shown by the request layer; nothing was stored
    } finally {
      setPushing(false);
    }
  };

  const ready = batch !== null && batch.errors.length === 0 && batch.records.length > 0;

  return (
    <Card title="批量同步" data-testid="sync-batch">
      <Tabs
        items={[
          {
            key: 'file',
            label: '上传文件',
            children: (
              <Space wrap>
                <Upload
                  accept=".xlsx,.xls,.json"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    void readFile(file);
                    return Upload.LIST_IGNORE;
                  }}
                >
                  <Button icon={<UploadOutlined />} loading={reading}>
                    选择文件（XLSX / XLS / JSON）
                  </Button>
                </Upload>
                <Permission value="elevator:import">
                  <Button
                    icon={<DownloadOutlined />}
                    loading={template.busy}
                    onClick={() => template.run(() => download(elevatorCalls.importTemplate))}
                  >
                    下载表格模板
                  </Button>
                </Permission>
                <Typography.Text type="secondary">
                  表格使用电梯导入模板的列；按注册代码新增或更新，一次最多 1000 条。
                </Typography.Text>
              </Space>
            ),
          },
          {
            key: 'json',
            label: '粘贴 JSON',
            children: (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Input.TextArea
                  data-testid="sync-json"
                  rows={6}
                  value={json}
                  onChange={(e) => setJson(e.target.value)}
                  placeholder='[{"registerCode":"31104501032018060001","type":1,"areaCode":"450103","address":"南宁市青秀区……"}]'
                />
                <Button
                  disabled={!json.trim()}
                  onClick={() => {
                    setResult(null);
                    setBatch({ source: '粘贴的 JSON', ...parseSyncJson(json) });
                  }}
                >
                  校验数据
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {batch && (
        <div data-testid="sync-preview" style={{ marginTop: 16 }}>
          <Alert
            type={batch.errors.length > 0 ? 'error' : 'info'}
            showIcon
            style={{ marginBottom: 12 }}
            message={
              batch.errors.length > 0
                ? `${batch.source}：共 ${batch.total} 条，${new Set(batch.errors.map((e) => e.row)).size} 条有误，请修改后重新选择`
                : `${batch.source}：共 ${batch.total} 条，校验通过，可以同步`
            }
            action={
              <Button
                type="primary"
                icon={<CloudUploadOutlined />}
                disabled={!ready}
                loading={pushing}
                onClick={push}
              >
                开始同步（{batch.records.length} 条）
              </Button>
            }
          />
          {batch.errors.length > 0 ? (
            <Table<SyncProblem>
              rowKey={(r) => `${r.row}-${r.column}-${r.message}`}
              size="small"
              dataSource={batch.errors}
              pagination={batch.errors.length > 10 ? { pageSize: 10 } : false}
              columns={[
                { title: '行号', dataIndex: 'row', width: 80, render: (_, r) => r.row || '—' },
                { title: '列', dataIndex: 'column', width: 160, render: (_, r) => r.column || '—' },
                { title: '问题', dataIndex: 'message' },
              ]}
            />
          ) : (
            <Table<ElevatorFields>
              rowKey="registerCode"
              size="small"
              dataSource={batch.records}
              pagination={batch.records.length > 10 ? { pageSize: 10 } : false}
              scroll={{ x: 'max-content' }}
              columns={[
                { title: '注册代码', dataIndex: 'registerCode' },
                { title: '电梯类型', dataIndex: 'type', render: (_, r) => (r.type === 2 ? '扶梯' : '直梯') },
                { title: '区域代码', dataIndex: 'areaCode' },
                { title: '详细地址', dataIndex: 'address' },
                {
                  title: '使用登记证编号',
                  dataIndex: 'useCertNo',
                  render: (_, r) => textOrDash(r.useCertNo),
                },
                {
                  title: '下次检验日期',
                  dataIndex: 'nextInspectDate',
                  render: (_, r) => textOrDash(r.nextInspectDate),
                },
              ]}
            />
          )}
        </div>
      )}
      {result && (
        <Row gutter={24} data-testid="sync-result" style={{ marginTop: 16 }}>
          <Col>
            <Statistic title="新增" value={result.created} suffix="台" />
          </Col>
          <Col>
            <Statistic title="更新" value={result.updated} suffix="台" />
          </Col>
        </Row>
      )}
    </Card>
  );
}

/** /equ/manage 电梯数据同步: correct one elevator's registration data, or push a batch. */
export default function ElevatorSyncPage() {
  return (
    <div data-testid="elevator-sync">
      <Alert
        type="info"
        showIcon
        icon={<SyncOutlined />}
        style={{ marginBottom: 16 }}
        message="以外部系统同步来的数据修正电梯登记信息，或批量接收电梯数据（按注册代码新增或更新）；每次修正和同步都记入操作记录。"
      />
      <CorrectionSection />
      <BatchSection />
    </div>
  );
}

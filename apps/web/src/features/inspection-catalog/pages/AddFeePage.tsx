import {
  computeQuote,
  costCalls,
  formatDate,
  formatYuan,
  type InspectionCostRow,
  LIFT_VARIETIES,
  type LiftVariety,
  type TariffTerms,
  yuanToFen,
} from '@ec/contract';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { validated } from '../../../components/form.ts';
import { call } from '../../../lib/api.ts';
import { shanghaiDay } from '../../../lib/format.ts';
import { usePageParam } from '../../../lib/page-param.ts';
import { ORG_PATHS } from '../../../lib/routes.ts';
import { useCatalogRights, useCost, useInvalidateCatalog } from '../queries.ts';

/** The form holds yuan; the contract takes 分. */
interface FeeValues {
  variety: string;
  baseFee: number;
  baseStops?: number | null;
  extraStopFee?: number | null;
  loadThresholdKg?: number | null;
  loadPercentPerTonne?: number | null;
  riseThresholdM?: number | null;
  riseStepM?: number | null;
  risePercentPerStep?: number | null;
  lengthThresholdM?: number | null;
  lengthStepM?: number | null;
  lengthPercentPerStep?: number | null;
  supervisionPercent: number;
  governorIncluded: boolean;
  effectiveFrom: Dayjs;
  note?: string;
}

const toValues = (r: InspectionCostRow): FeeValues => ({
  ...r,
  baseFee: r.baseFee / 100,
  extraStopFee: r.extraStopFee == null ? null : r.extraStopFee / 100,
  effectiveFrom: dayjs(r.effectiveFrom),
  note: r.note ?? undefined,
});

const fenOrNull = (v: number | null | undefined) => (v == null ? null : yuanToFen(v));
const orNull = <T,>(v: T | null | undefined) => (v === undefined ? null : v);

function toTerms(v: FeeValues) {
  return {
    variety: v.variety as LiftVariety,
    baseFee: yuanToFen(v.baseFee ?? 0),
    baseStops: orNull(v.baseStops),
    extraStopFee: fenOrNull(v.extraStopFee),
    loadThresholdKg: orNull(v.loadThresholdKg),
    loadPercentPerTonne: orNull(v.loadPercentPerTonne),
    riseThresholdM: orNull(v.riseThresholdM),
    riseStepM: orNull(v.riseStepM),
    risePercentPerStep: orNull(v.risePercentPerStep),
    lengthThresholdM: orNull(v.lengthThresholdM),
    lengthStepM: orNull(v.lengthStepM),
    lengthPercentPerStep: orNull(v.lengthPercentPerStep),
    supervisionPercent: v.supervisionPercent ?? 150,
    governorIncluded: v.governorIncluded ?? true,
    effectiveFrom: v.effectiveFrom ? formatDate(v.effectiveFrom.toDate()) : '',
    note: v.note || null,
  };
}

/** A worked example of the terms being typed, computed by the same function as the server's quote. */
function Example({ values }: { values: Partial<FeeValues> }) {
  if (!values.variety || values.baseFee == null) return null;
  const terms = toTerms(values as FeeValues) as TariffTerms;
  const facts = {
    variety: values.variety,
    stops: (values.baseStops ?? 8) + 4,
    ratedLoad: (values.loadThresholdKg ?? 2000) + 1000,
    riseM: (values.riseThresholdM ?? 6) + (values.riseStepM ?? 2),
    lengthM: (values.lengthThresholdM ?? 30) + 2 * (values.lengthStepM ?? 5),
  };
  const q = computeQuote(terms, facts, 'periodic');
  const s = computeQuote(terms, facts, 'supervision');
  if (!q.ok || !s.ok) return null;
  const used = q.lines.map((l) => `${l.label} ${formatYuan(l.amount)} 元（${l.detail}）`);
  return (
    <Alert
      type="info"
      showIcon
      message="示例"
      data-testid="fee-example"
      description={
        <>
          {used.map((u) => (
            <div key={u}>{u}</div>
          ))}
          <div>
            定期检验合计 <strong>{formatYuan(q.total)}</strong> 元，监督检验合计{' '}
            <strong>{formatYuan(s.total)}</strong> 元。
          </div>
        </>
      }
    />
  );
}

/** 新增收费标准 (and its edit, ?id=): one variety's tariff row with its surcharges explained. */
export default function AddFeePage() {
  const id = usePageParam();
  const cost = useCost(id);
  if (id !== null && !cost.data)
    return (
      <Card loading={cost.isPending} title="编辑收费标准">
        {cost.isError && '该收费标准不存在或无权查看'}
      </Card>
    );
  return (
    <FeeForm key={`${id}-${cost.data?.version ?? 'new'}`} cost={id !== null ? (cost.data ?? null) : null} />
  );
}

function FeeForm({ cost }: { cost: InspectionCostRow | null }) {
  const rights = useCatalogRights();
  const navigate = useNavigate();
  const invalidate = useInvalidateCatalog();
  const { message } = App.useApp();
  const [form] = Form.useForm<FeeValues>();
  const values = Form.useWatch([], form) as Partial<FeeValues> | undefined;
  const [saving, setSaving] = useState(false);
  const initial: Partial<FeeValues> = cost
    ? toValues(cost)
    : { supervisionPercent: 150, governorIncluded: true, effectiveFrom: shanghaiDay(), baseStops: 8 };

  const submit = async () => {
    const v = await validated(form);
    if (!v) return;
    setSaving(true);
    try {
      const terms = toTerms(v);
      if (cost) await call(costCalls.update, { ...terms, id: cost.id, version: cost.version });
      else await call(costCalls.add, terms);
      message.success('收费标准已保存');
      await invalidate();
      navigate(ORG_PATHS.fee);
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  const yuanInput = (
    <InputNumber min={0} max={1_000_000} precision={2} addonAfter="元" style={{ width: '100%' }} />
  );
  return (
    <Card title={cost ? `编辑收费标准：${cost.varietyName}` : '新增收费标准'} data-testid="fee-form">
      {!rights.editCosts && (
        <Alert
          type="warning"
          showIcon
          message="只有检验机构本机构人员可以维护收费标准"
          style={{ marginBottom: 16 }}
        />
      )}
      <Form form={form} layout="vertical" initialValues={initial} style={{ maxWidth: 960 }}>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              name="variety"
              label="设备品种"
              rules={[{ required: true, message: '请选择设备品种' }]}
              extra="每个品种只能有一条收费标准"
            >
              <Select
                options={LIFT_VARIETIES.map((v) => ({ value: v.code, label: `${v.name}（${v.code}）` }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="baseFee"
              label="基本检验费（每台）"
              rules={[{ required: true, message: '请输入基本检验费' }]}
            >
              {yuanInput}
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="effectiveFrom"
              label="执行日期"
              rules={[{ required: true, message: '请选择执行日期' }]}
              extra="执行日期之前不按此标准报价"
            >
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>超层站加收（直梯、杂物电梯）</Typography.Title>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              name="baseStops"
              label="基本费包含层站数"
              extra="如 8：8 层站及以下只收基本费；示例 B“从第 7 层起加收”填 6"
            >
              <InputNumber min={0} max={200} precision={0} addonAfter="层站" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="extraStopFee"
              label="超出部分每层站加收"
              extra="与包含层站数同时填写；不填则不加收"
            >
              {yuanInput}
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>载重加收（载货电梯）</Typography.Title>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="loadThresholdKg" label="额定载重量起算值" extra="如 2000：超过 2 吨的部分加收">
              <InputNumber min={0} max={100000} precision={0} addonAfter="kg" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="loadPercentPerTonne" label="每超 1 吨加收基本费的" extra="不足 1 吨按 1 吨计">
              <InputNumber min={0} max={1000} precision={0} addonAfter="%" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>提升高度加收（自动扶梯）</Typography.Title>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="riseThresholdM" label="提升高度起算值" extra="如 6：超过 6 m 的部分加收">
              <InputNumber min={0} max={10000} precision={2} addonAfter="m" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="riseStepM" label="每档高度" extra="如 2：每超 2 m 为一档，不足一档按一档计">
              <InputNumber min={0.01} max={10000} precision={2} addonAfter="m" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="risePercentPerStep" label="每档加收基本费的">
              <InputNumber min={0} max={1000} precision={0} addonAfter="%" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>长度加收（自动人行道）</Typography.Title>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="lengthThresholdM" label="长度起算值" extra="如 30：超过 30 m 的部分加收">
              <InputNumber min={0} max={10000} precision={2} addonAfter="m" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="lengthStepM" label="每档长度" extra="如 5：每超 5 m 为一档，不足一档按一档计">
              <InputNumber min={0.01} max={10000} precision={2} addonAfter="m" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="lengthPercentPerStep" label="每档加收基本费的">
              <InputNumber min={0} max={1000} precision={0} addonAfter="%" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>监督检验与其他</Typography.Title>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              name="supervisionPercent"
              label="监督检验收费为定期检验的"
              rules={[{ required: true, message: '请输入监督检验比例' }]}
              extra="如 150：监督检验按定期检验费的 150% 收取"
            >
              <InputNumber min={100} max={500} precision={0} addonAfter="%" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="governorIncluded" label="含限速器校验" valuePropName="checked">
              <Switch checkedChildren="已含" unCheckedChildren="另计" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="note" label="备注">
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
        <Typography.Paragraph type="secondary">
          按比例的加收以基本检验费为基数，四舍五入到元；合计为各项之和。
        </Typography.Paragraph>
        {values && <Example values={values} />}
        <Space style={{ marginTop: 16 }}>
          <Button
            type="primary"
            loading={saving}
            onClick={submit}
            disabled={!rights.editCosts}
            data-testid="fee-save"
          >
            保存
          </Button>
          <Button onClick={() => navigate(ORG_PATHS.fee)}>返回</Button>
        </Space>
      </Form>
    </Card>
  );
}

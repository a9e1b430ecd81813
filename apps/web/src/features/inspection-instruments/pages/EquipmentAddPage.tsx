import {
  type CalibrationRecord,
  EQUIPMENT_STATE_LABEL,
  type EquipmentDetail,
  equipmentCalls,
  formatDate,
} from '@ec/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, DatePicker, Form, Input, Row, Select, Space, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { NotFoundCard } from '../../../components/NotFoundCard.tsx';
import { call } from '../../../lib/api.ts';
import { shanghaiDay } from '../../../lib/format.ts';
import { usePageParam } from '../../../lib/page-param.ts';
import { ORG_PATHS } from '../../../lib/routes.ts';
import { kindOptions } from '../CalibrationDialog.tsx';
import { instrumentKeys, useInstrumentRights, useInvalidateInstruments } from '../queries.ts';

type V = {
  name: string;
  model?: string;
  serialNo: string;
  manufacturer?: string;
  measuringRange?: string;
  accuracy?: string;
  calibrationKind: number;
  calibratedOn?: Dayjs | null;
  validUntil?: Dayjs | null;
  certificateNo?: string;
  institution?: string;
  state: number;
  note?: string;
};

const stateOptions = Object.entries(EQUIPMENT_STATE_LABEL).map(([v, label]) => ({ value: Number(v), label }));
const day = (d: Dayjs | null | undefined) => (d ? formatDate(d.toDate()) : null);

/** 新增检验设备 / 编辑 (`?id=`): the instrument's facts and calibration, and its calibration history. */
export default function EquipmentAddPage() {
  const id = usePageParam();
  const rights = useInstrumentRights();
  const navigate = useNavigate();
  const invalidate = useInvalidateInstruments();
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  const [busy, setBusy] = useState(false);
  const detail = useQuery({
    queryKey: instrumentKeys.equipmentOne(id),
    queryFn: ({ signal }) => call(equipmentCalls.get, { id: id! }, { signal }),
    enabled: id !== null,
  });
  const row: EquipmentDetail | undefined = detail.data;
  useEffect(() => {
    if (!row) return;
    form.setFieldsValue({
      ...row,
      model: row.model ?? undefined,
      manufacturer: row.manufacturer ?? undefined,
      measuringRange: row.measuringRange ?? undefined,
      accuracy: row.accuracy ?? undefined,
      certificateNo: row.certificateNo ?? undefined,
      institution: row.institution ?? undefined,
      note: row.note ?? undefined,
      calibratedOn: row.calibratedOn ? dayjs(row.calibratedOn) : null,
      validUntil: row.validUntil ? dayjs(row.validUntil) : null,
    });
  }, [row, form]);

  if (id !== null && detail.isError)
    return (
      <NotFoundCard
        title="检验设备不存在或无权访问"
        back={{ label: '返回检验设备', path: ORG_PATHS.equipment }}
      />
    );
  const readOnly = !rights.editEquipment;

  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      const values = {
        ...v,
        calibratedOn: day(v.calibratedOn),
        validUntil: day(v.validUntil),
      };
      const saved =
        id !== null && row
          ? await call(equipmentCalls.update, { ...values, id, version: row.version })
          : await call(equipmentCalls.add, values);
      message.success('保存成功');
      await invalidate();
      if (id === null) navigate(`${ORG_PATHS.equipmentAdd}?id=${saved.id}`, { replace: true });
    } catch {
      // the api client showed the reason
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card
        title={id === null ? '新增检验设备' : readOnly ? '检验设备详情' : '编辑检验设备'}
        loading={id !== null && detail.isLoading}
        extra={
          row && (
            <Tag
              color={
                { valid: 'green', expiring: 'orange', expired: 'red', none: 'default' }[row.calibrationState]
              }
            >
              {row.calibrationStateLabel}
            </Tag>
          )
        }
      >
        <Form
          form={form}
          layout="vertical"
          disabled={readOnly}
          initialValues={{ calibrationKind: 1, state: 1 }}
          data-testid="equipment-form"
        >
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item
                name="name"
                label="设备名称"
                rules={[{ required: true, whitespace: true, message: '请填写设备名称' }]}
              >
                <Input maxLength={100} placeholder="如 限速器测试仪" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="model" label="规格型号">
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item
                name="serialNo"
                label="出厂编号"
                rules={[{ required: true, whitespace: true, message: '请填写出厂编号' }]}
              >
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="manufacturer" label="制造单位">
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="measuringRange" label="测量范围">
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="accuracy" label="准确度等级">
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="calibrationKind" label="检定方式">
                <Select options={kindOptions} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item
                name="calibratedOn"
                label="检定日期"
                dependencies={['validUntil']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_, v) =>
                      !v && getFieldValue('validUntil')
                        ? Promise.reject(new Error('请填写检定日期'))
                        : Promise.resolve(),
                  }),
                ]}
              >
                <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(shanghaiDay(), 'day')} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item
                name="validUntil"
                label="有效期至"
                dependencies={['calibratedOn']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_, v: Dayjs | null | undefined) => {
                      const on: Dayjs | null | undefined = getFieldValue('calibratedOn');
                      if (on && !v) return Promise.reject(new Error('请填写有效期至'));
                      if (on && v && !v.isAfter(on, 'day'))
                        return Promise.reject(new Error('有效期至应晚于检定日期'));
                      return Promise.resolve();
                    },
                  }),
                ]}
              >
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="certificateNo" label="检定/校准证书编号">
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="institution" label="检定机构">
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="state" label="设备状态">
                <Select options={stateOptions} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="note" label="备注">
                <Input.TextArea maxLength={500} rows={2} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        <Space>
          {!readOnly && (
            <Button type="primary" loading={busy} onClick={save}>
              保存
            </Button>
          )}
          <Button onClick={() => navigate(ORG_PATHS.equipment)}>返回列表</Button>
        </Space>
      </Card>
      {row && (
        <Card title="检定记录">
          <Table<CalibrationRecord>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={row.calibrations}
            locale={{ emptyText: '暂无检定记录' }}
            data-testid="calibration-history"
            columns={[
              { title: '检定方式', dataIndex: 'calibrationKindLabel', width: 90 },
              { title: '检定日期', dataIndex: 'calibratedOn', width: 120 },
              { title: '有效期至', dataIndex: 'validUntil', width: 120 },
              { title: '证书编号', dataIndex: 'certificateNo', render: (v) => v ?? '—' },
              { title: '检定机构', dataIndex: 'institution', render: (v) => v ?? '—' },
              { title: '登记人', dataIndex: 'recordedBy', width: 100, render: (v) => v ?? '—' },
              { title: '登记时间', dataIndex: 'recordTime', width: 170 },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}

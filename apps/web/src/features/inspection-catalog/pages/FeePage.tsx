import type { ProColumns } from '@ant-design/pro-components';
import { costCalls, formatYuan, type InspectionCostRow, LIFT_VARIETIES } from '@ec/contract';
import { App, Popconfirm, Space } from 'antd';
import { useNavigate } from 'react-router';
import { ContractTable } from '../../../components/ContractTable.tsx';
import { actionColumn, RowAction } from '../../../components/RowAction.tsx';
import { call } from '../../../lib/api.ts';
import { ORG_PATHS } from '../../../lib/routes.ts';
import { QuotePreview } from '../QuotePreview.tsx';
import { catalogKeys, useCatalogRights, useInvalidateCatalog } from '../queries.ts';

const yuan = (fen: number | null) => (fen == null ? '—' : `${formatYuan(fen)} 元`);
const m = (v: number | null) => String(Number(v?.toFixed(2)));

/** The surcharges of a row in one line each (what the quote adds). */
export function surcharges(r: InspectionCostRow): string[] {
  const out: string[] = [];
  if (r.baseStops != null && r.extraStopFee)
    out.push(`超过 ${r.baseStops} 层站每层站加收 ${formatYuan(r.extraStopFee)} 元`);
  if (r.loadThresholdKg != null && r.loadPercentPerTonne)
    out.push(`载重超过 ${r.loadThresholdKg} kg 每吨加收 ${r.loadPercentPerTonne}%`);
  if (r.riseThresholdM != null && r.risePercentPerStep)
    out.push(`提升高度超过 ${m(r.riseThresholdM)} m 每 ${m(r.riseStepM)} m 加收 ${r.risePercentPerStep}%`);
  if (r.lengthThresholdM != null && r.lengthPercentPerStep)
    out.push(`长度超过 ${m(r.lengthThresholdM)} m 每 ${m(r.lengthStepM)} m 加收 ${r.lengthPercentPerStep}%`);
  return out;
}

/** 检验收费标准: the organisation's tariff per variety, and a quote preview for one lift. */
export default function FeePage() {
  const rights = useCatalogRights();
  const navigate = useNavigate();
  const invalidate = useInvalidateCatalog();
  const { message } = App.useApp();
  const columns: ProColumns<InspectionCostRow>[] = [
    {
      title: '设备品种',
      dataIndex: 'variety',
      valueType: 'select',
      fieldProps: { options: LIFT_VARIETIES.map((v) => ({ value: v.code, label: v.name })) },
      render: (_, r) => r.varietyName,
      width: 150,
    },
    ...(rights.ownOrg === null
      ? [
          {
            title: '检验机构',
            dataIndex: 'orgName',
            search: false,
            width: 200,
          } as ProColumns<InspectionCostRow>,
        ]
      : []),
    {
      title: '基本检验费（每台）',
      dataIndex: 'baseFee',
      search: false,
      width: 150,
      render: (_, r) => yuan(r.baseFee),
    },
    {
      title: '加收规则',
      dataIndex: 'rules',
      search: false,
      render: (_, r) => {
        const lines = surcharges(r);
        return lines.length === 0 ? (
          '无'
        ) : (
          <Space direction="vertical" size={0}>
            {lines.map((l) => (
              <span key={l}>{l}</span>
            ))}
          </Space>
        );
      },
    },
    {
      title: '监督检验',
      dataIndex: 'supervisionPercent',
      search: false,
      width: 110,
      render: (_, r) => `定期检验的 ${r.supervisionPercent}%`,
    },
    {
      title: '限速器校验',
      dataIndex: 'governorIncluded',
      search: false,
      width: 100,
      render: (_, r) => (r.governorIncluded ? '已含' : '另计'),
    },
    { title: '执行日期', dataIndex: 'effectiveFrom', search: false, width: 110 },
    { title: '备注', dataIndex: 'note', search: false, ellipsis: true, render: (_, r) => r.note ?? '—' },
    actionColumn<InspectionCostRow>(110, (r) =>
      rights.editCosts && r.orgId === rights.ownOrg ? (
        <>
          <RowAction onClick={() => navigate(`${ORG_PATHS.addFee}?id=${r.id}`)}>编辑</RowAction>
          <Popconfirm
            title={`删除「${r.varietyName}」的收费标准？`}
            description="删除后该品种的电梯无法报价"
            onConfirm={async () => {
              await call(costCalls.delete, { ids: [r.id] });
              message.success('已删除');
              await invalidate();
            }}
          >
            <RowAction danger>删除</RowAction>
          </Popconfirm>
        </>
      ) : (
        '—'
      ),
    ),
  ];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <ContractTable<InspectionCostRow>
        call={costCalls.query}
        queryKey={catalogKeys.costs}
        columns={columns}
        headerTitle="检验收费标准"
        testId="inspection-cost-table"
        emptyText="尚未配置收费标准"
        add={rights.editCosts ? { label: '新增收费标准', onClick: () => navigate(ORG_PATHS.addFee) } : false}
      />
      <QuotePreview />
    </Space>
  );
}

import { type CallOutput, type ElevatorDetail, type elevatorCalls, USE_STATUS } from '@ec/contract';
import { Badge, Descriptions, Empty, Tag } from 'antd';
import { useDictLabel } from '../../components/index.ts';
import { MaskedValue } from '../../components/MaskedValue.tsx';
import { claimStateTag, nextInspectText, textOrDash } from './columns.tsx';

/** Every field of one elevator, grouped as the registry form groups them. */
export function ElevatorDescriptions({ elevator: e }: { elevator: ElevatorDetail }) {
  const occasion = useDictLabel('use_occasion');
  const variety = useDictLabel('elevator_variety');
  const d = textOrDash;
  const num = (v: number | null, unit = '') => (v === null ? '—' : `${v}${unit}`);
  return (
    <>
      <Descriptions title="标识" bordered size="small" column={{ xs: 1, md: 2, xl: 3 }}>
        <Descriptions.Item label="注册代码">{e.registerCode}</Descriptions.Item>
        <Descriptions.Item label="设备代码">{d(e.deviceCode)}</Descriptions.Item>
        <Descriptions.Item label="使用登记证编号">{d(e.useCertNo)}</Descriptions.Item>
        <Descriptions.Item label="应急救援识别码">{d(e.rescueCode)}</Descriptions.Item>
        <Descriptions.Item label="监察识别码">{d(e.supervisionCode)}</Descriptions.Item>
        <Descriptions.Item label="单位内编号">{d(e.internalNo)}</Descriptions.Item>
        <Descriptions.Item label="出厂编号">{d(e.factoryNo)}</Descriptions.Item>
      </Descriptions>
      <Descriptions
        title="类型与位置"
        bordered
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        style={{ marginTop: 24 }}
      >
        <Descriptions.Item label="电梯名称">{d(e.name)}</Descriptions.Item>
        <Descriptions.Item label="电梯类型">{e.typeLabel}</Descriptions.Item>
        <Descriptions.Item label="设备品种">{d(variety(e.variety))}</Descriptions.Item>
        <Descriptions.Item label="使用场所">{d(occasion(e.useOccasion))}</Descriptions.Item>
        <Descriptions.Item label="所在区域">{e.areaName ?? e.areaCode}</Descriptions.Item>
        <Descriptions.Item label="小区名称">{d(e.community)}</Descriptions.Item>
        <Descriptions.Item label="详细地址" span={2}>
          {e.address}
        </Descriptions.Item>
        <Descriptions.Item label="经纬度">
          {e.longitude !== null && e.latitude !== null ? `${e.longitude}, ${e.latitude}` : '—'}
        </Descriptions.Item>
        <Descriptions.Item label="使用单位">{d(e.useCompanyName)}</Descriptions.Item>
        <Descriptions.Item label="维保单位">{d(e.maintenanceCompanyName)}</Descriptions.Item>
        <Descriptions.Item label="维保认领">{claimStateTag(e.maintenanceClaimState)}</Descriptions.Item>
        <Descriptions.Item label="使用认领">{claimStateTag(e.useClaimState)}</Descriptions.Item>
        <Descriptions.Item label="使用状态">
          {USE_STATUS[e.useStatus as keyof typeof USE_STATUS] ?? e.useStatus}
        </Descriptions.Item>
        <Descriptions.Item label="启用状态">
          <Badge status={e.status === 1 ? 'processing' : 'error'} text={e.status === 1 ? '启用' : '停用'} />
        </Descriptions.Item>
      </Descriptions>
      <Descriptions
        title="技术参数与日期"
        bordered
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        style={{ marginTop: 24 }}
      >
        <Descriptions.Item label="制造单位">{d(e.manufacturer)}</Descriptions.Item>
        <Descriptions.Item label="安装单位">{d(e.installer)}</Descriptions.Item>
        <Descriptions.Item label="品牌 / 型号">
          {[e.brand, e.model].filter(Boolean).join(' / ') || '—'}
        </Descriptions.Item>
        <Descriptions.Item label="额定载重量">{num(e.ratedLoad, ' kg')}</Descriptions.Item>
        <Descriptions.Item label="额定速度">{num(e.ratedSpeed, ' m/s')}</Descriptions.Item>
        <Descriptions.Item label="层数">{num(e.floors)}</Descriptions.Item>
        <Descriptions.Item label="出厂日期">{d(e.manufactureDate)}</Descriptions.Item>
        <Descriptions.Item label="安装日期">{d(e.installDate)}</Descriptions.Item>
        <Descriptions.Item label="使用登记日期">{d(e.registerDate)}</Descriptions.Item>
        <Descriptions.Item label="上次检验日期">{d(e.lastInspectDate)}</Descriptions.Item>
        <Descriptions.Item label="下次检验日期">{nextInspectText(e)}</Descriptions.Item>
        <Descriptions.Item label="更新时间">{e.updateTime}</Descriptions.Item>
      </Descriptions>
    </>
  );
}

type Company = CallOutput<typeof elevatorCalls.detailBuildingCompanyInfo>;
type MaintenanceInfo = CallOutput<typeof elevatorCalls.detailMaintenanceInfo>;

/** The elevator's maintenance: its plan, contract, last visit, due date and what is wrong (超期 …). */
export function MaintenanceState({ info }: { info: MaintenanceInfo }) {
  const d = textOrDash;
  return (
    <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }}>
      <Descriptions.Item label="维保状态" span={2}>
        {info.flagLabels.length === 0 ? (
          <Tag color="success">正常</Tag>
        ) : (
          info.flags.map((f, k) => (
            <Tag key={f} color={f === 'overdue' ? 'error' : 'warning'}>
              {info.flagLabels[k]}
              {f === 'overdue' ? ` ${info.overdueDays} 天` : ''}
            </Tag>
          ))
        )}
      </Descriptions.Item>
      <Descriptions.Item label="上次维保">{d(info.lastDoneDate)}</Descriptions.Item>
      <Descriptions.Item label="最迟下次维保">{d(info.dueDate)}</Descriptions.Item>
      <Descriptions.Item label="维保合同">
        {info.contractNo ? `${info.contractNo}（至 ${info.contractEnd}）` : '—'}
      </Descriptions.Item>
      <Descriptions.Item label="维保内容">{d(info.templateName)}</Descriptions.Item>
      <Descriptions.Item label="维保间隔">
        {info.intervalDays ? `${info.intervalDays} 天` : '—'}
      </Descriptions.Item>
      <Descriptions.Item label="下次计划">{d(info.nextDate)}</Descriptions.Item>
      <Descriptions.Item label="维保人员" span={2}>
        {info.workers.length ? info.workers.join('、') : '—'}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** A company bound to the elevator, or an empty state when there is none. */
export function CompanyDescriptions({ company, empty }: { company: Company; empty: string }) {
  if (!company) return <Empty description={empty} />;
  const d = textOrDash;
  return (
    <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
      <Descriptions.Item label="单位名称">{company.name}</Descriptions.Item>
      <Descriptions.Item label="统一社会信用代码">{d(company.creditCode)}</Descriptions.Item>
      <Descriptions.Item label="法定代表人">{d(company.legalPerson)}</Descriptions.Item>
      <Descriptions.Item label="联系人">{d(company.contactName)}</Descriptions.Item>
      <Descriptions.Item label="联系电话">
        <MaskedValue value={company.contactPhone} kind="company" id={company.id} field="contactPhone" />
      </Descriptions.Item>
      <Descriptions.Item label="地址">{d(company.address)}</Descriptions.Item>
    </Descriptions>
  );
}

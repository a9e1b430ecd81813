import { IOT_ESCALATOR_MODE_LABEL, IOT_RUN_LABEL, type IotEscalatorState } from '@ec/contract';
import { Descriptions, Tag } from 'antd';

const circuit = (closed: boolean) => (closed ? <Tag color="green">通</Tag> : <Tag color="red">断</Tag>);
const tripped = (on: boolean) => (on ? <Tag color="red">动作</Tag> : <Tag color="green">正常</Tag>);

/**
 * An escalator's or moving walk's latest state (its device's last `escalator` message, GB/T 24476):
 * the 物联网电梯 device drawer and the elevator detail's 物联网 tab show it alike.
 */
export function IotEscalatorStateView({ e, column = 2 }: { e: IotEscalatorState; column?: number }) {
  return (
    <Descriptions size="small" bordered column={column} title={`扶梯实时状态（${e.at}）`}>
      <Descriptions.Item label="服务模式">{IOT_ESCALATOR_MODE_LABEL[e.mode]}</Descriptions.Item>
      <Descriptions.Item label="运行方向">
        <span data-testid="iot-escalator-run">{IOT_RUN_LABEL[e.run]}</span>
      </Descriptions.Item>
      <Descriptions.Item label="速度">
        {e.speed} m/s{e.nominalSpeed !== null ? `（名义 ${e.nominalSpeed} m/s）` : ''}
      </Descriptions.Item>
      <Descriptions.Item label="左扶手带偏差">{e.handrailLeftDeviation}%</Descriptions.Item>
      <Descriptions.Item label="右扶手带偏差">{e.handrailRightDeviation}%</Descriptions.Item>
      <Descriptions.Item label="梯级缺失">{tripped(e.stepMissing)}</Descriptions.Item>
      <Descriptions.Item label="梳齿板保护">{tripped(e.combPlateTripped)}</Descriptions.Item>
      <Descriptions.Item label="安全回路">{circuit(e.safetyCircuit)}</Descriptions.Item>
    </Descriptions>
  );
}

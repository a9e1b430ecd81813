import {
  IOT_STATE_TOPIC,
  type IotDeviceRow,
  type IotEscalatorState,
  type IotLiftState,
  type IotStateEvent,
  iotDeviceCalls,
} from '@ec/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, getByText, mount, unmountAll, until } from '../../test/dom.tsx';

/**
 * The elevator detail's 物联网 tab: an escalator shows its escalator state with the contract's
 * labels, a lift its car state; an `iot.state` event of the lift (through the real live hook, over a
 * stand-in EventSource) refreshes it, another lift's does not.
 */

const callMock = vi.fn();
vi.mock('../../lib/api.ts', () => ({ call: (...args: unknown[]) => callMock(...args) }));

/** A stand-in for the browser's EventSource: the test plays the server's events. */
class FakeSource {
  static all: FakeSource[] = [];
  private readonly listeners = new Map<string, ((e: { data: string }) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn({ data: JSON.stringify(data) });
  }
}
vi.stubGlobal('EventSource', FakeSource);
afterAll(() => vi.unstubAllGlobals());

const { IotTab } = await import('./IotTab.tsx');

const device = {
  id: 3,
  code: 'ESC-0001',
  name: '扶梯终端',
  merchantId: 1,
  merchantName: '梯联物联网',
  protocol: 'mqtt',
  intervalSeconds: 30,
  state: 1,
  stateLabel: '在线',
  lastSeenAt: '2026-11-28 10:00:00',
  lift: { elevatorId: 7, registerCode: '31104501032026000007', address: '地址', areaCode: '450103' },
  boundAt: '2026-11-01 09:00:00',
  openAlarms: 0,
  lastState: null,
  topic: 'elevator/1/ESC-0001',
  remark: null,
  createTime: '2026-11-01 09:00:00',
  version: 0,
} satisfies IotDeviceRow;

const escalator = (over: Partial<IotEscalatorState> = {}): IotEscalatorState => ({
  elevatorId: 7,
  deviceId: 3,
  at: '2026-11-28 10:00:00',
  mode: 'normal',
  run: 'up',
  speed: 0.5,
  nominalSpeed: 0.5,
  handrailLeftDeviation: 1,
  handrailRightDeviation: -2,
  stepMissing: false,
  combPlateTripped: false,
  safetyCircuit: true,
  ...over,
});

const liftState: IotLiftState = {
  elevatorId: 7,
  deviceId: 3,
  at: '2026-11-28 10:00:00',
  mode: 'normal',
  run: 'stop',
  floor: 12,
  doorZone: true,
  door: 'open',
  passenger: false,
  power: 'mains',
  speed: 0,
  safetyCircuit: true,
  doorLockCircuit: true,
  runs: null,
  runHours: null,
  doorCycles: null,
  statsAt: null,
  trappedSince: null,
};

const answer = (over: Record<string, unknown>) => ({
  device,
  kind: 'escalator',
  state: null,
  escalator: null,
  alarms: [],
  ...over,
});

function tab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return mount(
    <QueryClientProvider client={client}>
      <IotTab elevatorId={7} />
    </QueryClientProvider>,
  );
}

/** The live stream the tab's hook opened for `iot.state`. */
const stream = () =>
  until(() => {
    const s = FakeSource.all.findLast((x) => !x.closed && x.url.includes(IOT_STATE_TOPIC));
    if (!s) throw new Error('no live stream for iot.state');
    return s;
  });

beforeEach(() => callMock.mockReset());
afterEach(unmountAll);

describe('IotTab', () => {
  it("shows an escalator's state with its labels, and follows its live events", async () => {
    callMock.mockResolvedValue(answer({ escalator: escalator() }));
    await tab();
    await until(() => getByText('上行'));
    expect(callMock).toHaveBeenCalledWith(
      iotDeviceCalls.liftState,
      { elevatorId: 7 },
      expect.objectContaining({ silent: true }),
    );
    expect(byText('扶梯实时状态（2026-11-28 10:00:00）')).toHaveLength(1);
    for (const label of [
      '服务模式',
      '运行方向',
      '速度',
      '左扶手带偏差',
      '右扶手带偏差',
      '梯级缺失',
      '梳齿板保护',
    ])
      expect(byText(label), label).toHaveLength(1);
    expect(byText('0.5 m/s（名义 0.5 m/s）')).toHaveLength(1);
    expect(byText('-2%')).toHaveLength(1);
    // No car fields for an escalator.
    expect(byText('楼层')).toHaveLength(0);
    expect(byText('门锁回路')).toHaveLength(0);

    // Another lift's event: no new read.
    const source = await stream();
    const reads = callMock.mock.calls.length;
    await act(async () =>
      source.emit(IOT_STATE_TOPIC, {
        kind: 'escalator',
        ...escalator({ elevatorId: 8, run: 'down' }),
      } satisfies IotStateEvent),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(callMock.mock.calls.length).toBe(reads);

    // Its own: the tab reads again and shows the new state.
    callMock.mockResolvedValue(
      answer({ escalator: escalator({ at: '2026-11-28 10:00:30', run: 'down', stepMissing: true }) }),
    );
    await act(async () =>
      source.emit(IOT_STATE_TOPIC, {
        kind: 'escalator',
        ...escalator({ run: 'down', stepMissing: true }),
      } satisfies IotStateEvent),
    );
    await until(() => getByText('下行'));
    expect(byText('扶梯实时状态（2026-11-28 10:00:30）')).toHaveLength(1);
    expect(byText('动作')).toHaveLength(1);
  });

  it('says when an escalator has not reported yet', async () => {
    callMock.mockResolvedValue(answer({}));
    await tab();
    await until(() => getByText('设备尚未上报扶梯状态'));
    expect(byText('设备尚未上报电梯状态')).toHaveLength(0);
  });

  it("shows a lift's car state, not the escalator's", async () => {
    callMock.mockResolvedValue(answer({ kind: 'lift', state: liftState }));
    await tab();
    await until(() => getByText('12'));
    expect(byText('楼层')).toHaveLength(1);
    expect(byText('门锁回路')).toHaveLength(1);
    expect(byText('梳齿板保护')).toHaveLength(0);
  });
});

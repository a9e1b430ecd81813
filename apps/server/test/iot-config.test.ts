import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

/** MQTT_DYNSEC: the switch for the devices' accounts on an external Mosquitto, checked at start. */
describe('MQTT_DYNSEC', () => {
  const url = 'mqtt://ec-server:pw@127.0.0.1:1883';

  it('is off unless set, and on with on / 1 / true beside MQTT_URL', () => {
    expect(loadConfig({ NODE_ENV: 'test', MQTT_URL: url }).mqtt.dynsec).toBe(false);
    for (const v of ['on', '1', 'true', 'ON'])
      expect(loadConfig({ NODE_ENV: 'test', MQTT_URL: url, MQTT_DYNSEC: v }).mqtt.dynsec, v).toBe(true);
    for (const v of ['off', '0', 'false'])
      expect(loadConfig({ NODE_ENV: 'test', MQTT_URL: url, MQTT_DYNSEC: v }).mqtt.dynsec, v).toBe(false);
    // The URL reaches the MQTT client as given.
    expect(loadConfig({ NODE_ENV: 'test', MQTT_URL: url, MQTT_DYNSEC: 'on' }).mqtt.url).toBe(url);
  });

  it('stops the start on a bad value, naming it in Chinese and English', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', MQTT_URL: url, MQTT_DYNSEC: 'yes please' })).toThrow(
      '环境变量 MQTT_DYNSEC 应为 on 或 off，当前值为「yes please」（MQTT_DYNSEC must be on or off, got "yes please"）',
    );
    expect(() => loadConfig({ NODE_ENV: 'test', MQTT_DYNSEC: '' })).toThrow('环境变量 MQTT_DYNSEC 的值为空');
  });

  it('needs MQTT_URL, and refuses the old ?dynsec=1 on the URL with the way out', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', MQTT_DYNSEC: 'on' })).toThrow(
      /MQTT_DYNSEC=on 需要同时设置 MQTT_URL/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', MQTT_URL: `${url}?dynsec=1` })).toThrow(/MQTT_DYNSEC=on/);
  });
});

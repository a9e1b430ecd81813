import { afterEach, describe, expect, it, vi } from 'vitest';
import { click, getByText, mount, unmountAll } from '../../test/dom.tsx';
import { BusyButton } from './BusyButton.tsx';

afterEach(unmountAll);

const button = (text: string) => getByText(text).closest('button') as HTMLButtonElement;

describe('BusyButton', () => {
  it('runs its action when the page is idle', async () => {
    const run = vi.fn();
    await mount(
      <BusyButton action="bind" busy={null} label="绑定二维码" busyLabel="正在绑定…" onClick={run} />,
    );
    expect(button('绑定二维码').disabled).toBe(false);
    await click(button('绑定二维码'));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('says what it is doing while its own action runs, and waits', async () => {
    await mount(<BusyButton action="bind" busy="bind" label="绑定二维码" busyLabel="正在绑定…" />);
    expect(button('正在绑定…').disabled).toBe(true);
    expect(button('正在绑定…').getAttribute('aria-busy')).toBe('true');
  });

  it('waits with its own label while another action runs, or when it is disabled', async () => {
    await mount(<BusyButton action="submit" busy="photo" label="定位并提交日志" busyLabel="正在提交…" />);
    expect(button('定位并提交日志').disabled).toBe(true);
    await unmountAll();
    await mount(<BusyButton action="bind" busy={null} disabled label="绑定二维码" busyLabel="正在绑定…" />);
    expect(button('绑定二维码').disabled).toBe(true);
  });
});

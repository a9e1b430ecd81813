import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { click, getByText, mount, radio, type, unmountAll, until, wait } from '../test/dom.tsx';
import { type AuditDecision, AuditDialog } from './AuditDialog.tsx';

function Harness({ open, onSubmit }: { open: boolean; onSubmit: (d: AuditDecision) => Promise<unknown> }) {
  return (
    <ConfigProvider locale={zhCN}>
      <AuditDialog open={open} title="审核" onSubmit={onSubmit} onClose={() => undefined} />
    </ConfigProvider>
  );
}

const reason = () => document.querySelector<HTMLTextAreaElement>('textarea[placeholder="选填"]')!;
const ok = () => getByText('确 定').closest('button')!;

afterEach(unmountAll);

describe('AuditDialog', () => {
  it('sends 驳回 with the trimmed reason', async () => {
    const onSubmit = vi.fn(async (_: AuditDecision) => undefined);
    await mount(<Harness open onSubmit={onSubmit} />);
    expect(radio('通过').checked).toBe(true);
    await click(radio('驳回'));
    await type(reason(), '  证照不符 ');
    await click(ok());
    await until(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenCalledWith({ pass: false, description: '证照不符' });
  });

  it('opens again on 通过 with no reason, and a choice made right after reopening is the one sent', async () => {
    const onSubmit = vi.fn(async (_: AuditDecision) => undefined);
    const view = await mount(<Harness open onSubmit={onSubmit} />);
    await click(radio('驳回'));
    await type(reason(), '第一次');
    // Closed and at once opened for the next case, while the closing may still be under way.
    await view.rerender(<Harness open={false} onSubmit={onSubmit} />);
    await view.rerender(<Harness open onSubmit={onSubmit} />);
    expect(radio('通过').checked).toBe(true);
    expect(reason().value).toBe('');
    await click(radio('驳回'));
    // Let any late unmount or effect of the previous opening run before 确定.
    await wait(500);
    expect(radio('驳回').checked).toBe(true);
    await click(ok());
    await until(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenCalledWith({ pass: false, description: undefined });
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount, unmountAll, until } from '../test/dom.tsx';

/**
 * A photo's hover mask: under 64 px (the check lists' 40 px thumbnails) the mask is the eye alone,
 * because 「预览」 beside it is wider than the image and spills out of its table cell; a larger
 * thumbnail keeps the word.
 */

const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const callMock = vi.fn(async () => PIXEL);
vi.mock('../lib/api.ts', () => ({ call: (...args: unknown[]) => callMock(...(args as [])) }));

const { Thumbnail } = await import('./Photos.tsx');

afterEach(unmountAll);

async function maskOf(size: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await mount(
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={client}>
        <Thumbnail fileId="f1" label="轿厢照片" size={size} caption={false} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return until(() => {
    const mask = document.querySelector<HTMLElement>('.ant-image-mask');
    if (!mask) throw new Error('no mask yet');
    return mask;
  });
}

describe('Thumbnail', () => {
  it('shows the eye alone on a 40 px thumbnail, named 预览 for screen readers', async () => {
    const mask = await maskOf(40);
    expect(mask.textContent?.trim()).toBe('');
    expect(mask.querySelector('[aria-label="预览"]')).not.toBeNull();
  });

  it('keeps the word 预览 on a 72 px thumbnail', async () => {
    const mask = await maskOf(72);
    expect(mask.textContent).toContain('预览');
  });
});

import { describe, expect, test } from 'vitest';
import { agentLabel } from './UserAgent.tsx';

describe('agentLabel', () => {
  test('names the browser, its major version and the system', () => {
    expect(
      agentLabel(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 156 · Linux');
    expect(
      agentLabel(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
      ),
    ).toBe('Edge 120 · Windows');
    expect(
      agentLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44',
      ),
    ).toBe('微信 8 · iOS');
    expect(
      agentLabel(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
      ),
    ).toBe('Safari 17 · macOS');
  });

  test('an unknown client is shown as it called itself', () => {
    expect(agentLabel('curl/8.4.0')).toBe('curl/8.4.0');
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { registerMessage } from '../lib/feedback.ts';
import { antdSize, useSettings } from './settings.ts';

dayjs.locale('zh-cn');

export const queryClient = new QueryClient({
  defaultOptions: {
    // The request layer already shows errors; a refused call is not retried blindly.
    queries: { retry: 0, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: 0 },
  },
});

function MessageBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => registerMessage(message), [message]);
  return null;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the user asked the system for less motion (then the console animates nothing). */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (changed) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(REDUCED_MOTION);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches,
  );
}

export function Providers({ children }: { children: ReactNode }) {
  const settings = useSettings();
  const reducedMotion = useReducedMotion();
  return (
    <ConfigProvider
      locale={zhCN}
      componentSize={antdSize(settings.size)}
      theme={{
        // A user who asked the system for reduced motion gets no sliding, fading or spinning.
        token: { colorPrimary: settings.theme, motion: !reducedMotion },
        algorithm: settings.size === 'mini' ? theme.compactAlgorithm : theme.defaultAlgorithm,
      }}
    >
      <AntApp message={{ maxCount: 3 }}>
        <MessageBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}

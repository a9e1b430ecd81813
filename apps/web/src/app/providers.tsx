import { ConfigProvider, theme } from 'antd';
import AppContext, { type useAppProps } from 'antd/es/app/context';
import zhCN from 'antd/es/locale/zh_CN';
import useMessage from 'antd/es/message/useMessage';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect, useMemo, useSyncExternalStore } from 'react';
import { registerMessage } from '../lib/feedback.ts';
import { antdSize, useSettings } from './settings.ts';

dayjs.locale('zh-cn');

/**
 * antd's App context (what `App.useApp()` reads), message part: the console's one stack of messages,
 * for the pages and for the request layer (lib/feedback.ts), mounted here so that it outlives every
 * route (an error shown just before a redirect to sign-in stays on screen). The modal and notification
 * parts join it in the console's routes (app-shell.tsx): the sign-in page does not load them.
 */
function Feedback({ children }: { children: ReactNode }) {
  const [message, holder] = useMessage({ maxCount: 3 });
  const { token } = theme.useToken();
  useEffect(() => registerMessage(message), [message]);
  const app = useMemo(() => ({ message }) as useAppProps, [message]);
  return (
    <AppContext.Provider value={app}>
      {holder}
      {/* The text style antd's <App> gives its content. */}
      <div
        style={{
          color: token.colorText,
          fontSize: token.fontSize,
          lineHeight: token.lineHeight,
          fontFamily: token.fontFamily,
        }}
      >
        {children}
      </div>
    </AppContext.Provider>
  );
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
      <Feedback>{children}</Feedback>
    </ConfigProvider>
  );
}

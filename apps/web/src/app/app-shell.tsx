import { QueryClientProvider } from '@tanstack/react-query';
import AppContext from 'antd/es/app/context';
import useModal from 'antd/es/modal/useModal';
import useNotification from 'antd/es/notification/useNotification';
import { useContext, useMemo } from 'react';
import { Outlet } from 'react-router';
import { queryClient } from './query-client.ts';

/**
 * Every route but the sign-in page: the query cache, and antd's App context completed with its modal
 * and notification parts (`App.useApp().modal.confirm`, …) beside the root's message stack
 * (providers.tsx). A chunk of its own, fetched while the password is typed: the sign-in page carries
 * neither React Query's nor Modal's weight.
 */
export default function AppShell() {
  const { message } = useContext(AppContext);
  const [modal, modalHolder] = useModal();
  const [notification, notificationHolder] = useNotification();
  const app = useMemo(() => ({ message, modal, notification }), [message, modal, notification]);
  return (
    <QueryClientProvider client={queryClient}>
      <AppContext.Provider value={app}>
        {modalHolder}
        {notificationHolder}
        <Outlet />
      </AppContext.Provider>
    </QueryClientProvider>
  );
}

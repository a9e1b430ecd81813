import 'antd/dist/reset.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { builtPages } from './app/pages.tsx';
import { Providers } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { setUnauthorizedHandler } from './lib/api.ts';
import { installErrorCollector } from './lib/error-log.ts';
import { registerPagePreload, registerPreload } from './lib/preload.ts';
import { resetSession } from './lib/session.ts';

installErrorCollector();
registerPreload(() => import('./app/app-shell.tsx'));
registerPreload(() => import('./app/guard.tsx'));
registerPreload(() => import('./app/layout/BasicLayout.tsx'));
registerPreload(() => import('./lib/session-load.ts'));
registerPreload(() => import('./app/page-data.ts'));
registerPagePreload((path) => (builtPages[path] ?? builtPages['/dashboard'])());
const router = createRouter();

setUnauthorizedHandler(() => {
  resetSession();
  const { pathname, search } = router.state.location;
  if (pathname === '/login') return;
  const wanted = pathname + search;
  void router.navigate(wanted === '/' ? '/login' : `/login?redirect=${encodeURIComponent(wanted)}`, {
    replace: true,
  });
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

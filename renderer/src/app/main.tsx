import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { captureRuntimeErrors } from '../stores/error-log';
import { bootPlatform } from './boot-platform';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import '../styles/global.css';

captureRuntimeErrors();
bootPlatform();

const container = document.getElementById('root');
if (!container) throw new Error('缺少页面根元素 #root');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);

// First: zod's settings must hold before any schema is built (zod-config.ts).
import './zod-config.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { reportUncaughtErrors } from './api/admin.api.ts';
import { App } from './app/app.tsx';
import { installEnterGuard } from './ui/form/enter-guard.ts';

reportUncaughtErrors();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

installEnterGuard();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

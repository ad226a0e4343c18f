import './app/styles.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { createRouter } from './app/router.tsx';

import { CLEAR_LOCAL_STORAGE_ON_START } from './config/index.ts';

// spec §9: a build may start every page load from empty local storage
if (CLEAR_LOCAL_STORAGE_ON_START) {
  try {
    localStorage.clear();
  } catch {
    // storage disabled: nothing to clear
  }
}
const router = createRouter();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);

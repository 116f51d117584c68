import '@mantine/core/styles.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { completeSilentSignin } from './lib/auth/user-manager';
import { fetchConfig } from './lib/config';
import { installUnhandledRejectionHandler } from './lib/error-banner';
import './lib/i18n';
import { installOfflineReader } from './lib/offline/offline-data';

if (window.location.pathname === '/auth/silent') {
  // Inside the provider's hidden renewal frame: hand the answer to the app in the parent window.
  void fetchConfig().then(completeSilentSignin);
} else {
  installUnhandledRejectionHandler();
  installOfflineReader();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      {/* French texts load on demand (lib/i18n.ts): a French start waits for them before its first paint. */}
      <Suspense fallback={null}>
        <App />
      </Suspense>
    </StrictMode>,
  );
}

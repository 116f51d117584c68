import '@mantine/core/styles.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { completeSilentSignin } from './lib/auth/user-manager';
import { fetchConfig } from './lib/config';
import { installUnhandledRejectionHandler } from './lib/error-banner';
import { i18nReady } from './lib/i18n';
import { installOfflineReader } from './lib/offline/offline-data';

if (window.location.pathname === '/auth/silent') {
  // Inside the provider's hidden renewal frame: hand the answer to the app in the parent window.
  void fetchConfig().then(completeSilentSignin);
} else {
  installUnhandledRejectionHandler();
  installOfflineReader();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  // The texts before the first render: a first render that suspends for them (the English fallback is a
  // chunk of its own) is revealed only after React's 300 ms throttle, which was a third of an offline start.
  void i18nReady
    .catch(() => undefined)
    .then(() =>
      createRoot(root).render(
        <StrictMode>
          {/* A language chosen later loads its texts then, under this boundary. */}
          <Suspense fallback={null}>
            <App />
          </Suspense>
        </StrictMode>,
      ),
    );
}

import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../components/centered-loader';
import { toFailure } from '../lib/api-failure';
import { fetchConfig, type AppConfig } from '../lib/config';

type State = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; config: AppConfig };

/**
 * Loads /api/config before anything else, since signing in needs it. Kept out of the query cache:
 * it is boot state, and the cache is emptied on logout.
 */
export function ConfigGate({ children }: { children: (config: AppConfig) => ReactNode }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ status: 'loading' });

  // The state starts as loading; only a retry sets it back before asking again.
  const load = useCallback(
    (signal?: AbortSignal) =>
      fetchConfig(signal).then(
        (config) => setState({ status: 'ready', config }),
        (error: unknown) => {
          if (!signal?.aborted) setState({ status: 'failed', message: toFailure(error).message });
        },
      ),
    [],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  switch (state.status) {
    case 'ready':
      return children(state.config);
    case 'loading':
      return <CenteredLoader label={t('app.loading')} fullScreen />;
    case 'failed':
      return (
        <Center mih="100vh" p="md">
          <Alert color="red" title={t('app.startFailedTitle')} role="alert" maw={560} data-testid="config-error">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{t('app.startFailed', { message: state.message })}</Text>
              <Button
                onClick={() => {
                  setState({ status: 'loading' });
                  void load();
                }}
              >
                {t('app.retry')}
              </Button>
            </Stack>
          </Alert>
        </Center>
      );
  }
}

import { hasRole, type DatasetEntry } from '@dp/contract';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/centered-loader';
import { isApiFailure } from '../../../lib/api-failure';
import { useSession } from '../../../lib/auth/use-session';
import { useCanEditData } from '../../../lib/deployment';
import { useDatasetEntries } from '../api/use-dataset-entries';
import { EntryCard } from './entry-card';

// Tiptap and its toolbar are only downloaded when an admin opens this page.
const EntryEditor = lazy(() => import('./entry-editor'));

/**
 * /dataset (SPEC 2 'Data state page'): rich-text entries, newest first, with author and times.
 * Intern and admin read; admins add, edit and delete on the work instance. Others get the server's
 * refusal, said on the page.
 */
export function DatasetPage() {
  const { t } = useTranslation();
  const session = useSession();
  const entries = useDatasetEntries();
  const canEditData = useCanEditData();
  const admin = session.status === 'user' && hasRole(session.role, 'admin');
  const writable = admin && canEditData;
  // SPEC 4: the editor is in add mode (null) or edits one entry.
  const [editing, setEditing] = useState<DatasetEntry | null>(null);

  if (entries.isPending) return <CenteredLoader label={t('dataset.loading')} />;
  if (entries.error) {
    const refused = isApiFailure(entries.error) && entries.error.status === 403;
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('dataset.title')}
        </Title>
        <Alert
          color={refused ? 'orange' : 'red'}
          title={refused ? t('auth.restrictedTitle') : t('dataset.loadFailed')}
          icon={refused ? <IconLock aria-hidden /> : undefined}
          role="alert"
          data-testid={refused ? 'requires-role' : 'dataset-load-failed'}
        >
          {refused ? t('auth.requiresRole.intern') : entries.error.message}
        </Alert>
      </Stack>
    );
  }

  const list = entries.data;
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1} size="h2">
        {t('dataset.title')}
      </Title>
      <Text c="dimmed">{t('dataset.intro')}</Text>
      {writable && session.status === 'user' && (
        <Suspense fallback={<CenteredLoader label={t('dataset.editor.loading')} />}>
          <EntryEditor
            key={editing?.href ?? 'new'}
            username={session.username}
            entry={editing}
            onDone={() => setEditing(null)}
          />
        </Suspense>
      )}
      {list.length === 0 ? (
        <Text c="dimmed" data-testid="dataset-empty">
          {t('dataset.empty')}
        </Text>
      ) : (
        <Stack gap="sm" data-testid="dataset-entries">
          {list.map((entry) => (
            <EntryCard
              key={entry.href}
              entry={entry}
              writable={writable}
              withHistory={admin}
              editing={editing?.href === entry.href}
              onEdit={() => {
                setEditing(entry);
                window.scrollTo({ top: 0, behavior: 'smooth' });
              }}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

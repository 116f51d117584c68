import { Alert, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/centered-loader';
import { useInternalReleaseNotes } from '../api/use-internal-release-notes';
import { useReleaseNotes } from '../api/use-release-notes';
import { HistoryView } from './history-view';
import { IssuesStatus, VersionIssues } from './issues-section';
import { LicenceNotice } from './licence-notice';

/** /issues (SPEC 2): the licence notice and the shorter German version history. */
export function ExternalReleaseNotesPage() {
  const { t } = useTranslation();
  const notes = useReleaseNotes();
  return (
    <Stack gap="md" maw={1100} data-testid="release-notes-external">
      <Title order={1} size="h2">
        {t('infos.external.title')}
      </Title>
      <LicenceNotice />
      {notes.isPending ? (
        <CenteredLoader label={t('infos.loading')} />
      ) : notes.data ? (
        <HistoryView history={notes.data.history} />
      ) : (
        <Alert color="red">{notes.error?.message}</Alert>
      )}
    </Stack>
  );
}

/** /issues-internal (SPEC 2): the licence notice, the English history and the code host's issues. */
export function InternalReleaseNotesPage() {
  const { t } = useTranslation();
  const notes = useInternalReleaseNotes();
  return (
    <Stack gap="md" maw={1100} data-testid="release-notes-internal">
      <Title order={1} size="h2">
        {t('infos.internal.title')}
      </Title>
      <LicenceNotice />
      {notes.isPending ? (
        <CenteredLoader label={t('infos.loading')} />
      ) : notes.history ? (
        <>
          <IssuesStatus issues={notes.issues} />
          <HistoryView
            history={notes.history}
            below={(version) => {
              const found =
                notes.issues?.status === 'ok' ? notes.issues.versions.find((v) => v.version === version) : undefined;
              return found ? <VersionIssues version={version} issues={found.issues} /> : null;
            }}
          />
        </>
      ) : (
        <Alert color="red">{notes.error?.message}</Alert>
      )}
    </Stack>
  );
}

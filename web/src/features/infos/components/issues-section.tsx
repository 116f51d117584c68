import type { CodeHostIssue, CodeHostIssues } from '@dp/contract';
import { Alert, Anchor, Badge, Group, Loader, Paper, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/editable-table';

function IssueRow({ issue }: { issue: CodeHostIssue }) {
  const { t } = useTranslation();
  // Titles and labels come from the code host: shown as text, never as markup.
  const title = issue.web_url ? (
    <Anchor href={issue.web_url} target="_blank" rel="noopener noreferrer" size="sm">
      {issue.title}
    </Anchor>
  ) : (
    issue.title
  );
  return (
    <Table.Tr data-testid="code-host-issue">
      <Table.Td>#{issue.iid}</Table.Td>
      <Table.Td>{title}</Table.Td>
      <Table.Td>
        <Badge size="sm" variant="light" color={issue.state === 'closed' ? 'green' : 'blue'}>
          {issue.state === 'closed'
            ? t('infos.issues.closed')
            : issue.state === 'opened'
              ? t('infos.issues.open')
              : issue.state}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {issue.labels.map((label) => (
            <Badge key={label} size="xs" variant="outline" color="gray" tt="none">
              {label}
            </Badge>
          ))}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** Whether the code host's issues are there: a spinner while the server asks, the reason when they are not. */
export function IssuesStatus({ issues }: { issues: CodeHostIssues | undefined }) {
  const { t } = useTranslation();
  if (issues === undefined || issues.status === 'pending') {
    return (
      <Group gap="xs" role="status" aria-live="polite" data-testid="code-host-loading">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed" size="sm">
          {t('infos.issues.loading')}
        </Text>
      </Group>
    );
  }
  if (issues.status === 'unavailable') {
    return (
      <Alert
        color="yellow"
        icon={<IconAlertTriangle aria-hidden />}
        title={t('infos.issues.unavailableTitle')}
        role="alert"
        data-testid="code-host-notice"
      >
        {issues.message}
      </Alert>
    );
  }
  return issues.fetched_at ? (
    <Text size="xs" c="dimmed" data-testid="code-host-fetched">
      {t('infos.issues.fetchedAt', { time: formatDateTime(issues.fetched_at) })}
    </Text>
  ) : null;
}

/** The code host's issues of one version (SPEC 2: for 2.6.0 and 2.5.0), under that version of the history. */
export function VersionIssues({ version, issues }: { version: string; issues: CodeHostIssue[] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" mt={4} data-testid={`code-host-issues-${version}`}>
      <Title order={4} size="h6" mb="xs">
        {t('infos.issues.ofVersion', { version, count: issues.length })}
      </Title>
      {issues.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('infos.issues.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560} mah={420}>
          <Table striped stickyHeader verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70}>{t('infos.issues.number')}</Table.Th>
                <Table.Th>{t('infos.issues.issueTitle')}</Table.Th>
                <Table.Th w={110}>{t('infos.issues.state')}</Table.Th>
                <Table.Th>{t('infos.issues.labels')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {issues.map((issue) => (
                <IssueRow key={issue.iid} issue={issue} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

import type { PublishRequest } from '@dp/contract';
import { Badge, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { databaseKeys } from '../api/keys';
import { decidePublishRequest, downloadPublishReport, usePublishRequests } from '../api/transfers';
import { formatDateTime } from '../format';
import { DatabaseTable } from './database-table';

const STATUS_COLORS: Record<PublishRequest['status'], string> = {
  open: 'blue',
  approved: 'blue',
  rejected: 'gray',
  expired: 'gray',
  done: 'green',
  failed: 'red',
};

/** An open request's decision: a comment, Approve and Reject (the server refuses the requester). */
function Decision({ request }: { request: PublishRequest }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const decide = useMutation({
    mutationFn: (action: 'approve' | 'reject') => decidePublishRequest(request.href, action, comment),
    onSettled: () =>
      Promise.all(
        [databaseKeys.publishRequests, databaseKeys.transferred, databaseKeys.backups].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
  return (
    <Group gap="xs" wrap="nowrap">
      <TextInput
        size="xs"
        aria-label={t('database.publish.comment')}
        placeholder={t('database.publish.comment')}
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
      />
      <Button size="xs" color="green" loading={decide.isPending} onClick={() => decide.mutate('approve')}>
        {t('database.publish.approve')}
      </Button>
      <Button size="xs" color="red" variant="light" disabled={decide.isPending} onClick={() => decide.mutate('reject')}>
        {t('database.publish.reject')}
      </Button>
    </Group>
  );
}

/** Issue 44: requests to publish to live, each with its delta report, and Approve and Reject while open. */
export function PublishRequests() {
  const { t } = useTranslation();
  const requests = usePublishRequests();
  const list = requests.data?.requests ?? [];
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('database.publish.title', { count: requests.data?.open ?? 0 })}
      </Title>
      <DatabaseTable
        columns={[
          t('database.publish.columns.status'),
          t('database.publish.columns.requested'),
          t('database.publish.columns.backup'),
          t('database.publish.columns.reason'),
          t('database.publish.columns.decision'),
        ]}
        loading={requests.isPending}
        empty={list.length === 0}
        emptyText={t('database.publish.none')}
        minWidth={900}
        testId="publish-requests"
      >
        {list.map((request) => (
          <Table.Tr key={request.id} data-testid="publish-request-row">
            <Table.Td>
              <Badge color={STATUS_COLORS[request.status]}>{t(`database.publish.status.${request.status}`)}</Badge>
            </Table.Td>
            <Table.Td>
              {request.requested_by}, {formatDateTime(request.requested_at)}
            </Table.Td>
            <Table.Td>
              <Stack gap={2}>
                <Text size="sm">{request.backup}</Text>
                <Group gap={4}>
                  {(['pdf', 'html'] as const).map((type) => (
                    <Button
                      key={type}
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => void downloadPublishReport(request.href, type)}
                    >
                      {t(`database.publish.report.${type}`)}
                    </Button>
                  ))}
                </Group>
              </Stack>
            </Table.Td>
            <Table.Td>{request.reason}</Table.Td>
            <Table.Td>
              {request.status === 'open' ? (
                <Decision request={request} />
              ) : (
                <Text size="sm">
                  {[request.decided_by, request.comment, request.message].filter(Boolean).join(' — ')}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </DatabaseTable>
    </Stack>
  );
}

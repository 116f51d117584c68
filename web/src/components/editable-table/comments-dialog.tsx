import { ActionIcon, Button, Group, Modal, Paper, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from './format';
import type { TableComment } from './types';

interface CommentsDialogProps {
  opened: boolean;
  comments: TableComment[];
  /** The row is in edit mode and the user may change its comments. */
  editable: boolean;
  /** Author of comments added here. */
  currentUser: string;
  /** Gets the whole list back, with isNew / isChanged / isDeleted marks on what the user did. */
  onClose: (comments: TableComment[], changed: boolean) => void;
}

function CommentEntry({
  comment,
  editable,
  onChange,
  onDelete,
}: {
  comment: TableComment;
  editable: boolean;
  onChange: (text: string) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(comment.comment);
  const [confirming, setConfirming] = useState(false);
  return (
    <Paper withBorder p="xs" data-testid="comment-entry">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {comment.author}
          {comment.modification_time || comment.creation_time
            ? ` · ${formatDateTime(comment.modification_time ?? comment.creation_time)}`
            : ''}
        </Text>
        {editable && !editing && (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('table.comments.edit')}>
              <ActionIcon
                size="sm"
                variant="subtle"
                aria-label={t('table.comments.edit')}
                onClick={() => setEditing(true)}
              >
                <IconPencil size={14} aria-hidden />
              </ActionIcon>
            </Tooltip>
            {confirming ? (
              <Button
                size="compact-xs"
                color="red"
                autoFocus
                onClick={onDelete}
                onBlur={() => setConfirming(false)}
                onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), setConfirming(false))}
              >
                {t('table.comments.areYouSure')}
              </Button>
            ) : (
              <Tooltip label={t('table.comments.delete')}>
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="red"
                  aria-label={t('table.comments.delete')}
                  onClick={() => setConfirming(true)}
                >
                  <IconTrash size={14} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        )}
      </Group>
      {editing ? (
        <Stack gap={4} mt={4}>
          <Textarea
            aria-label={t('table.comments.edit')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            rows={3}
            autoFocus
          />
          <Group gap="xs" justify="flex-end">
            <Button
              size="compact-xs"
              variant="default"
              onClick={() => {
                setText(comment.comment);
                setEditing(false);
              }}
            >
              {t('table.comments.cancel')}
            </Button>
            <Button
              size="compact-xs"
              disabled={text.trim() === ''}
              onClick={() => {
                onChange(text.trim());
                setEditing(false);
              }}
            >
              {t('table.comments.save')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {comment.comment}
        </Text>
      )}
    </Paper>
  );
}

/**
 * The comments of one row (SPEC 2). Comments whose canEdit is true can be edited or deleted (after
 * 'Are you sure?') while the row is in edit mode; new ones can be added then. Nothing is sent to a
 * server here: the changed list goes back to the row, and saving the row writes it.
 */
export function CommentsDialog({ opened, comments, editable, currentUser, onClose }: CommentsDialogProps) {
  const { t } = useTranslation();
  const [list, setList] = useState(comments);
  const [changed, setChanged] = useState(false);
  const [draft, setDraft] = useState('');
  const [shownFor, setShownFor] = useState(comments);
  // Start from the row's comments each time the dialog is opened for other comments.
  if (shownFor !== comments) {
    setShownFor(comments);
    setList(comments);
    setChanged(false);
    setDraft('');
  }

  const update = (index: number, next: TableComment | null) => {
    setChanged(true);
    setList((current) => {
      const copy = [...current];
      const old = copy[index];
      if (!old) return current;
      if (next === null) {
        // A comment that never reached the server simply disappears.
        if (old.isNew) copy.splice(index, 1);
        else copy[index] = { ...old, isDeleted: true };
      } else copy[index] = next;
      return copy;
    });
  };

  const add = () => {
    const text = draft.trim();
    if (!text) return;
    setChanged(true);
    setList((current) => [...current, { comment: text, author: currentUser, canEdit: true, isNew: true }]);
    setDraft('');
  };

  return (
    <Modal
      opened={opened}
      onClose={() => onClose(list, changed)}
      title={t('table.comments.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('table.close') }}
    >
      <Stack gap="xs">
        {list.every((c) => c.isDeleted) && (
          <Text size="sm" c="dimmed">
            {t('table.comments.none')}
          </Text>
        )}
        {list.map((comment, index) =>
          comment.isDeleted ? null : (
            <CommentEntry
              key={comment.id ?? `new-${index}`}
              comment={comment}
              editable={editable && Boolean(comment.canEdit || comment.isNew)}
              onChange={(text) => update(index, { ...comment, comment: text, isChanged: !comment.isNew })}
              onDelete={() => update(index, null)}
            />
          ),
        )}
        {editable ? (
          <Stack gap={4}>
            <Textarea
              aria-label={t('table.comments.newComment')}
              placeholder={t('table.comments.newComment')}
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              rows={2}
            />
            <Group justify="flex-end">
              <Button size="xs" onClick={add} disabled={draft.trim() === ''}>
                {t('table.comments.add')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Text size="xs" c="dimmed">
            {t('table.comments.readOnly')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(list, changed)}>
            {t('table.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

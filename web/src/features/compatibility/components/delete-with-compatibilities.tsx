import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Question {
  version: string;
  count: number;
}

/**
 * Asks whether a version the server refused to delete (it still has compatibilities) shall be deleted
 * together with them, naming their count. `confirm` resolves true on 'Delete with compatibilities' and
 * false on cancel or close; `dialog` must be rendered once.
 */
export function useDeleteWithCompatibilities(): {
  confirm: (version: string, count: number) => Promise<boolean>;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const [question, setQuestion] = useState<Question | null>(null);
  const answer = useRef<((yes: boolean) => void) | null>(null);

  const confirm = useCallback(
    (version: string, count: number) =>
      new Promise<boolean>((resolve) => {
        answer.current?.(false);
        answer.current = resolve;
        setQuestion({ version, count });
      }),
    [],
  );
  const close = (yes: boolean) => {
    answer.current?.(yes);
    answer.current = null;
    setQuestion(null);
  };

  const dialog = (
    <Modal
      opened={question !== null}
      onClose={() => close(false)}
      title={t('compatibilityScreens.deleteVersion.title')}
      closeOnClickOutside={false}
    >
      {question && (
        <Stack gap="sm" data-testid="delete-with-compatibilities">
          <Text size="sm">{t('compatibilityScreens.deleteVersion.question', { ...question })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => close(false)} data-autofocus>
              {t('compatibilityScreens.cancel')}
            </Button>
            <Button color="red" onClick={() => close(true)} data-testid="delete-with-compatibilities-confirm">
              {t('compatibilityScreens.deleteVersion.confirm', { count: question.count })}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
  return { confirm, dialog };
}

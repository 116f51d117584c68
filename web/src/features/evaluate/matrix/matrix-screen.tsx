import { Alert, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EvaluatePageHeader } from '../evaluate-page-header';
import type { EvaluatePageKey } from '../evaluate-pages';
import type { Dropped } from './selection-rules';

interface MatrixScreenProps {
  page: Extract<EvaluatePageKey, 'systemAssemblyMatrix' | 'systemSystemAssemblyMatrix'>;
  onReset: () => void;
  /** Selections from the link that could not be used. */
  dropped: Dropped[];
  /** Takes the unusable selections out of the link. */
  onDismissDropped: () => void;
  selectors: ReactNode;
  children: ReactNode;
}

/** Title, back and reset buttons, the selectors, a notice about an unusable link, then the matrix. */
export function MatrixScreen({ page, onReset, dropped, onDismissDropped, selectors, children }: MatrixScreenProps) {
  const { t } = useTranslation();
  const describe = (item: Dropped) => {
    const text = t(`matrix.dropped.${item.field}`, { value: item.value });
    return item.block === undefined ? text : t('matrix.dropped.inBlock', { block: item.block + 1, item: text });
  };
  return (
    <Stack gap="md">
      <EvaluatePageHeader page={page} onReset={onReset}>
        <Text c="dimmed">{t(`evaluate.pages.${page}.description`)}</Text>
      </EvaluatePageHeader>
      {dropped.length > 0 && (
        <Alert
          color="yellow"
          icon={<IconInfoCircle aria-hidden />}
          title={t('matrix.invalidLinkTitle')}
          withCloseButton
          closeButtonLabel={t('matrix.invalidLinkDismiss')}
          onClose={onDismissDropped}
          data-testid="matrix-invalid-link"
        >
          {t('matrix.invalidLink', { items: dropped.map(describe).join(', ') })}
        </Alert>
      )}
      {selectors}
      {children}
    </Stack>
  );
}

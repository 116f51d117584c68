import { Box, LoadingOverlay, Stack, Text } from '@mantine/core';
import type { MatrixResponse } from '@dp/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/centered-loader';
import { MatrixLegend, MatrixTable, type MatrixColumnGroup } from './matrix-table';

interface MatrixResultProps {
  /** Rows and columns are chosen; otherwise `emptyText` says what is missing. */
  ready: boolean;
  /** Data the selection needs could not be loaded: say so instead of waiting for it. */
  failed: boolean;
  emptyText: string;
  matrix: UseQueryResult<MatrixResponse>;
  caption: string;
  rowsLabel?: string;
  groupsOf: (matrix: MatrixResponse) => MatrixColumnGroup[];
}

/** The matrix with its legend, or what stands in for it: a hint, a spinner or a failure note. */
export function MatrixResult({ ready, failed, emptyText, matrix, caption, rowsLabel, groupsOf }: MatrixResultProps) {
  const { t } = useTranslation();
  if (!matrix.data && (failed || matrix.isError)) {
    return (
      <Text c="red" data-testid="matrix-failed">
        {t('matrix.failed')}
      </Text>
    );
  }
  if (!ready) {
    return (
      <Text c="dimmed" data-testid="matrix-empty">
        {emptyText}
      </Text>
    );
  }
  if (!matrix.data) return <CenteredLoader label={t('matrix.loading')} />;
  return (
    <Stack gap="sm">
      <Box pos="relative">
        {/* A changed selection keeps the previous matrix visible, dimmed, until the new one arrives. */}
        <LoadingOverlay
          visible={matrix.isPlaceholderData}
          overlayProps={{ blur: 1 }}
          loaderProps={{ role: 'status', 'aria-label': t('matrix.loading') }}
        />
        <MatrixTable
          caption={caption}
          rowsLabel={rowsLabel}
          rows={matrix.data.rows}
          groups={groupsOf(matrix.data)}
          cells={matrix.data.cells}
        />
      </Box>
      <MatrixLegend />
    </Stack>
  );
}

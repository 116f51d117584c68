import { Badge, Group, Text, type MantineColor } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconHelpCircle, type Icon } from '@tabler/icons-react';
import type { CompatibilityStatus } from '@dp/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC 4: allowed green/check, conditional warning/triangle, forbidden danger/cross, irrelevant info/question. */
export const STATUS_STYLE: Record<CompatibilityStatus, { color: MantineColor; Icon: Icon }> = {
  allowed: { color: 'green', Icon: IconCircleCheck },
  conditional: { color: 'orange', Icon: IconAlertTriangle },
  forbidden: { color: 'red', Icon: IconCircleX },
  irrelevant: { color: 'cyan', Icon: IconHelpCircle },
};

/** The translated name of a status (Erlaubt, Vorbehalt, Verboten, Irrelevant in German). */
export function useStatusLabel() {
  const { t } = useTranslation();
  return useCallback((status: CompatibilityStatus) => t(`status.${status}`), [t]);
}

/** A status as a small coloured badge with its icon. */
export function StatusBadge({ status }: { status: CompatibilityStatus }) {
  const label = useStatusLabel();
  const { color, Icon } = STATUS_STYLE[status];
  return (
    <Badge color={color} variant="light" leftSection={<Icon size={14} aria-hidden />} data-status={status}>
      {label(status)}
    </Badge>
  );
}

/**
 * What a compatibility row shows (SPEC 2): the obligation text when there is one (intern, admin),
 * otherwise the translated status; always with the status icon and colour.
 */
export function CompatibilityText({ status, obligation }: { status: CompatibilityStatus; obligation?: string | null }) {
  const label = useStatusLabel();
  const { color, Icon } = STATUS_STYLE[status];
  return (
    <Group gap={6} wrap="nowrap" data-status={status}>
      <Icon
        size={16}
        color={`var(--mantine-color-${color}-filled)`}
        aria-label={label(status)}
        role="img"
        style={{ flexShrink: 0 }}
      />
      {/* Two lines at most; hovering shows the whole text, so that rows cut alike stay distinguishable. */}
      <Text size="sm" lineClamp={2} title={obligation ?? undefined}>
        {obligation ? obligation : label(status)}
      </Text>
    </Group>
  );
}

import { ActionIcon, Tooltip, type FloatingPosition } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EvaluatePageKey } from './evaluate-pages';

/** The info icon of an evaluation page with its tooltip, German in every language (SPEC section 1). */
export function PageInfo({ page, position = 'right' }: { page: EvaluatePageKey; position?: FloatingPosition }) {
  const { t } = useTranslation();
  // On a phone there is no room beside the icon: the tooltip opens below it, no wider than the screen.
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Tooltip
      label={t(`evaluate.pages.${page}.info`)}
      lang="de"
      multiline
      w="min(280px, calc(100vw - 32px))"
      withArrow
      position={phone ? 'bottom' : position}
      events={{ hover: true, focus: true, touch: true }}
    >
      <ActionIcon
        variant="subtle"
        size="sm"
        radius="xl"
        aria-label={t('evaluate.infoLabel', { name: t(`evaluate.pages.${page}.title`) })}
      >
        <IconInfoCircle size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

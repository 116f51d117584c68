import { ActionIcon, Tooltip } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useToggleWatch, useWatches } from '../lib/watches';

/** A star that watches or unwatches a version (issue 42); filled while the user watches it. */
export function WatchStar({ href, label }: { href: string; label: string }) {
  const { t } = useTranslation();
  const watches = useWatches();
  const toggle = useToggleWatch();
  const watched = watches.data?.items.some((w) => w.href === href) ?? false;
  const text = t(watched ? 'watches.unwatch' : 'watches.watch', { label });
  return (
    <Tooltip label={text}>
      <ActionIcon
        variant="subtle"
        color="yellow"
        aria-label={text}
        aria-pressed={watched}
        data-testid="watch-star"
        data-watched={watched}
        loading={toggle.isPending}
        disabled={watches.isPending}
        onClick={(event) => {
          // In a clickable row, the star only stars.
          event.stopPropagation();
          toggle.mutate({ href, watch: !watched });
        }}
      >
        {watched ? <IconStarFilled size={18} aria-hidden /> : <IconStar size={18} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}

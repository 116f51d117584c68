import { versionNumbers } from '@dp/contract';
import { ActionIcon, Box, Flex, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVersionsOf } from '../api/items-with-versions';
import { RELATIONS, type RelationKey } from '../kinds';
import { RelationTable } from './relation-table';
import { SelectionList } from './selection-list';
import { useItemList } from './use-item-list';

/**
 * The open lists' width beside the table: 300 px on wide screens, down to 200 px where the table needs
 * every pixel for its columns (a 1440 px window with the navigation shown; the lists' entries wrap).
 */
const PANEL_WIDTH = 'clamp(200px, 14vw, 300px)';

/**
 * A relation screen (SPEC 2): items of the `from` kind, then the chosen item's versions, then the
 * relation table of the chosen version. The two lists can be hidden to give the table the width.
 */
export function RelationScreen({ relationKey, title }: { relationKey: RelationKey; title: string }) {
  const { t } = useTranslation();
  const relation = RELATIONS[relationKey];
  const items = useItemList(relation.from);
  const item = items.item;
  const versions = useVersionsOf(relation.from, item?.href ?? null);
  const [versionHref, setVersionHref] = useState<string | null>(null);
  const [panelOpen, panel] = useDisclosure(true);
  const panelId = useId();

  const version = versions.data?.find((entry) => entry.href === versionHref) ?? null;
  const versionEntries = useMemo(
    () =>
      (versions.data ?? []).map((entry) => ({
        id: entry.href,
        label: versionNumbers(entry),
        description: entry.description,
      })),
    [versions.data],
  );
  const kindLabel = t(`compatibilityScreens.kinds.${relation.from}`);

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Flex gap="md" align="flex-start" direction={{ base: 'column', md: 'row' }}>
        <Box w={{ base: '100%', md: panelOpen ? PANEL_WIDTH : 'auto' }} style={{ flexShrink: 0 }}>
          <Tooltip label={panelOpen ? t('compatibilityScreens.hidePanel') : t('compatibilityScreens.showPanel')}>
            <ActionIcon
              variant="light"
              onClick={panel.toggle}
              aria-expanded={panelOpen}
              aria-controls={panelId}
              aria-label={panelOpen ? t('compatibilityScreens.hidePanel') : t('compatibilityScreens.showPanel')}
              mb="xs"
              data-testid="toggle-selection-panel"
            >
              {panelOpen ? <IconChevronsLeft size={18} aria-hidden /> : <IconChevronsRight size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
          {/* Hidden, not removed: the lists keep their filters while the table has the width. */}
          <Stack gap="sm" id={panelId} display={panelOpen ? undefined : 'none'}>
            <SelectionList
              title={kindLabel}
              {...items.list}
              selectedId={item?.href ?? null}
              onSelect={(href) => {
                // SPEC 4: another item clears the chosen version.
                if (href !== item?.href) setVersionHref(null);
                items.choose(href);
              }}
              emptyText={t('compatibilityScreens.noItems')}
              height={300}
              testId="items-list"
            />
            {item && (
              <SelectionList
                title={t('compatibilityScreens.versionsOf', { item: item.name })}
                entries={versionEntries}
                loading={versions.isPending}
                selectedId={versionHref}
                onSelect={setVersionHref}
                emptyText={t('compatibilityScreens.noVersions')}
                height={400}
                testId="versions-list"
              />
            )}
          </Stack>
        </Box>
        <Box flex={1} miw={0} w="100%">
          {item && version ? (
            <RelationTable
              key={version.href}
              relationKey={relationKey}
              version={{ href: version.href, itemName: item.name, label: versionNumbers(version) }}
            />
          ) : (
            <Text c="dimmed" role="status" data-testid="choose-version">
              {item ? t('compatibilityScreens.chooseVersion') : t('compatibilityScreens.chooseItem')}
            </Text>
          )}
        </Box>
      </Flex>
    </Stack>
  );
}

import { Box, Button, Collapse, Flex, NavLink as MantineNavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useResolvedPath, useLocation } from 'react-router';
import { CenteredLoader } from './centered-loader';

export interface SideMenuItem {
  /** Path relative to the layout's route. */
  to: string;
  label: string;
  testId: string;
}

export interface SideMenuGroup {
  /** Heading above the group; a single group may go without one. */
  label?: string;
  items: SideMenuItem[];
}

function SideMenuLink({ item }: { item: SideMenuItem }) {
  const { pathname } = useLocation();
  const target = useResolvedPath(item.to).pathname;
  const active = pathname === target || pathname.startsWith(`${target}/`);
  return (
    <MantineNavLink
      component={Link}
      to={item.to}
      label={item.label}
      active={active}
      aria-current={active ? 'page' : undefined}
      data-testid={item.testId}
    />
  );
}

function SideMenuGroupBlock({ group }: { group: SideMenuGroup }) {
  const headingId = useId();
  return (
    <Box role="group" aria-labelledby={group.label ? headingId : undefined}>
      {group.label && (
        <Text id={headingId} size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" mb={4}>
          {group.label}
        </Text>
      )}
      {group.items.map((item) => (
        <SideMenuLink key={item.to} item={item} />
      ))}
    </Box>
  );
}

/** A page with a collapsible menu on the left (side by side on wide screens, stacked on narrow ones). */
export function SideMenuLayout({ label, groups }: { label: string; groups: SideMenuGroup[] }) {
  const { t } = useTranslation();
  const [opened, { toggle }] = useDisclosure(true);
  const menuId = useId();
  return (
    <Flex direction={{ base: 'column', sm: 'row' }} gap="lg" align="flex-start">
      <Box component="nav" aria-label={label} w={{ base: '100%', sm: opened ? 260 : 'auto' }} style={{ flexShrink: 0 }}>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={toggle}
          aria-expanded={opened}
          aria-controls={menuId}
          leftSection={
            opened ? (
              <IconLayoutSidebarLeftCollapse size={18} aria-hidden />
            ) : (
              <IconLayoutSidebarLeftExpand size={18} aria-hidden />
            )
          }
          mb="xs"
        >
          {opened ? t('sideMenu.hide') : t('sideMenu.show')}
        </Button>
        <Collapse expanded={opened} id={menuId}>
          <Stack gap="sm">
            {groups.map((group, index) => (
              <SideMenuGroupBlock key={group.label ?? index} group={group} />
            ))}
          </Stack>
        </Collapse>
      </Box>
      <Box flex={1} miw={0} w="100%">
        {/* The screens load on their first visit; the menu stays while one does. */}
        <Suspense fallback={<CenteredLoader label={t('app.loading')} />}>
          <Outlet />
        </Suspense>
      </Box>
    </Flex>
  );
}

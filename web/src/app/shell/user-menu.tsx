import { Box, Button, Menu } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The signed-in user's name; its menu holds Logout. */
export function UserMenu({ username, onLogout }: { username: string; onLogout: () => void }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="dark"
          leftSection={<IconUserCircle size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={t('nav.userMenu', { name: username })}
          data-testid="user-menu"
        >
          {/* Narrow screens show the icon only; the name stays in the accessible label. */}
          <Box component="span" visibleFrom="sm">
            {username}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogout} data-testid="user-menu-logout">
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

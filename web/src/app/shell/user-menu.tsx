import { Box, Menu } from '@mantine/core';
import { IconCloudDownload, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HeaderMenu } from './header-menu';

/** The signed-in user's name; its menu holds the offline data and Logout. */
export function UserMenu({ username, onLogout }: { username: string; onLogout: () => void }) {
  const { t } = useTranslation();
  // Narrow screens show the icon only; the name stays in the accessible label.
  const target = (
    <Box component="span" visibleFrom="sm">
      {username}
    </Box>
  );
  return (
    <HeaderMenu
      icon={<IconUserCircle size={18} aria-hidden />}
      label={t('nav.userMenu', { name: username })}
      testId="user-menu"
      target={target}
    >
      <Menu.Item
        component={Link}
        to="/offline"
        leftSection={<IconCloudDownload size={16} aria-hidden />}
        data-testid="user-menu-offline"
      >
        {t('nav.offline')}
      </Menu.Item>
      <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogout} data-testid="user-menu-logout">
        {t('nav.logout')}
      </Menu.Item>
    </HeaderMenu>
  );
}

import { Button, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface HeaderMenuProps {
  icon: ReactNode;
  /** The accessible name; `target` may show less of it on narrow screens. */
  label: string;
  testId: string;
  target: ReactNode;
  /** The menu's items. */
  children: ReactNode;
}

/** A dropdown of the header (language, user): a quiet button with an icon and a chevron. */
export function HeaderMenu({ icon, label, testId, target, children }: HeaderMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="dark"
          leftSection={icon}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={label}
          data-testid={testId}
        >
          {target}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}

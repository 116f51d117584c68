import { Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** An alert's title as the page's first-level heading, for pages that consist of this one message. */
export function AlertHeading({ children }: { children: ReactNode }) {
  return (
    <Title order={1} fz="inherit" fw="inherit" lh="inherit" c="inherit">
      {children}
    </Title>
  );
}

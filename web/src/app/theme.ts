import { createTheme } from '@mantine/core';

// System fonts only (Mantine's default stack): the users' machines may have no internet.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  defaultRadius: 'sm',
});

import { Button, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import logo from '../../assets/logo.svg';
import { DEFAULT_TARGET } from '../../lib/auth/return-to';
import { useSignIn } from '../../lib/auth/use-sign-in';

/** Landing page for visitors (/home). */
export function HomePage() {
  const { t } = useTranslation();
  const signIn = useSignIn();
  return (
    <Paper withBorder p="xl" maw={640} mx="auto" mt="xl" radius="md">
      <Stack align="center" ta="center" gap="md">
        <Image src={logo} alt="" w={72} h={72} />
        <Title order={1} size="h2">
          {t('home.title')}
        </Title>
        <Text c="dimmed">{t('home.intro')}</Text>
        <Button
          size="md"
          leftSection={<IconLogin size={18} aria-hidden />}
          onClick={() => void signIn(DEFAULT_TARGET)}
          data-testid="home-login"
        >
          {t('home.login')}
        </Button>
      </Stack>
    </Paper>
  );
}

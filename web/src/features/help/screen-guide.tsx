import { hasRole, type Role } from '@dp/contract';
import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../lib/auth/use-session';
import { useAppConfig } from '../../lib/config';
import { canEditData, offersMonitoring } from '../../lib/deployment';
import type en from '../../locales/en.json';

type GuideKey = keyof (typeof en)['help']['guide']['screens'];
type EvaluatePageKey = keyof (typeof en)['evaluate']['pages'];

interface GuideEntry {
  key: GuideKey;
  to: string;
  /** Shown only to this role and above. */
  min: Role;
  /** Shown only where the deployment offers the screen. */
  where?: (deployment: Parameters<typeof canEditData>[0]) => boolean;
}

/** The screens in toolbar order, with who can open them (SPEC 6). */
const SCREENS: GuideEntry[] = [
  { key: 'evaluate', to: '/evaluate', min: 'extern' },
  { key: 'basicData', to: '/basic-data', min: 'admin', where: canEditData },
  { key: 'compatibility', to: '/compatibility', min: 'admin', where: canEditData },
  { key: 'database', to: '/database', min: 'admin' },
  { key: 'dataset', to: '/dataset', min: 'intern' },
  { key: 'monitoring', to: '/monitoring', min: 'admin', where: offersMonitoring },
  { key: 'infos', to: '/issues', min: 'extern' },
  { key: 'infosInternal', to: '/issues-internal', min: 'intern' },
  { key: 'apiDocs', to: '/api-docs', min: 'admin' },
];

/** The evaluation screens, described with the texts of the evaluation start page. */
const EVALUATE_SCREENS: { key: EvaluatePageKey; to: string }[] = [
  { key: 'systemCompatibilityBrowser', to: '/evaluate/system-compatibility-browser' },
  { key: 'assemblyCompatibilityBrowser', to: '/evaluate/assembly-compatibility-browser' },
  { key: 'subassemblyCompatibilityBrowser', to: '/evaluate/subassembly-compatibility-browser' },
  { key: 'systemDeltaBrowser', to: '/evaluate/system-delta-browser' },
  { key: 'upgradePlanner', to: '/evaluate/upgrade-planner' },
  { key: 'systemAssemblyMatrix', to: '/evaluate/system-assembly-matrix' },
  { key: 'systemSystemAssemblyMatrix', to: '/evaluate/system-system-assembly-matrix' },
];

/** A short guide to every screen the user can open, each with a link to it. */
export function ScreenGuide() {
  const { t } = useTranslation();
  const session = useSession();
  const { deployment } = useAppConfig();
  const role: Role = session.status === 'user' ? session.role : 'extern';
  const screens = SCREENS.filter((s) => hasRole(role, s.min) && (s.where?.(deployment) ?? true));
  return (
    <Stack gap="sm" data-testid="screen-guide">
      <Title order={2} size="h3">
        {t('help.guide.title')}
      </Title>
      <Text c="dimmed">{t('help.guide.intro')}</Text>
      {screens.map((screen) => (
        <Paper key={screen.key} withBorder radius="md" p="sm" data-testid={`guide-${screen.key}`}>
          <Anchor component={Link} to={screen.to} fw={600}>
            {t(`help.guide.screens.${screen.key}.title`)}
          </Anchor>
          <Text size="sm">{t(`help.guide.screens.${screen.key}.text`)}</Text>
          {screen.key === 'evaluate' && (
            <List size="sm" mt={4} spacing={2}>
              {EVALUATE_SCREENS.map((page) => (
                <List.Item key={page.key}>
                  <Anchor component={Link} to={page.to} size="sm">
                    {t(`evaluate.pages.${page.key}.title`)}
                  </Anchor>
                  {' – '}
                  {t(`evaluate.pages.${page.key}.description`)}
                </List.Item>
              ))}
            </List>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

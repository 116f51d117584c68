import { Box, Button, Menu } from '@mantine/core';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '../../lib/i18n';

/** Language dropdown (en, de, fr); i18n keeps the choice in localStorage. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'de';
  const name = t(`language.${current}`);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="dark"
          leftSection={<IconLanguage size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={t('language.button', { language: name })}
          data-testid="language-menu"
        >
          <Box component="span" visibleFrom="sm">
            {name}
          </Box>
          <Box component="span" hiddenFrom="sm">
            {current.toUpperCase()}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.RadioGroup value={current} onChange={(value) => isLanguage(value) && void i18n.changeLanguage(value)}>
          {LANGUAGES.map((language) => (
            <Menu.RadioItem key={language} value={language} lang={language} closeMenuOnClick data-testid={`language-${language}`}>
              {t(`language.${language}`)}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}

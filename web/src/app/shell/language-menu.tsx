import { Box, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '../../lib/i18n';
import { HeaderMenu } from './header-menu';

/** Language dropdown (en, de, fr); i18n keeps the choice in localStorage. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'de';
  const name = t(`language.${current}`);
  // Narrow screens show the icon only (like the user menu): a visible code such as 'EN' would not be
  // part of the accessible name 'Language: English', which speech control relies on.
  const target = (
    <Box component="span" visibleFrom="sm">
      {name}
    </Box>
  );
  return (
    <HeaderMenu
      icon={<IconLanguage size={18} aria-hidden />}
      label={t('language.button', { language: name })}
      testId="language-menu"
      target={target}
    >
      <Menu.RadioGroup value={current} onChange={(value) => isLanguage(value) && void i18n.changeLanguage(value)}>
        {LANGUAGES.map((language) => (
          <Menu.RadioItem
            key={language}
            value={language}
            lang={language}
            closeMenuOnClick
            data-testid={`language-${language}`}
          >
            {t(`language.${language}`)}
          </Menu.RadioItem>
        ))}
      </Menu.RadioGroup>
    </HeaderMenu>
  );
}

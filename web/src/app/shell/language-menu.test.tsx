import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n, LANGUAGE_KEY } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { LanguageMenu } from './language-menu';

function Greeting() {
  const { t } = useTranslation();
  return <h1>{t('home.title')}</h1>;
}

describe('LanguageMenu', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
  });

  it('starts in German', () => {
    renderWithProviders(<Greeting />);
    expect(screen.getByRole('heading')).toHaveTextContent('Willkommen im Digital Portfolio');
  });

  it('switches the visible texts and keeps the choice in localStorage', async () => {
    renderWithProviders(
      <>
        <LanguageMenu />
        <Greeting />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sprache: Deutsch' }));
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'English' }));

    expect(screen.getByRole('heading')).toHaveTextContent('Welcome to the Digital Portfolio');
    expect(screen.getByTestId('language-menu')).toHaveAccessibleName('Language: English');
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('en');

    await userEvent.click(screen.getByTestId('language-menu'));
    await userEvent.click(screen.getByTestId('language-fr'));
    expect(screen.getByRole('heading')).toHaveTextContent('Bienvenue dans le Digital Portfolio');
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('marks the current language as checked', async () => {
    renderWithProviders(<LanguageMenu />);
    await userEvent.click(screen.getByTestId('language-menu'));
    expect(screen.getByRole('menuitemradio', { name: 'Deutsch' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: 'Français' })).toHaveAttribute('aria-checked', 'false');
  });
});

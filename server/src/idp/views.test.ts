import { describe, expect, it } from 'vitest';
import { idpLanguageOf } from './texts.js';
import { escapeHtml, loginPage, LOGOUT_SUBMIT_SCRIPT, logoutPage, messagePage } from './views.js';

describe('provider pages', () => {
  it('renders a labelled login form without script', () => {
    const html = loginPage({ action: '/idp/interaction/abc', lang: 'en' });
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Sign in – Digital Portfolio</title>');
    expect(html).toContain('<form method="post" action="/idp/interaction/abc"');
    expect(html).toContain('<label for="username">User name</label>');
    expect(html).toContain('<input id="username" name="username"');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toContain('type="password"');
    expect(html).toContain('<button type="submit">Sign in</button>');
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain('<script');
  });

  it('shows the error line and keeps the user name, escaped', () => {
    const html = loginPage({
      action: '/x',
      username: '"><script>alert(1)</script>',
      error: 'Invalid user name or password.',
      lang: 'en',
    });
    expect(html).toContain('<p class="error" role="alert">Invalid user name or password.</p>');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('value="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;"');
  });

  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;',
    );
  });

  it('renders a message with an optional link', () => {
    const html = messagePage({ title: 'Signed out', message: 'Bye <now>', link: { href: '/?a=1&b=2', text: 'Back' } });
    expect(html).toContain('<h2>Signed out</h2>');
    expect(html).toContain('Bye &#60;now&#62;');
    expect(html).toContain('href="/?a=1&#38;b=2"');
  });

  it('auto-submits the logout form with logout=yes and a script that matches its CSP hash', () => {
    const form =
      '<form id="op.logoutForm" method="post" action="/idp/session/end/confirm"><input type="hidden" name="xsrf" value="t"/></form>';
    const html = logoutPage(form, 'en');
    expect(html).toContain('<input type="hidden" name="logout" value="yes"/></form>');
    expect(html).toContain(`<script>${LOGOUT_SUBMIT_SCRIPT}</script>`);
    expect(html).toContain('<noscript><button type="submit" form="op.logoutForm">Sign out</button></noscript>');
    expect(logoutPage(form)).toContain(
      '<noscript><button type="submit" form="op.logoutForm">Abmelden</button></noscript>',
    );
  });

  it('renders the login page in German by default and in French when asked', () => {
    const german = loginPage({ action: '/x' });
    expect(german).toContain('<html lang="de">');
    expect(german).toContain('<title>Anmelden – Digital Portfolio</title>');
    expect(german).toContain('<label for="username">Benutzername</label>');
    expect(german).toContain('<label for="password">Passwort</label>');
    expect(german).toContain('<button type="submit">Anmelden</button>');
    expect(german).toContain('Demo-Benutzer: ');
    const french = loginPage({ action: '/x', lang: 'fr' });
    expect(french).toContain('<html lang="fr">');
    expect(french).toContain('<label for="username">Nom d&#39;utilisateur</label>');
    expect(french).toContain('<button type="submit">Se connecter</button>');
  });

  it('renders message pages with the language attribute and an optional detail', () => {
    const html = messagePage({
      title: 'Connexion expirée',
      message: 'x',
      detail: 'Détails : invalid_request',
      lang: 'fr',
    });
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<p class="hint">Détails : invalid_request</p>');
    expect(messagePage({ title: 't', message: 'm' })).toContain('<html lang="de">');
  });

  it('picks the page language from ui_locales, German when none is supported', () => {
    expect(idpLanguageOf('en')).toBe('en');
    expect(idpLanguageOf('fr-CH de')).toBe('fr');
    expect(idpLanguageOf('it en-GB')).toBe('en');
    expect(idpLanguageOf('it')).toBe('de');
    expect(idpLanguageOf('')).toBe('de');
    expect(idpLanguageOf(undefined)).toBe('de');
  });
});

import { describe, expect, it } from 'vitest';
import { escapeHtml, loginPage, LOGOUT_SUBMIT_SCRIPT, logoutPage, messagePage } from './views.js';

describe('provider pages', () => {
  it('renders a labelled login form without script', () => {
    const html = loginPage({ action: '/idp/interaction/abc' });
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
    const html = loginPage({ action: '/x', username: '"><script>alert(1)</script>', error: 'Invalid user name or password.' });
    expect(html).toContain('<p class="error" role="alert">Invalid user name or password.</p>');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('value="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;"');
  });

  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;');
  });

  it('renders a message with an optional link', () => {
    const html = messagePage({ title: 'Signed out', message: 'Bye <now>', link: { href: '/?a=1&b=2', text: 'Back' } });
    expect(html).toContain('<h2>Signed out</h2>');
    expect(html).toContain('Bye &#60;now&#62;');
    expect(html).toContain('href="/?a=1&#38;b=2"');
  });

  it('auto-submits the logout form with logout=yes and a script that matches its CSP hash', () => {
    const form = '<form id="op.logoutForm" method="post" action="/idp/session/end/confirm"><input type="hidden" name="xsrf" value="t"/></form>';
    const html = logoutPage(form);
    expect(html).toContain('<input type="hidden" name="logout" value="yes"/></form>');
    expect(html).toContain(`<script>${LOGOUT_SUBMIT_SCRIPT}</script>`);
    expect(html).toContain('<noscript><button type="submit" form="op.logoutForm">Sign out</button></noscript>');
  });
});

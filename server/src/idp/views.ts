import { PRODUCT_NAME } from '@dp/contract';
import { DEMO_USERS } from '../config.js';
import { DEFAULT_IDP_LANGUAGE, IDP_TEXTS, type IdpLanguage } from './texts.js';

// The embedded provider's pages: plain HTML with inline CSS (the app's CSP allows inline styles) and no
// script, except the logout page's one-line auto-submit, which is allowed by its hash. Each page is
// in one of the app's languages (texts.ts), German unless told.

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const style = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
    font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;background:#f1f3f5;color:#212529}
  main{width:100%;max-width:22rem;margin:1rem;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
  h1{margin:0 0 .25rem;font-size:1.5rem}
  h2{margin:0 0 1.5rem;font-size:1rem;font-weight:400;color:#495057}
  label{display:block;margin:1rem 0 .25rem;font-weight:600;font-size:.9rem}
  input{width:100%;padding:.55rem .65rem;font:inherit;border:1px solid #ced4da;border-radius:4px}
  input:focus{outline:2px solid #1971c2;outline-offset:1px;border-color:#1971c2}
  button,.button{display:block;width:100%;margin-top:1.5rem;padding:.6rem;font:inherit;font-weight:600;text-align:center;
    text-decoration:none;color:#fff;background:#1971c2;border:0;border-radius:4px;cursor:pointer}
  button:hover,.button:hover{background:#1864ab}
  .error{margin:0 0 .5rem;padding:.5rem .75rem;color:#c92a2a;background:#fff5f5;border:1px solid #ffc9c9;border-radius:4px}
  .hint{margin:1.5rem 0 0;font-size:.85rem;color:#495057}
`;

function layout(lang: IdpLanguage, title: string, body: string, head = ''): string {
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – ${PRODUCT_NAME}</title>
<style>${style}</style>
${head}
</head>
<body>
<main>
<h1>${PRODUCT_NAME}</h1>
${body}
</main>
</body>
</html>`;
}

export interface LoginPageOptions {
  /** Where the form posts to. */
  action: string;
  /** User name to show again after a failed attempt, or the login_hint. */
  username?: string;
  error?: string;
  lang?: IdpLanguage;
}

export function loginPage({ action, username = '', error, lang = DEFAULT_IDP_LANGUAGE }: LoginPageOptions): string {
  const text = IDP_TEXTS[lang];
  const errorLine = error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';
  return layout(
    lang,
    text.signInTitle,
    `<h2>${escapeHtml(text.signInTitle)}</h2>
<form method="post" action="${escapeHtml(action)}" novalidate>
${errorLine}
<label for="username">${escapeHtml(text.userName)}</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required${
      username ? ` value="${escapeHtml(username)}"` : ' autofocus'
    }>
<label for="password">${escapeHtml(text.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${username ? ' autofocus' : ''}>
<button type="submit">${escapeHtml(text.signInButton)}</button>
</form>
<p class="hint">${escapeHtml(text.demoUsers(DEMO_USERS.join(', ')))}</p>`,
  );
}

export interface MessagePageOptions {
  title: string;
  message: string;
  link?: { href: string; text: string };
  /** A technical detail shown small under the message (e.g. the provider's error description). */
  detail?: string;
  lang?: IdpLanguage;
}

export function messagePage({ title, message, link, detail, lang = DEFAULT_IDP_LANGUAGE }: MessagePageOptions): string {
  const button = link ? `<a class="button" href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a>` : '';
  const details = detail ? `\n<p class="hint">${escapeHtml(detail)}</p>` : '';
  return layout(lang, title, `<h2>${escapeHtml(title)}</h2>\n<p>${escapeHtml(message)}</p>${details}\n${button}`);
}

/** The script that submits the logout form at once, so RP-initiated logout needs no extra click. */
export const LOGOUT_SUBMIT_SCRIPT = 'document.forms[0].submit();';

/**
 * The logout confirmation; `form` is oidc-provider's form (action and xsrf token); `logout=yes` ends the
 * whole provider session. With `autoSubmit` (the request came from the product's own pages or carried a
 * valid ID token hint) a script submits it at once; otherwise it asks, so a link on another site cannot
 * sign anyone out (the POST needs the xsrf token of this page).
 */
export function logoutPage(
  form: string,
  lang: IdpLanguage = DEFAULT_IDP_LANGUAGE,
  { autoSubmit = true }: { autoSubmit?: boolean } = {},
): string {
  const text = IDP_TEXTS[lang];
  const withLogout = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  if (!autoSubmit) {
    return layout(
      lang,
      text.signOutButton,
      `<h2>${escapeHtml(text.signOutButton)}</h2>
<p>${escapeHtml(text.signOutQuestion)}</p>
${withLogout}
<button type="submit" form="op.logoutForm">${escapeHtml(text.signOutButton)}</button>`,
    );
  }
  return layout(
    lang,
    text.signingOut,
    `<h2>${escapeHtml(text.signingOut)}</h2>
${withLogout}
<noscript><button type="submit" form="op.logoutForm">${escapeHtml(text.signOutButton)}</button></noscript>
<script>${LOGOUT_SUBMIT_SCRIPT}</script>`,
  );
}

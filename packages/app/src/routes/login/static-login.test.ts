import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../app/paths';
import { AUTH_STORAGE_KEY } from '../../session/load-auth';
import { releaseStaticLogin, STATIC_LOGIN_ID } from './static-login';

/** packages/app, where index.html and public/ are. */
const appDir = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const bootScript = readFileSync(join(appDir, 'public/boot.js'), 'utf8');
const indexHtml = readFileSync(join(appDir, 'index.html'), 'utf8');

function staticScreen(): HTMLElement {
  // The copy alone (not the page's module script, which happy-dom would try to load).
  document.body.innerHTML = indexHtml.slice(
    indexHtml.indexOf(`<div id="${STATIC_LOGIN_ID}">`),
    indexHtml.indexOf('<script src="/boot.js">'),
  );
  document.documentElement.dataset.boot = 'login';
  const copy = document.getElementById(STATIC_LOGIN_ID);
  if (!copy) throw new Error('index.html has no static sign-in screen');
  return copy;
}

afterEach(() => {
  document.body.innerHTML = '';
  delete document.documentElement.dataset.boot;
});

describe('the static sign-in screen of index.html', () => {
  it('is shown by boot.js for the app’s session key and sign-in path', () => {
    expect(bootScript).toContain(`localStorage.getItem('${AUTH_STORAGE_KEY}')`);
    expect(bootScript).toContain(`path !== '${appRoutes.login.path}'`);
  });

  it('hands over what was typed and where the focus was, then is gone', () => {
    const copy = staticScreen();
    const email = copy.querySelector<HTMLInputElement>('input[name="email"]');
    const password = copy.querySelector<HTMLInputElement>('input[name="password"]');
    if (!email || !password) throw new Error('the static screen has no email and password fields');
    email.value = 'admin@sakura-clinic.example';
    password.value = 'secret';
    password.focus();

    expect(releaseStaticLogin()).toEqual({
      email: 'admin@sakura-clinic.example',
      password: 'secret',
      focused: 'password',
      submitted: false,
      google: false,
    });
    expect(document.getElementById(STATIC_LOGIN_ID)).toBeNull();
    expect(document.documentElement.dataset.boot).toBeUndefined();
    expect(releaseStaticLogin()).toBeNull();
  });

  it('holds a sign-in sent before the app runs instead of sending the form', () => {
    const copy = staticScreen();
    delete document.documentElement.dataset.boot;
    window.history.replaceState(null, '', appRoutes.login.path);
    new Function(bootScript)();
    expect(document.documentElement.dataset.boot).toBe('login');

    const form = copy.querySelector('form');
    if (!form) throw new Error('the static screen has no form');
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(copy.querySelector('button[type="submit"]')?.getAttribute('aria-busy')).toBe('true');
    expect(releaseStaticLogin()?.submitted).toBe(true);
    expect(document.documentElement.dataset.bootSubmit).toBeUndefined();
  });

  it('holds a press of the Google button made before the app runs', () => {
    const copy = staticScreen();
    delete document.documentElement.dataset.boot;
    window.history.replaceState(null, '', appRoutes.login.path);
    new Function(bootScript)();

    const google = copy.querySelector<HTMLButtonElement>('button[type="button"]');
    if (!google) throw new Error('the static screen has no Google button');
    google.click();
    expect(google.getAttribute('aria-busy')).toBe('true');
    const released = releaseStaticLogin();
    expect(released?.google).toBe(true);
    expect(released?.submitted).toBe(false);
    expect(document.documentElement.dataset.bootGoogle).toBeUndefined();
  });

  it('is removed for a visit with a stored session', () => {
    staticScreen();
    delete document.documentElement.dataset.boot;
    window.history.replaceState(null, '', appRoutes.login.path);
    localStorage.setItem(AUTH_STORAGE_KEY, '{}');
    try {
      new Function(bootScript)();
      expect(document.documentElement.dataset.boot).toBeUndefined();
      expect(document.getElementById(STATIC_LOGIN_ID)).toBeNull();
    } finally {
      localStorage.removeItem(AUTH_STORAGE_KEY);
    }
  });
});

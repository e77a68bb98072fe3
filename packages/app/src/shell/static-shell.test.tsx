import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { act, cleanup, render } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../app/paths';
import { AUTH_STORAGE_KEY } from '../session/load-auth';
import { STATIC_SHELL_ID, useHoldStaticShell, useStaticShellHandover } from './static-shell';

/** packages/app, where index.html and public/ are. */
const appDir = join(dirname(fileURLToPath(import.meta.url)), '../..');
const bootScript = readFileSync(join(appDir, 'public/boot.js'), 'utf8');
const indexHtml = readFileSync(join(appDir, 'index.html'), 'utf8');

/** index.html's body up to boot.js (not the module script, which happy-dom would try to load), then boot.js at `path`. */
function firstPaint(path: string, signedIn: boolean) {
  document.body.innerHTML = indexHtml.slice(
    indexHtml.indexOf('<div id="boot">'),
    indexHtml.indexOf('<script src="/boot.js">'),
  );
  window.history.replaceState(null, '', path);
  if (signedIn) localStorage.setItem(AUTH_STORAGE_KEY, '{}');
  try {
    new Function(bootScript)();
  } finally {
    localStorage.removeItem(AUTH_STORAGE_KEY);
  }
}

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  delete document.documentElement.dataset.boot;
});

describe('the static frame of / (index.html, boot.js)', () => {
  it('is shown for a stored session on /, instead of the sign-in copy', () => {
    firstPaint(appRoutes.home.path, true);
    expect(document.documentElement.dataset.boot).toBe('shell');
    expect(document.getElementById(STATIC_SHELL_ID)).not.toBeNull();
    expect(document.getElementById('boot')).toBeNull();
  });

  it('is removed signed out (the sign-in copy shows) and on any other screen', () => {
    firstPaint(appRoutes.home.path, false);
    expect(document.documentElement.dataset.boot).toBe('login');
    expect(document.getElementById(STATIC_SHELL_ID)).toBeNull();

    delete document.documentElement.dataset.boot;
    firstPaint(appRoutes.customers.path, true);
    expect(document.documentElement.dataset.boot).toBeUndefined();
    expect(document.getElementById(STATIC_SHELL_ID)).toBeNull();
  });

  it('carries the dashboard’s heading and nothing of the user, hidden from assistive technology', () => {
    firstPaint(appRoutes.home.path, true);
    const shell = document.getElementById(STATIC_SHELL_ID);
    expect(shell?.getAttribute('aria-hidden')).toBe('true');
    expect(shell?.querySelector('h1')?.textContent).toBe(appRoutes.home.title);
    // Nothing to press or to type into: it is a picture of the frame until the app's own shows.
    expect(shell?.querySelectorAll('a, button, input, [tabindex]')).toHaveLength(0);
  });
});

function Spinner() {
  useHoldStaticShell();
  return <p>読み込み中</p>;
}

function Routes({ children }: { children: ReactNode }) {
  useStaticShellHandover();
  return <>{children}</>;
}

let showScreen: () => void = () => {};

/** The routes while the session loads (a spinner), until `showScreen()`. */
function SessionLoading() {
  const [ready, setReady] = useState(false);
  showScreen = () => setReady(true);
  return <Routes>{ready ? <h1>{appRoutes.home.title}</h1> : <Spinner />}</Routes>;
}

describe('the hand-over to the app', () => {
  it('keeps the frame while the app shows only a spinner, and lets it go with the spinner', () => {
    firstPaint(appRoutes.home.path, true);
    render(<SessionLoading />);
    // The routes are there, but all they show is the session's spinner: the frame stays.
    expect(document.documentElement.dataset.boot).toBe('shell');
    expect(document.getElementById(STATIC_SHELL_ID)).not.toBeNull();

    act(() => showScreen());
    expect(document.documentElement.dataset.boot).toBeUndefined();
    expect(document.getElementById(STATIC_SHELL_ID)).toBeNull();
  });

  it('lets it go at once when the routes show more than a spinner', () => {
    firstPaint(appRoutes.home.path, true);
    render(
      <Routes>
        <h1>{appRoutes.home.title}</h1>
      </Routes>,
    );
    expect(document.documentElement.dataset.boot).toBeUndefined();
    expect(document.getElementById(STATIC_SHELL_ID)).toBeNull();
  });
});

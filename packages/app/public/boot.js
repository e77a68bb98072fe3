// The one script before the first paint (classic, tiny, parser-blocking on purpose, right after
// index.html's static copy of the sign-in screen, #boot): says whether this visit opens on the
// sign-in screen, so that the copy shows at once, before the app's JavaScript has arrived. Signed
// out, / and /login lead there; with a stored session on /, index.html's static copy of the app's
// frame (#boot-shell) shows instead; otherwise the app decides, and the copy is removed
// (hidden, it would still be a second form for whatever reads the page). A sign-in sent from the copy is held (never sent as a plain form,
// which would put the password in the address), and so is a press of its Google button; the app
// sends either on as soon as it takes over
// (src/routes/login/static-login.ts). The key and the path are the app's (AUTH_STORAGE_KEY,
// appRoutes.login.path: static-login.test.ts checks).
(() => {
  const root = document.documentElement;
  const path = location.pathname;
  let signedIn = false;
  try {
    signedIn = localStorage.getItem('tsumiki-auth') !== null;
  } catch {
    // Storage refused (a privacy setting): the app will say what it can.
  }
  if (signedIn || (path !== '/' && path !== '/login')) {
    document.getElementById('boot')?.remove();
    // Signed in on /: the static copy of the app's frame shows until the app has its own
    // (src/shell/static-shell.ts); anywhere else the app paints first.
    if (signedIn && path === '/') root.dataset.boot = 'shell';
    else document.getElementById('boot-shell')?.remove();
    return;
  }
  document.getElementById('boot-shell')?.remove();
  root.dataset.boot = 'login';
  document.addEventListener(
    'submit',
    (event) => {
      if (!(event.target instanceof Element) || !event.target.closest('#boot')) return;
      event.preventDefault();
      root.dataset.bootSubmit = '1';
      const button = event.target.querySelector('button[type="submit"]');
      if (button) button.setAttribute('aria-busy', 'true');
    },
    true,
  );
  document.addEventListener(
    'click',
    (event) => {
      const button =
        event.target instanceof Element ? event.target.closest('#boot button[type="button"]') : null;
      if (!button) return;
      root.dataset.bootGoogle = '1';
      button.setAttribute('aria-busy', 'true');
    },
    true,
  );
})();

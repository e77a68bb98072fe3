/**
 * index.html paints a static copy of the sign-in screen (`#boot`) before any module runs, when
 * public/boot.js finds a signed-out visit to / or /login (it sets `data-boot` on <html>, which
 * shows #boot and hides #root). The app's own screen takes over in one frame: this removes the copy
 * and says what the user had done in it meanwhile, so that nothing typed and no focus is lost.
 */
export interface StaticLoginInput {
  email: string;
  password: string;
  /** The field that had keyboard focus, if one had. */
  focused: 'email' | 'password' | null;
  /** The form was sent (public/boot.js held it): the app's screen sends it on. */
  submitted: boolean;
  /** Its Google button was pressed (public/boot.js held it): the app's screen starts Google sign-in. */
  google: boolean;
}

export const STATIC_LOGIN_ID = 'boot';

/**
 * Hands over from the static screen: null when there is none (any visit but a signed-out first
 * load of / or /login, or once handed over). Safe to call from anywhere and more than once.
 */
export function releaseStaticLogin(): StaticLoginInput | null {
  if (typeof document === 'undefined') return null;
  const { dataset } = document.documentElement;
  const submitted = dataset.bootSubmit === '1';
  const google = dataset.bootGoogle === '1';
  delete dataset.boot;
  delete dataset.bootSubmit;
  delete dataset.bootGoogle;
  const copy = document.getElementById(STATIC_LOGIN_ID);
  if (!copy) return null;
  const field = (name: string) => copy.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const active = document.activeElement;
  const focusedName = active instanceof HTMLInputElement && copy.contains(active) ? active.name : null;
  const input: StaticLoginInput = {
    email: field('email')?.value ?? '',
    password: field('password')?.value ?? '',
    focused: focusedName === 'email' || focusedName === 'password' ? focusedName : null,
    submitted,
    google,
  };
  copy.remove();
  return input;
}

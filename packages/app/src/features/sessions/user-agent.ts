/** What the session manager says about the device a session was signed in from. */
export interface DeviceDescription {
  /** Chrome, Safari…; null when the browser is not recognised. */
  browser: string | null;
  /** Windows, iPhone…; null when the system is not recognised. */
  os: string | null;
  /** The phone-or-computer shape, for the icon. */
  kind: 'mobile' | 'tablet' | 'desktop' | 'unknown';
  /** 「Chrome（Windows）」, 「Safari（iPhone）」, 「Windows のブラウザー」 or 「不明な端末」. */
  label: string;
}

/** Most specific first: Edge and Opera also say Chrome, Chrome also says Safari. */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera|OPiOS)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bLine\//, 'LINE'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|CriOS)\//, 'Chrome'],
  [/\bChromium\//, 'Chromium'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//i, 'curl'],
];

/** iPad before Mac (an iPad may say Macintosh but then also says Mobile… only sometimes). */
const SYSTEMS: readonly [RegExp, string, DeviceDescription['kind']][] = [
  [/\biPhone\b/, 'iPhone', 'mobile'],
  [/\biPad\b/, 'iPad', 'tablet'],
  [/\bAndroid\b.*\bMobile\b/, 'Android', 'mobile'],
  [/\bAndroid\b/, 'Android', 'tablet'],
  [/\bWindows\b/, 'Windows', 'desktop'],
  [/\bCrOS\b/, 'ChromeOS', 'desktop'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac', 'desktop'],
  [/\bLinux\b/, 'Linux', 'desktop'],
];

/**
 * A short Japanese description of a User-Agent header, e.g. 「Chrome（Windows）」. It is only a
 * label for people: the header is whatever the client sent.
 */
export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  const text = userAgent?.trim() ?? '';
  if (!text) return { browser: null, os: null, kind: 'unknown', label: '不明な端末' };
  const browser = BROWSERS.find(([pattern]) => pattern.test(text))?.[1] ?? null;
  const system = SYSTEMS.find(([pattern]) => pattern.test(text));
  const os = system?.[1] ?? null;
  const kind = system?.[2] ?? 'unknown';
  let label: string;
  if (browser && os) label = `${browser}（${os}）`;
  else if (browser) label = browser;
  else if (os) label = `${os} のブラウザー`;
  else label = '不明な端末';
  return { browser, os, kind, label };
}

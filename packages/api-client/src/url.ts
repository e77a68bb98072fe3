const LOCAL_HOSTS = new Set(['localhost', '[::1]', '::1']);

function isLocalHost(hostname: string): boolean {
  return (
    LOCAL_HOSTS.has(hostname) || hostname.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(hostname)
  );
}

/**
 * Collapses double slashes in the path and upgrades http to https except for local hosts
 * (SPEC section 7). Returns the URL unchanged when nothing applies.
 */
export function normalizeRequestUrl(input: string): string {
  const url = new URL(input);
  url.pathname = url.pathname.replace(/\/{2,}/g, '/');
  if (url.protocol === 'http:' && !isLocalHost(url.hostname)) url.protocol = 'https:';
  return url.toString();
}

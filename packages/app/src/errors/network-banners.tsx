// ui's connection banners, loaded by NetworkStatus just after the first screen.
export { OfflineBanner, SlowConnectionNotice } from '@tsumiki/ui';

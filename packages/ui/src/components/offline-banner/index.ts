export { OfflineBanner, type OfflineBannerProps } from './offline-banner';

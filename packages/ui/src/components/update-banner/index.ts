export { UpdateBanner, type UpdateBannerProps } from './update-banner';

export {
  Alert,
  AlertDescription,
  type AlertDescriptionProps,
  type AlertProps,
  AlertTitle,
  type AlertTitleProps,
  alertVariants,
} from './alert';

export { ErrorSnackbar, type ErrorSnackbarProps } from './error-snackbar';

export { ErrorModal, type ErrorModalProps } from './error-modal';

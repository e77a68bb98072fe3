export { FactorEnrolmentPanel, type FactorEnrolmentPanelProps } from './factor-enrolment-panel';
export { LockScreen, type LockScreenProps, type LockScreenUnlock } from './lock-screen';
export { groupSecret, normalizeOneTimeCode } from './one-time-code';
export { OneTimeCodeInput, type OneTimeCodeInputProps } from './one-time-code-input';
export {
  RecoveryCodesDisplay,
  type RecoveryCodesDisplayProps,
  recoveryCodesText,
} from './recovery-codes-display';

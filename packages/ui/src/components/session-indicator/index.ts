export { SessionIndicator, type SessionIndicatorProps } from './session-indicator';

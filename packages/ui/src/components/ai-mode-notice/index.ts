export { AiModeNotice, type AiModeNoticeProps } from './ai-mode-notice';

export {
  SLOW_CONNECTION_NOTICE_MS,
  SlowConnectionNotice,
  type SlowConnectionNoticeProps,
} from './slow-connection-notice';

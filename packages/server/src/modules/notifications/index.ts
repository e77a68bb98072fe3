// What other modules may use of notifications.
export { notifyUserStreams } from './notifications.repository';

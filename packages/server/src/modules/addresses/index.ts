// What other modules may use of addresses.
export { PREFECTURES, type Prefecture } from './prefectures';

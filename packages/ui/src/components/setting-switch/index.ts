export { SettingSwitch, type SettingSwitchProps } from './setting-switch';

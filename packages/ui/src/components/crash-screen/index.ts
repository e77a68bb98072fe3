export { type CrashReport, CrashScreen, type CrashScreenProps } from './crash-screen';

import { CrashScreen, type CrashScreenProps } from '@tsumiki/ui';

/** ui's crash screen, loaded by RouteCrash when a screen has crashed. */
export default function CrashView(props: CrashScreenProps) {
  return <CrashScreen {...props} />;
}

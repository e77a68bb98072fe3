import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installErrorCapture } from './errors/capture';
import { CrashBoundary } from './errors/crash-boundary';
import { loadAuth } from './session/load-auth';
import './styles.css';

// Window errors and unhandled rejections are reported from here on (errors/capture.ts).
installErrorCapture();

// Every screen waits for the session: fetch the auth client's chunk now, alongside the route's.
void loadAuth();

const root = document.getElementById('root');
if (!root) throw new Error('#root がありません');
// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread for one long task (the static copy stays painted meanwhile).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <CrashBoundary>
        <App />
      </CrashBoundary>
    </StrictMode>,
  );
});

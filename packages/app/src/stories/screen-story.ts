import type { Meta, StoryObj } from '@storybook/react-vite';
import type { paths } from '@tsumiki/api-client';
import type { HttpHandler } from 'msw';
import { setScreenLocked } from '../features/two-factor/screen-lock/lock-flag';
import { startFixedClock } from './fixed-clock';
import { authHandlers, EMPTY, FULL, screenHandlers, shellHandlers } from './handlers';
import { resetQueryClient, Screen } from './screen';
import { restoreBrowserOnline } from './screen-conditions';
import { screenSettled } from './screen-settled';
import { type DemoPerson, setStoredSession } from './session-fixture';
import { failing, failures, type HttpMethod, held } from './typed-handler';

export type ScreenMeta = Meta<typeof Screen>;
export type ScreenStoryObj = StoryObj<typeof Screen>;

/** The meta of a screen's stories: the route's address, signed in as the admin, full-screen. */
export function screenMeta(path: string): ScreenMeta {
  return {
    component: Screen,
    args: { path },
    parameters: {
      layout: 'fullscreen',
      msw: { handlers: screenHandlers('admin') },
      // Every axe rule fails the story, as for the parts (heading-order included).
      a11y: { test: 'error' },
    },
    loaders: [
      async ({ parameters }) => {
        const session = parameters.session as DemoPerson | null | undefined;
        startFixedClock({ stop: parameters.clockStopped === true });
        restoreBrowserOnline();
        setStoredSession(session === undefined ? 'admin' : session);
        setScreenLocked(parameters.screenLocked === true);
        resetQueryClient();
        return {};
      },
    ],
  };
}

/** Signed out (the sign-in and invitation screens): only the auth service answers. */
export function signedOut(handlers: HttpHandler[] = []): ScreenStoryObj {
  return { parameters: { session: null, msw: { handlers: [...handlers, ...authOnlyHandlers()] } } };
}

/** A story whose requests are answered by `handlers` first, then by the full demo state. */
export function withHandlers(handlers: HttpHandler[], who: DemoPerson = 'admin'): ScreenStoryObj {
  return { parameters: { session: who, msw: { handlers: [...handlers, ...screenHandlers(who)] } } };
}

type Read = readonly [HttpMethod, keyof paths];

/** The four states every screen has: full, empty, loading (held) and failed (500, network, 403). */
export type StandardState =
  | 'Full'
  | 'Empty'
  | 'Loading'
  | 'FailedServer'
  | 'FailedNetwork'
  | 'Forbidden'
  | 'StaffView';

export function standardStates(reads: readonly Read[]): Record<StandardState, ScreenStoryObj> {
  const all = (answer: () => Response | Promise<Response>) =>
    reads.map(([method, path]) => failing(method, path, answer));
  return {
    Full: { ...withHandlers([]), play: screenSettled },
    Empty: { parameters: { msw: { handlers: screenHandlers('admin', EMPTY) } }, play: screenSettled },
    Loading: withHandlers(all(held)),
    FailedServer: withHandlers(all(failures.server)),
    FailedNetwork: withHandlers(all(failures.network)),
    Forbidden: withHandlers(all(failures.forbidden)),
    StaffView: {
      parameters: { session: 'staff', msw: { handlers: screenHandlers('staff') } },
    } satisfies ScreenStoryObj,
  };
}

function authOnlyHandlers(): HttpHandler[] {
  return authHandlers('admin');
}

export { FULL, screenSettled, shellHandlers };

import type { Preview } from '@storybook/react-vite';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { MessagesProvider } from '../packages/ui/src/i18n';
import './preview.css';

document.documentElement.lang = 'ja';

// Mock Service Worker answers the screens' /api and /auth/v1 requests (packages/app/src/stories/),
// from each story's `parameters.msw`. Anything else (Storybook's own modules) goes to the network as
// usual; an /api or /auth request no handler answers is a mistake in a story, said in the console.
const msw = mswLoader(async () => {
  const worker = setupWorker();
  await worker.start({
    quiet: true,
    serviceWorker: { url: './mockServiceWorker.js' },
    onUnhandledRequest(request) {
      const { pathname } = new URL(request.url);
      if (pathname.startsWith('/api/') || pathname.startsWith('/auth/')) {
        console.error(`MSW: ${request.method} ${pathname} に応答するハンドラーがありません`);
      }
    },
  });
  return worker;
});

/** Keep in step with VIEWPORT_SIZES in test-runner.ts. */
const viewports = {
  mobile: { name: 'モバイル (375px)', styles: { width: '375px', height: '812px' }, type: 'mobile' },
  desktop: { name: 'デスクトップ (1440px)', styles: { width: '1440px', height: '900px' }, type: 'desktop' },
} as const;

const preview: Preview = {
  loaders: [msw],
  parameters: {
    layout: 'padded',
    controls: { expanded: true, matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Any axe violation fails the story in the test-runner (and shows red in the a11y panel).
    a11y: { test: 'error' },
    viewport: { options: viewports },
    docs: { toc: true },
  },
  decorators: [
    (Story) => (
      <MessagesProvider>
        <Story />
      </MessagesProvider>
    ),
  ],
};

export default preview;

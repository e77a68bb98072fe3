import type { Preview } from '@storybook/react-vite';
import { MessagesProvider } from '../packages/ui/src/i18n';
import './preview.css';

document.documentElement.lang = 'ja';

/** Keep in step with VIEWPORT_SIZES in test-runner.ts. */
const viewports = {
  mobile: { name: 'モバイル (375px)', styles: { width: '375px', height: '812px' }, type: 'mobile' },
  desktop: { name: 'デスクトップ (1440px)', styles: { width: '1440px', height: '900px' }, type: 'desktop' },
} as const;

const preview: Preview = {
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

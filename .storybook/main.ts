import type { StorybookConfig } from '@storybook/react-vite';
import tailwindcss from '@tailwindcss/vite';

const config: StorybookConfig = {
  stories: ['./designers.mdx', '../packages/ui/src/**/*.stories.tsx', '../packages/app/src/**/*.stories.tsx'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-docs'],
  framework: { name: '@storybook/react-vite', options: {} },
  // mockServiceWorker.js (msw init .storybook/public): the screens' requests are answered in the browser.
  staticDirs: ['./public'],
  core: {
    // Nothing leaves the machine: no telemetry, no "what's new" fetches.
    disableTelemetry: true,
    disableWhatsNewNotifications: true,
  },
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import('vite');
    return mergeConfig(viteConfig, {
      plugins: [tailwindcss()],
      build: {
        // Storybook's own manager/preview bundles are large by nature; nothing to act on.
        chunkSizeWarningLimit: 2048,
        rolldownOptions: {
          // "use client" (Radix, this package) means nothing in a client-only bundle; timings are noise.
          onwarn(warning, warn) {
            if (warning.code === 'MODULE_LEVEL_DIRECTIVE' || warning.code === 'PLUGIN_TIMINGS') return;
            warn(warning);
          },
        },
      },
    });
  },
};

export default config;

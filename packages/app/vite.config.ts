import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API server (pnpm dev) answers /api and /auth on port 3000.
const apiOrigin = process.env.TSUMIKI_API_ORIGIN ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: { '/api': apiOrigin, '/auth/v1': apiOrigin },
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 600 },
});

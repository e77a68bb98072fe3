import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Exactly what the package README tells an app to do.
export default defineConfig({ plugins: [react(), tailwindcss()] });

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server serves apps/web/dist in production; in development Vite proxies the API to it.
export default defineConfig({
  plugins: [react()],
  root: import.meta.dirname,
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: { port: 4173 },
});

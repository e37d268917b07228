import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the API server runs beside Vite; everything it serves goes through the proxy so
// the session cookie stays first-party. API_ORIGIN points the proxy at another server.
const api = process.env.API_ORIGIN ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': api, '/media': api, '/files': api },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
});

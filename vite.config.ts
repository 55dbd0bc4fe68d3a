import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      // The server checks Origin against APP_ORIGIN on non-GET requests (and will on WebSocket upgrades);
      // in development the page comes from Vite's port, so present the API's own origin.
      '/api': {
        target: apiServer,
        configure: (proxy) => proxy.on('proxyReq', (request) => request.setHeader('origin', apiServer)),
      },
      '/ws': {
        target: apiServer,
        ws: true,
        configure: (proxy) => proxy.on('proxyReqWs', (request) => request.setHeader('origin', apiServer)),
      },
    },
  },
});

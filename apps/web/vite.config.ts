import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiUrl = process.env.API_URL ?? 'http://localhost:8080';

/** The API services; the dev server forwards them so the browser sees one origin. */
const SERVICES = ['oauth', 'upms', 'device', 'task', 'app', 'file', 'support'];

/**
 * Service paths are matched with their `/v1/` segment: `/device/index` and `/appMarket/...` are console
 * routes, and a bare prefix would send those page loads to the API instead of the console.
 */
const apiProxy = {
  [`^/(${SERVICES.join('|')})/v1/`]: { target: apiUrl, changeOrigin: true },
  '/docs': { target: apiUrl, changeOrigin: true },
  '/healthz': { target: apiUrl, changeOrigin: true },
  '/mqtt': { target: apiUrl, ws: true, changeOrigin: true },
};

export default defineConfig({
  plugins: [react()],
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: apiProxy,
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // React and antd change rarely; separate chunks keep them cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+)[\\/]/ },
          ],
        },
      },
    },
  },
});

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { mapLabels } from './mapLabels';

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

/**
 * antd's building blocks are plain modules that do nothing when loaded but do not say so in their
 * package.json; saying it for them lets a page that imports one export leave the rest out (the
 * console frame no longer downloads the whole form engine because the theme provider reads its
 * default messages).
 */
const RC_COMPONENT = /node_modules[\\/]@rc-component[\\/]/;

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|woff)$/;
/** Below this size a compressed copy saves less than the extra request header costs. */
const MIN_BYTES = 1024;

/**
 * Writes `.br` (brotli, best quality) and `.gz` (gzip, level 9) beside every text file of the build,
 * once at build time; the server sends them to browsers that accept them instead of compressing on
 * every request. A copy that is not smaller than the file is not written.
 */
export const precompress = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'cpm-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
        );
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
        const content = readFileSync(file);
        const br = brotliCompressSync(content, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
            [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        });
        const gz = gzipSync(content, { level: 9 });
        if (br.length < content.length) writeFileSync(`${file}.br`, br);
        if (gz.length < content.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
};

export default defineConfig({
  plugins: [react(), precompress(), mapLabels()],
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: apiProxy,
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      // Building a zod schema has no effect beyond the value it answers, so a schema nobody reads is
      // left out, and a page that imports only a constant or an endpoint's path from a contract
      // module does not download zod.
      treeshake: {
        manualPureFunctions: ['z'],
        moduleSideEffects: (id: string) => (RC_COMPONENT.test(id) ? false : undefined),
      },
      output: {
        // React changes rarely and every page needs it: one chunk of its own stays cached across
        // releases. antd is left to the bundler so each route loads only the components it uses
        // (one antd chunk would make /login download every component of every page).
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }],
        },
      },
    },
  },
});

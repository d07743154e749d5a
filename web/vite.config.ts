/// <reference types="vitest/config" />
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';

// The Go server (`topup serve`) listens here during development.
const backend = process.env.VITE_BACKEND_URL ?? 'http://localhost:8080';

const outDir = fileURLToPath(new URL('./dist', import.meta.url));

// emptyOutDir wipes dist/.gitkeep on every build; the Go binary embeds
// web/dist, so the directory must exist in a fresh clone. Put it back.
function keepDistPlaceholder(): Plugin {
  return {
    name: 'shwe:keep-dist-gitkeep',
    apply: 'build',
    closeBundle() {
      writeFileSync(`${outDir}/.gitkeep`, '');
    },
  };
}

const LOCALE_CHUNKS_MARKER = 'var localeChunks = {};';

// lib/i18n.ts imports each language's strings on demand; the inline script in
// index.html preloads the active one, so it needs the hashed file names.
function localeChunksInIndex(): Plugin {
  return {
    name: 'shwe:locale-chunks-in-index',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks: Record<string, string> = {};
        for (const output of Object.values(bundle ?? {})) {
          const language = output.type === 'chunk' ? /[\\/]src[\\/]locales[\\/](\w+)\.json$/.exec(output.facadeModuleId ?? '')?.[1] : undefined;
          if (language) chunks[language] = `/${output.fileName}`;
        }
        if (!html.includes(LOCALE_CHUNKS_MARKER) || Object.keys(chunks).length === 0) {
          throw new Error(`index.html must hold "${LOCALE_CHUNKS_MARKER}" and src/locales/*.json must be lazy chunks`);
        }
        return html.replace(LOCALE_CHUNKS_MARKER, `var localeChunks = ${JSON.stringify(chunks)};`);
      },
    },
  };
}

const proxied: ProxyOptions = { target: backend, changeOrigin: true, ws: true };

export default defineConfig({
  plugins: [react(), tailwindcss(), keepDistPlaceholder(), localeChunksInIndex()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': proxied,
      // Pusher protocol websocket (/app/{key}) and HTTP API (/apps/{id}/...).
      '^/apps?/': proxied,
      '/broadcasting': proxied,
      '/media': proxied,
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    assetsDir: 'assets',
    rolldownOptions: {
      output: {
        // One long-cached vendor chunk; pages stay small lazy chunks.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/ },
            // Only dates in lazily loaded screens (notification panel, histories) use dayjs.
            { name: 'dayjs', test: /[\\/]node_modules[\\/]dayjs[\\/]/, priority: 10 },
            // lib/echo.ts loads the socket client after the first paint: one chunk, outside the entry.
            { name: 'realtime', test: /[\\/](node_modules[\\/](pusher-js|laravel-echo)[\\/]|src[\\/]lib[\\/]echo-client\.ts$)/, priority: 10 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
  },
});

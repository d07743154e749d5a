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

const CHUNKS_MARKER = 'var chunks = {};';

// Chunks the inline script in index.html preloads next to the entry when the
// page will need them at once, by name: each language's strings (lib/i18n.ts
// waits for the active one before the first render) and the page the visitor
// lands on: /login, /home, /top-up or a game's page (otherwise each is fetched
// only after the entry has run and the router has matched it).
const preloadable: Record<string, RegExp> = {
  en: /[\\/]src[\\/]locales[\\/]en\.json$/,
  my: /[\\/]src[\\/]locales[\\/]my\.json$/,
  home: /[\\/]src[\\/]app[\\/]routes[\\/]home\.tsx$/,
  auth: /[\\/]src[\\/]app[\\/]routes[\\/]auth\.tsx$/,
  'top-up': /[\\/]src[\\/]app[\\/]routes[\\/]top-up\.tsx$/,
  detail: /[\\/]src[\\/]app[\\/]routes[\\/]detail\.tsx$/,
};

function chunksInIndex(): Plugin {
  return {
    name: 'shwe:chunks-in-index',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle = {} }) {
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        // A chunk and what it imports statically, the files a dynamic import of it fetches.
        const closure = (fileName: string, seen = new Set<string>()): Set<string> => {
          if (seen.has(fileName)) return seen;
          seen.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, seen);
          return seen;
        };
        const loadedByIndex = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [...closure(chunk.fileName)]));
        const files: Record<string, string[]> = {};
        for (const [name, test] of Object.entries(preloadable)) {
          const chunk = chunks.find((candidate) => test.test(candidate.facadeModuleId ?? ''));
          if (!chunk) throw new Error(`no lazy chunk for ${String(test)}: index.html could not preload "${name}"`);
          files[name] = [...closure(chunk.fileName)].filter((file) => !loadedByIndex.has(file)).map((file) => `/${file}`);
        }
        if (!html.includes(CHUNKS_MARKER)) throw new Error(`index.html must hold "${CHUNKS_MARKER}"`);
        return html.replace(CHUNKS_MARKER, `var chunks = ${JSON.stringify(files)};`);
      },
    },
  };
}

const proxied: ProxyOptions = { target: backend, changeOrigin: true, ws: true };

export default defineConfig({
  plugins: [react(), tailwindcss(), keepDistPlaceholder(), chunksInIndex()],
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
            // Not the altcha widget: lib/captcha.ts loads it (with lib/altcha-widget.ts) when a form first needs a captcha.
            // Nor the QR encoder: the top-up form's payment card loads it on first use.
            { name: 'vendor', test: /[\\/]node_modules[\\/](?!(altcha|qrcode|dijkstrajs|pngjs)[\\/])/ },
            { name: 'qrcode', test: /[\\/]node_modules[\\/](qrcode|dijkstrajs)[\\/]/, priority: 10 },
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
    // A whole journey through a component (render, lazy chunks, several
    // requests to MSW) takes well under a second alone but many seconds on a
    // loaded 2-core CI machine; 5 s (the default) failed correct tests there.
    testTimeout: 30_000,
  },
});

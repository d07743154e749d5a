/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';

import { firstScreens } from './vite/first-screens';

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

const APP_MARKER = 'var app = {};';
const ENTRY_TAG = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULEPRELOAD_TAG = /\s*<link rel="modulepreload" crossorigin href="[^"]+">/g;

// index.html's inline script starts the app itself (at once, or once the page's
// first screen has painted), so Vite's own entry and modulepreload tags are taken
// out and their files handed to it. It also preloads next to the entry the
// chunks the page will need at once, by name: each language's strings
// (lib/i18n.ts waits for the active one before the first render) and the page
// the visitor lands on: /login, /home, /top-up or a game's page (otherwise each
// is fetched only after the entry has run and the router has matched it).
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
        const tags = [...html.matchAll(ENTRY_TAG)];
        const entry = tags.length === 1 ? tags[0][1].replace(/^\//, '') : '';
        if (!byFile.get(entry)?.isEntry) throw new Error(`index.html must have Vite's one entry tag (found ${tags.length})`);
        if (!html.includes(APP_MARKER)) throw new Error(`index.html must hold "${APP_MARKER}"`);
        const imports = [...closure(entry)].filter((file) => file !== entry).map((file) => `/${file}`);
        const app = { entry: `/${entry}`, imports, chunks: files };
        return html.replace(ENTRY_TAG, '').replace(MODULEPRELOAD_TAG, '').replace(APP_MARKER, `var app = ${JSON.stringify(app)};`);
      },
    },
  };
}

// dist/sw.js (src/sw/sw.ts) with the list of files it keeps for offline use:
// the entry and what it imports, the styles, the Latin and Myanmar fonts, each
// language's strings and /home. Other pages' chunks are kept when first
// fetched (cache-first: hashed names never change). __BUILD__ names the
// build, so a new one makes a byte-different sw.js and the update prompt.
const SW_SOURCE = fileURLToPath(new URL('./src/sw/sw.ts', import.meta.url));
const precachedFont = /-(latin|myanmar)-(wght|\d+)-normal-[\w-]+\.woff2$/;

function serviceWorker(): Plugin {
  return {
    name: 'shwe:service-worker',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      this.emitFile({ type: 'chunk', id: SW_SOURCE, fileName: 'sw.js' });
    },
    generateBundle(_options, bundle) {
      const sw = bundle['sw.js'];
      if (sw?.type !== 'chunk') throw new Error('the service worker chunk is missing');
      if (sw.imports.length > 0) throw new Error(`sw.js must be one file; it imports ${sw.imports.join(', ')}`);
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk' && output.fileName !== 'sw.js');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const files = new Set<string>();
      const add = (fileName: string) => {
        if (files.has(fileName)) return;
        files.add(fileName);
        const chunk = byFile.get(fileName);
        if (chunk?.type === 'chunk') chunk.imports.forEach(add);
      };
      for (const chunk of chunks) {
        if (chunk.type !== 'chunk') continue;
        const id = chunk.facadeModuleId ?? '';
        if (chunk.isEntry || Object.values(preloadable).some((test) => test.test(id))) add(chunk.fileName);
      }
      for (const output of Object.values(bundle)) {
        if (output.type === 'asset' && (output.fileName.endsWith('.css') || precachedFont.test(output.fileName))) files.add(output.fileName);
      }
      const list = [...files].sort().map((file) => `/${file}`);
      // Every file's name (hashed) and index.html's text: any change to what is served.
      const index = bundle['index.html'];
      const names = Object.keys(bundle).filter((name) => name !== 'sw.js').sort().join('\n');
      const build = createHash('sha256')
        .update(names + (index?.type === 'asset' ? String(index.source) : ''))
        .digest('hex')
        .slice(0, 12);
      if (!sw.code.includes('__PRECACHE__') || !sw.code.includes('__BUILD__')) throw new Error('sw.js lost its placeholders');
      sw.code = sw.code.replaceAll('__PRECACHE__', JSON.stringify(list)).replaceAll('__BUILD__', JSON.stringify(build));
    },
  };
}

const proxied: ProxyOptions = { target: backend, changeOrigin: true, ws: true };

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    firstScreens(new URL('./src/locales/', import.meta.url), ['en', 'my']),
    keepDistPlaceholder(),
    chunksInIndex(),
    serviceWorker(),
  ],
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
    include: ['src/**/*.test.{ts,tsx}', 'vite/**/*.test.ts'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
    // A whole journey through a component (render, lazy chunks, several
    // requests to MSW) takes well under a second alone but many seconds on a
    // loaded 2-core CI machine; 5 s (the default) failed correct tests there.
    testTimeout: 30_000,
  },
});

// Draws the app's PNG icons (web app manifest, notifications, iOS) from the
// brand mark in public/favicon.svg, in Debian's Chromium through Playwright:
// no image library needed. Run after changing the mark, commit the PNGs:
//   node scripts/icons.mjs
import { readFileSync } from 'node:fs';

import { chromium } from '@playwright/test';

const publicDir = new URL('../public/', import.meta.url);
const mark = readFileSync(new URL('favicon.svg', publicDir), 'utf8');
// The mark's gem without its tile: the shapes inside the 36×36 square.
const gem = mark.slice(mark.indexOf('<path'), mark.lastIndexOf('</svg>'));
const defs = mark.slice(mark.indexOf('<defs>'), mark.indexOf('</defs>') + '</defs>'.length);

// A maskable icon fills its square and keeps what matters inside the middle
// 80% circle (the launcher cuts the rest): the tile becomes the background,
// the gem shrinks to 60% around the centre.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36">${defs}<rect width="36" height="36" fill="url(#t)"/><g transform="translate(7.2 6.8) scale(0.6)">${gem}</g></svg>`;
// iOS rounds the corners itself and shows black where the image is clear.
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36">${defs}<rect width="36" height="36" fill="url(#t)"/><g transform="translate(3.6 3.2) scale(0.8)">${gem}</g></svg>`;
// Android draws a notification's badge from its alpha alone: a white gem.
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><path d="M4 12.5 10 4.5h16l6 8L18 32Z" fill="#fff"/></svg>`;

const icons = [
  { file: 'icons/icon-192.png', size: 192, svg: mark },
  { file: 'icons/icon-512.png', size: 512, svg: mark },
  { file: 'icons/icon-maskable-512.png', size: 512, svg: maskable },
  { file: 'icons/apple-touch-icon.png', size: 180, svg: fullBleed },
  { file: 'icons/badge-96.png', size: 96, svg: badge },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  for (const { file, size, svg } of icons) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
    await page.screenshot({ path: new URL(file, publicDir).pathname, omitBackground: true });
    console.log(`${file} ${size}×${size}`);
  }
} finally {
  await browser.close();
}

// `node scripts/app-icons.mjs`: draws the installed app's PNG icons (src/web/public/icons/) from
// the favicon and its maskable variant, with the Chromium the browser tests use. Run it again when
// either SVG changes, and commit the PNGs: the build copies them as they are.
//  - app-192.png, app-512.png: the favicon as it is (its own rounded square), purpose "any".
//  - app-maskable-*.png: scripts/app-icon-maskable.svg, full-bleed colour with the cap inside the middle
//    80% circle, purpose "maskable" (a phone cuts it to its own shape).
//  - apple-touch-icon.png (180): iOS ignores the manifest's icons and rounds the square itself.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { findChromium } from './chromium.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PUBLIC = path.resolve(HERE, '../src/web/public');
const ICONS = path.join(PUBLIC, 'icons');
const FAVICON = readFileSync(path.join(PUBLIC, 'favicon.svg'), 'utf8');
const MASKABLE = readFileSync(path.join(HERE, 'app-icon-maskable.svg'), 'utf8');

const OUTPUTS = [
  { file: 'app-192.png', svg: FAVICON, size: 192, transparent: true },
  { file: 'app-512.png', svg: FAVICON, size: 512, transparent: true },
  { file: 'app-maskable-192.png', svg: MASKABLE, size: 192, transparent: false },
  { file: 'app-maskable-512.png', svg: MASKABLE, size: 512, transparent: false },
  { file: 'apple-touch-icon.png', svg: MASKABLE, size: 180, transparent: false },
];

const { path: executablePath, advice } = findChromium({ install: false });
if (!executablePath) {
  console.error(`No Chromium found. ${advice}`);
  process.exit(2);
}
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
try {
  for (const { file, svg, size, transparent } of OUTPUTS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<body style="margin:0">${sized}</body>`);
    await page.locator('svg').screenshot({ path: path.join(ICONS, file), omitBackground: transparent });
    await page.close();
    console.info(`wrote ${path.relative(process.cwd(), path.join(ICONS, file))}`);
  }
} finally {
  await browser.close();
}

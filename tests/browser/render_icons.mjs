// render_icons.mjs — not a test: makes the web app's PNG icons from its SVGs with chromium
// (web/icons/icon.svg → icon-192.png, icon-512.png; icon-maskable.svg → icon-maskable-512.png),
// each drawn at its size on a transparent page and saved as is. Run it again after changing an
// SVG, and commit the PNGs (the manifest, web/manifest.webmanifest, names them):
//   node tests/browser/render_icons.mjs
import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';

const WEB = path.join(import.meta.dirname, '..', '..', 'web');

const ICONS = [
  ['icon.svg', 'icon-192.png', 192],
  ['icon.svg', 'icon-512.png', 512],
  ['icon-maskable.svg', 'icon-maskable-512.png', 512],
];

const browser = await chromium.launch({ executablePath: process.env.IPPON_CHROMIUM || '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const [svg, png, size] of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const data = await fs.readFile(path.join(WEB, 'icons', svg), 'base64');
    await page.setContent(`<style>html,body{margin:0;background:transparent}img{display:block}</style>`
      + `<img src="data:image/svg+xml;base64,${data}" width="${size}" height="${size}">`);
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: path.join(WEB, 'icons', png), omitBackground: true });
    await page.close();
    console.log(`web/icons/${png}: ${size}×${size} from ${svg}`);
  }
} finally {
  await browser.close();
}

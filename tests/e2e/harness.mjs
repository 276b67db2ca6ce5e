// What the browser and API tests share: a named test that counts instead of stopping, Debian's
// chromium through playwright-core (from web/node_modules), and the page's board and codes as
// the tests read them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

// test(name, fn) runs fn and counts it; finish() prints "N passed, M failed" and exits.
export function harness() {
  let passed = 0, failed = 0;
  return {
    async test(name, fn) {
      try {
        await fn();
        passed++;
      } catch (e) {
        failed++;
        console.error(`FAIL: ${name}: ${e && e.stack ? e.stack.split('\n').slice(0, 4).join(' | ') : e}`);
      }
    },
    finish() {
      console.log(`${passed} passed, ${failed} failed`);
      process.exit(failed ? 1 : 0);
    },
  };
}

// A headless chromium with a profile of its own; close() also removes the profile.
export async function launchChromium(webDir, options = {}) {
  const { chromium } = await import(pathToFileURL(path.join(webDir, 'node_modules/playwright-core/index.mjs')).href);
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chc-chromium-'));
  const ctx = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run'],
    viewport: { width: 1280, height: 860 },
    ...options,
  });
  const close = ctx.close.bind(ctx);
  ctx.close = async () => {
    await close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  };
  return ctx;
}

// Drags a piece from one square to another with the mouse (board seen from White unless flipped).
export async function drag(page, from, to, flipped = false) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await page.locator('cg-board').boundingBox();
  const sq = box.width / 8;
  const pt = (s) => {
    let f = s.charCodeAt(0) - 97, r = Number(s[1]) - 1;
    if (flipped) (f = 7 - f), (r = 7 - r);
    return { x: box.x + (f + 0.5) * sq, y: box.y + (7 - r + 0.5) * sq };
  };
  const a = pt(from), b = pt(to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

// The codes shown: {kind: {name: value}} (value null when the code does not apply).
export async function codes(page) {
  return page.$$eval('.code-row', (rows) => {
    const out = { game: {}, position: {} };
    for (const r of rows) {
      const v = r.querySelector('.code-value');
      out[r.dataset.kind][r.dataset.code] = v.dataset.value === undefined ? null : v.dataset.value;
    }
    return out;
  });
}

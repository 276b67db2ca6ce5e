// The README's screenshots of the page: the serverless build (make web) opened from file://
// in Debian's chromium (playwright-core from web/node_modules), with the Opera game loaded and
// the analysis on, at a laptop's 1366x768 and a phone's 390x844.
//   node tools/web_screenshots.mjs build/web/index.html docs/
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [INDEX, OUT] = process.argv.slice(2);
const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const { chromium } = await import(pathToFileURL(path.join(root, 'web/node_modules/playwright-core/index.mjs')).href);
const OPERA = '1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [w, h] of [[1366, 768], [390, 844]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  await page.goto(pathToFileURL(path.resolve(INDEX)).href);
  await page.waitForSelector('body.ready');
  await page.fill('#load-input', OPERA);
  await page.click('#load');
  await page.waitForSelector('body[data-plies="24"]');
  await page.check('#analysis');
  await page.waitForFunction(() => /depth/.test(document.querySelector('#analysis-line').textContent), null, { timeout: 30000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(600); // the bar's transition
  await page.screenshot({ path: path.join(OUT, `web-${w}x${h}.png`) });
  await page.close();
}
await browser.close();

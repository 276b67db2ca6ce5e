// End-to-end test of the page of `chesscodec serve` in a real browser: Debian's chromium driven
// by playwright-core (from web/node_modules). Run by tests/test_web_e2e.sh:
//   node web.mjs URL CHESSCODEC_BIN WEB_DIR [SCREENSHOT.png]
// Plays moves by dragging, checks the codes shown equal `chesscodec encode`, that the URL
// fragment changed and reopens the same game in a new page, that pasting an emoji code loads
// its position, promotion, the engine, undo, and that the page logs no error.
// Prints "N passed, M failed".
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import assert from 'node:assert/strict';

const [BASE, BIN, WEB_DIR, SHOT] = process.argv.slice(2);
const { chromium } = await import(pathToFileURL(path.join(WEB_DIR, 'node_modules/playwright-core/index.mjs')).href);

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_3 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2';
const COVERT_FEN = 'rnbq1bnr/ppppkppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR w - - 2 3';
const cli = (...args) => execFileSync(BIN, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
// `chesscodec encode --to NAME FEN`, or undefined when the CLI has no such format (exit 2).
function cliEncode(name, fen) {
  try {
    return cli('encode', '--to', name, fen);
  } catch (e) {
    if (e.status === 2) return undefined;
    throw e;
  }
}

let passed = 0, failed = 0;
async function test(name, fn) {
  try {
    await fn();
    passed++;
  } catch (e) {
    failed++;
    console.error(`FAIL: ${name}: ${e && e.stack ? e.stack.split('\n').slice(0, 4).join(' | ') : e}`);
  }
}

const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chc-chromium-'));
const ctx = await chromium.launchPersistentContext(userDataDir, {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--no-first-run'],
  viewport: { width: 1280, height: 860 },
  permissions: ['clipboard-read', 'clipboard-write'],
});
ctx.setDefaultTimeout(15000);
const pageErrors = [];
function watch(page) {
  page.on('pageerror', (e) => pageErrors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // The bad paste below is answered 422 on purpose; anything else is a fault.
    if (m.type() === 'error' && !/status of 422/.test(m.text())) pageErrors.push(`console: ${m.text()}`);
  });
  return page;
}

async function open(url) {
  const page = watch(await ctx.newPage());
  await page.goto(url);
  await page.waitForSelector('body.ready');
  await page.waitForSelector('cg-board piece');
  return page;
}
const fenOf = (page) => page.getAttribute('#status', 'data-fen');
async function waitPlies(page, n) {
  await page.waitForSelector(`body[data-plies="${n}"]`);
}
// Drags a piece from one square to another with the mouse (board seen from White unless flipped).
async function drag(page, from, to, flipped = false) {
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
async function codes(page) {
  return page.$$eval('.code-row', (rows) => {
    const out = { game: {}, position: {} };
    for (const r of rows) {
      const v = r.querySelector('.code-value');
      out[r.dataset.kind][r.dataset.code] = v.dataset.value === undefined ? null : v.dataset.value;
    }
    return out;
  });
}
function checkPositionCodes(shown, fen) {
  const names = Object.keys(shown.position).filter((k) => k !== 'polyglot_key');
  assert.ok(names.includes('fen') && names.includes('covert') && names.includes('mscs'), names.join());
  for (const name of names) {
    if (shown.position[name] === null) continue;
    const want = cliEncode(name, fen);
    if (want !== undefined) assert.equal(shown.position[name], want, `${name} shown for ${fen}`);
  }
}

let page, gameUrl;
await test('the page loads with the board at the start', async () => {
  page = await open(BASE + '/');
  assert.equal(await fenOf(page), START);
  assert.match(await page.textContent('#status'), /White to move/);
  assert.equal(await page.locator('cg-board piece').count(), 32);
  assert.ok(!page.url().includes('#') || page.url().endsWith('#'));
});

await test('play three moves by dragging', async () => {
  await drag(page, 'e2', 'e4');
  await waitPlies(page, 1);
  await drag(page, 'e7', 'e5');
  await waitPlies(page, 2);
  // A drag to an illegal square does nothing.
  await drag(page, 'g1', 'g4');
  await drag(page, 'g1', 'f3');
  await waitPlies(page, 3);
  assert.equal(await fenOf(page), AFTER_3);
  assert.match(await page.textContent('#moves'), /1\.\s*e4\s*e5\s*2\.\s*Nf3/);
});

await test('the codes shown equal `chesscodec encode`', async () => {
  const shown = await codes(page);
  checkPositionCodes(shown, AFTER_3);
  assert.equal(shown.game.urlsafe, 'ckGV');
  assert.equal(shown.game.uci, 'e2e4 e7e5 g1f3');
  assert.match(shown.game.pgn, /1\. e4 e5 2\. Nf3 \*/);
});

await test('the URL fragment holds the game and updates', async () => {
  gameUrl = page.url();
  assert.ok(gameUrl.endsWith('#ckGV'), gameUrl);
  const shown = await codes(page);
  assert.equal(shown.game.link, gameUrl);
});

await test('the URL opens the same game in a new page', async () => {
  const p2 = await open(gameUrl);
  assert.equal(await fenOf(p2), AFTER_3);
  assert.equal(await p2.getAttribute('body', 'data-plies'), '3');
  checkPositionCodes(await codes(p2), AFTER_3);
  await p2.close();
});

await test('pasting an emoji code loads its position', async () => {
  const emoji = cli('encode', '--to', 'covert', COVERT_FEN);
  await page.fill('#load-input', emoji);
  await page.click('#load');
  await page.waitForFunction((f) => document.querySelector('#status').dataset.fen === f, COVERT_FEN);
  await waitPlies(page, 0);
  const shown = await codes(page);
  assert.equal(shown.position.covert, emoji);
  checkPositionCodes(shown, COVERT_FEN);
  assert.ok(/#(fen|pack)=/.test(page.url()), page.url());
  // That link reopens the position too.
  const p2 = await open(page.url());
  assert.equal(await fenOf(p2), COVERT_FEN);
  await p2.close();
});

await test('a bad paste shows an error and keeps the game', async () => {
  await page.fill('#load-input', 'this is not chess');
  await page.click('#load');
  await page.waitForFunction(() => document.querySelector('#load-error').textContent.length > 0);
  assert.equal(await fenOf(page), COVERT_FEN);
});

await test('promotion asks for the piece', async () => {
  await page.fill('#load-input', '8/P7/8/8/8/8/8/k6K w - - 0 1');
  await page.click('#load');
  await page.waitForFunction(() => document.querySelector('#status').dataset.fen.startsWith('8/P7'));
  await drag(page, 'a7', 'a8');
  await page.waitForSelector('#promotion:not([hidden])');
  await page.click('#promotion button[data-role="n"]');
  await waitPlies(page, 1);
  assert.equal(await fenOf(page), 'N7/8/8/8/8/8/8/k6K b - - 0 1');
});

await test('the end of a game is shown', async () => {
  await page.goto(BASE + '/#' + 'fen=' + encodeURIComponent(START) + '&uci=f2f3,e7e5,g2g4,d8h4');
  await page.waitForFunction(() => document.body.dataset.plies === '4');
  assert.match(await page.textContent('#status'), /Checkmate: Black wins/);
  await page.fill('#load-input', '8/8/8/4k3/8/8/8/4K2N w - - 0 1');
  await page.click('#load');
  await page.waitForFunction(() => /insufficient/.test(document.querySelector('#status').textContent));
});

await test('moves by clicking, and the copy buttons copy', async () => {
  await page.click('#new');
  await waitPlies(page, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await page.locator('cg-board').boundingBox();
  const sq = box.width / 8;
  await page.mouse.click(box.x + 4.5 * sq, box.y + 6.5 * sq); // e2
  // The piece is selected and its legal moves are highlighted.
  await page.waitForSelector('cg-board square.selected', { state: 'attached' });
  await page.waitForSelector('cg-board square.move-dest', { state: 'attached' });
  assert.ok((await page.locator('cg-board square.move-dest').count()) >= 2);
  await page.mouse.click(box.x + 4.5 * sq, box.y + 4.5 * sq); // e4
  await waitPlies(page, 1);
  assert.ok(page.url().endsWith('#c'), page.url());
  await page.click('.code-row[data-kind="position"][data-code="fen"] button.copy');
  await page.waitForFunction(() => document.querySelector('.code-row[data-kind="position"][data-code="fen"] button.copy').textContent === 'Copied');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await fenOf(page));
});

await test('the engine answers, undo takes both moves back, flip turns the board', async () => {
  await page.click('#new');
  await waitPlies(page, 0);
  await page.selectOption('#engine-time', '200');
  await page.selectOption('#engine-side', 'black');
  await drag(page, 'd2', 'd4');
  await waitPlies(page, 2);
  const shown = await codes(page);
  assert.equal(shown.game.uci.split(' ')[0], 'd2d4');
  await page.click('#undo');
  await waitPlies(page, 0);
  await page.selectOption('#engine-side', 'none');
  await page.click('#flip');
  await page.waitForSelector('.cg-wrap.orientation-black');
  await drag(page, 'c2', 'c4', true);
  await waitPlies(page, 1);
  assert.ok(page.url().endsWith('#a'), page.url()); // the urlsafe vector: c2c4 is "a"
});

if (SHOT) {
  await test('screenshot', async () => {
    await page.click('#flip');
    await page.fill('#load-input', '');
    await page.goto(BASE + '/#ckGV5qh');
    await page.waitForSelector('body.ready');
    await waitPlies(page, 5);
    await page.screenshot({ path: SHOT, fullPage: true });
  });
}

await test('the picture buttons download what `chesscodec render` draws', async () => {
  const p = await open(BASE + '/#' + 'fen=' + encodeURIComponent(START) + '&uci=e2e4,e7e5,g1f3');
  await waitPlies(p, 3);
  const built = ` ${process.env.CHC_FEATURES ?? 'png gif'} `;
  for (const kind of ['svg', 'png', 'gif'].filter((k) => k === 'svg' || built.includes(` ${k} `))) {
    await p.selectOption('#image-kind', kind);
    const [dl] = await Promise.all([p.waitForEvent('download'), p.click('#image')]);
    assert.equal(dl.suggestedFilename(), `chesscodec-3.${kind}`);
    const got = fs.readFileSync(await dl.path());
    const want = execFileSync(BIN, ['render', '--to', kind, 'e4 e5 Nf3'], { stdio: ['ignore', 'pipe', 'pipe'] });
    assert.ok(got.equals(want), `${kind}: the page's download equals render's (${got.length} / ${want.length} bytes)`);
  }
  await p.close();
});

await test('the page logged no errors', async () => {
  assert.deepEqual(pageErrors, [], pageErrors.join(" || "));
});

await ctx.close();
fs.rmSync(userDataDir, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

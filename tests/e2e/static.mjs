// The page without a server (`make web`) in a real browser, opened from file://: Debian's
// chromium driven by playwright-core (web/node_modules). Run by tests/e2e/test_web_static.sh:
//   node static.mjs INDEX_HTML CHESSCODEC_BIN WEB_DIR
// Checks that the page asks for nothing over the network (every request is file:, data: or
// blob:), that the codes shown equal `chesscodec encode`/`convert` (same library, native
// and WebAssembly), moves by dragging, the URL fragment reopening the game in a new page, a PGN
// loaded with its tags and result, a bad input's error, the engine answering in its worker,
// Stop, the SVG and PNG pictures, and no page error. Prints "N passed, M failed".
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import assert from 'node:assert/strict';
import { START, codes, drag, harness, launchChromium } from './harness.mjs';

const [INDEX, BIN, WEB_DIR] = process.argv.slice(2);
const URL0 = pathToFileURL(path.resolve(INDEX)).href;
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1';
const cli = (...args) => execFileSync(BIN, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
// `chesscodec convert --to NAME` of a game given on standard input.
const convert = (name, game) => execFileSync(BIN, ['convert', '--to', name], { input: game, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] }).trim();

const { test, finish } = harness();
const ctx = await launchChromium(WEB_DIR, { acceptDownloads: true });
ctx.setDefaultTimeout(20000);
const problems = [];
function watch(page) {
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('request', (r) => { if (!/^(file|data|blob):/.test(r.url())) problems.push(`network request: ${r.url()}`); });
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

let page, link;
await test('opens from file:// with the board at the start and every position code', async () => {
  page = await open(URL0);
  assert.equal(await fenOf(page), START);
  const shown = await codes(page);
  for (const name of ['fen', 'covert', 'mscs', 'pack-position'])
    assert.equal(shown.position[name], cli('encode', '--to', name, START), name);
});

await test('a move by dragging: the codes are the CLI\'s, the fragment changes', async () => {
  await drag(page, 'e2', 'e4');
  await page.waitForFunction((f) => document.querySelector('#status').dataset.fen === f, AFTER_E4);
  const shown = await codes(page);
  for (const name of ['fen', 'covert', 'mscs', 'pack-position'])
    assert.equal(shown.position[name], cli('encode', '--to', name, AFTER_E4), name);
  assert.equal(shown.game.urlsafe, convert('urlsafe', 'e2e4\n'));
  assert.equal(shown.game['pack-game'], convert('pack-game', 'e2e4\n'));
  link = page.url();
  assert.ok(link.includes('#'), link);
});

await test('the fragment reopens the game in a new page', async () => {
  const p2 = await open(link);
  await p2.waitForFunction((f) => document.querySelector('#status').dataset.fen === f, AFTER_E4);
  await p2.close();
});

await test('a PGN keeps its tags and result; a bad input says why and keeps the game', async () => {
  const pgn = '[Event "Test"]\n[White "A"]\n[Black "B"]\n[Result "1/2-1/2"]\n\n1. e4 e5 2. Nf3 Nc6 1/2-1/2\n';
  await page.fill('#load-input', pgn);
  await page.click('#load');
  await page.waitForSelector('body[data-plies="4"]');
  const shown = await codes(page);
  assert.match(shown.game.pgn, /\[White "A"\]/);
  assert.match(shown.game.pgn, /1\/2-1\/2\s*$/);
  await page.fill('#load-input', 'this is no chess');
  await page.click('#load');
  await page.waitForFunction(() => document.querySelector('#error').textContent.length > 0);
  assert.equal(await page.getAttribute('body', 'data-plies'), '4');
});

await test('the move list: click a move, arrow keys, Home/End, Undo and redo, a new move drops the rest', async () => {
  await page.fill('#load-input', '1. e4 e5 2. Nf3 Nc6 3. Bb5');
  await page.click('#load');
  await page.waitForSelector('body[data-plies="5"]');
  await page.click('#moves button[data-ply="2"]');
  await page.waitForSelector('body[data-plies="2"]');
  assert.equal(await page.locator('#moves button.future').count(), 3);
  assert.match(await page.textContent('#moves'), /Nf3 Nc6 3\.\s*Bb5/); // the rest still in SAN
  await page.locator('#board').focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('body[data-plies="3"]');
  await page.keyboard.press('Home');
  await page.waitForSelector('body[data-plies="0"]');
  await page.keyboard.press('End');
  await page.waitForSelector('body[data-plies="5"]');
  await page.click('#undo');
  await page.waitForSelector('body[data-plies="4"]');
  await page.click('#nav-forward');
  await page.waitForSelector('body[data-plies="5"]');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector('body[data-plies="3"]');
  await drag(page, 'g8', 'f6'); // not the game's 2...Nc6: the rest is dropped
  await page.waitForSelector('body[data-plies="4"]');
  assert.equal(await page.locator('#moves button.future').count(), 0);
  assert.match(await page.textContent('#moves'), /2\.\s*Nf3 Nf6\s*$/);
});

await test("a PGN's variations: shown in brackets, a click follows one", async () => {
  await page.fill('#load-input', '[Event "V"]\n\n1. e4 e5 (1... c5 2. Nf3 (2. c3) 2... d6) (1... e6) 2. Nf3 *\n');
  await page.click('#load');
  await page.waitForSelector('body[data-plies="3"]');
  assert.match(await page.textContent('#moves'), /1\.\s*e4 e5 \( 1\.\.\.\s*c5 2\.\s*Nf3 \( 2\.\s*c3 \) d6 \) \( 1\.\.\.\s*e6 \) 2\.\s*Nf3/);
  await page.click('#moves button.variation:text-is("c3")');
  await page.waitForSelector('body[data-plies="3"]');
  await page.waitForFunction(() => document.querySelector('#status').dataset.fen.startsWith('rnbqkbnr/pp1ppppp/8/2p5/4P3/2P5/PP1P1PPP/RNBQKBNR b'));
});

await test('moves typed on the keyboard (SAN, UCI); a bad one is refused with its reason', async () => {
  await page.click('#new');
  await page.waitForSelector('body[data-plies="0"]');
  await page.fill('#type-move', 'e4');
  await page.press('#type-move', 'Enter');
  await page.waitForSelector('body[data-plies="1"]');
  await page.fill('#type-move', 'e7e5');
  await page.press('#type-move', 'Enter');
  await page.waitForSelector('body[data-plies="2"]');
  await page.fill('#type-move', 'Ke3');
  await page.press('#type-move', 'Enter');
  await page.waitForFunction(() => /not played/.test(document.querySelector('#error').textContent));
  assert.equal(await page.getAttribute('body', 'data-plies'), '2');
  await page.fill('#type-move', 'Nf3');
  await page.press('#type-move', 'Enter');
  await page.waitForSelector('body[data-plies="3"]');
  assert.equal(await page.isVisible('#error'), false);
});

await test('the board editor: clear, add pieces from the palette, castling, Done loads it; a bad position is refused', async () => {
  await page.click('#edit');
  await page.click('#edit-clear');
  const placed = [['white.king', 'e1'], ['black.king', 'e8'], ['white.rook', 'a1']];
  for (const [i, [piece, square]] of placed.entries()) {
    await page.click(`#palette piece.${piece}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await page.locator('cg-board').boundingBox(); // (clicking the palette may scroll)
    const sq = box.width / 8;
    await page.mouse.click(box.x + (square.charCodeAt(0) - 97 + 0.5) * sq, box.y + (8 - Number(square[1]) + 0.5) * sq);
    await page.waitForFunction((n) => document.querySelectorAll('cg-board piece:not(.ghost)').length === n, i + 1);
  }
  for (const c of 'KQkq') await page.setChecked(`#edit-${c}`, c === 'Q');
  await page.selectOption('#edit-turn', 'w');
  await page.click('#edit-done');
  await page.waitForFunction(() => document.querySelector('#status').dataset.fen === '4k3/8/8/8/8/8/8/R3K3 w Q - 0 1');
  assert.equal(await page.isVisible('#editor'), false);
  await page.click('#edit');
  await page.click('#edit-clear');
  await page.click('#edit-done');
  await page.waitForFunction(() => document.querySelector('#error').textContent.length > 0);
  assert.match(await page.textContent('#error'), /king/i);
  assert.equal(await page.isVisible('#editor'), true);
  await page.click('#edit-cancel');
  assert.equal(await fenOf(page), '4k3/8/8/8/8/8/8/R3K3 w Q - 0 1');
  assert.equal(await page.locator('cg-board piece').count(), 3);
  // a position loaded from the box while editing ends the editing
  await page.click('#edit');
  await page.fill('#load-input', '4k3/8/8/8/8/8/8/4K2R w K - 0 1');
  await page.click('#load');
  await page.waitForFunction(() => document.querySelector('#status').dataset.fen === '4k3/8/8/8/8/8/8/4K2R w K - 0 1');
  assert.equal(await page.isVisible('#editor'), false);
});

await test('the engine answers from its worker, and the page stays responsive', async () => {
  await page.fill('#load-input', '4k3/8/8/8/8/8/8/3QK3 w - - 0 1');
  await page.click('#load');
  await page.waitForFunction(() => document.querySelector('#status').dataset.fen === '4k3/8/8/8/8/8/8/3QK3 w - - 0 1');
  await page.selectOption('#engine-time', { index: 0 });
  await page.click('#engine-move');
  await page.waitForSelector('body[data-plies="1"]', { timeout: 30000 });
  // the weakest level still answers with a legal move (the library checks every move the page plays)
  await page.selectOption('#engine-level', '0');
  await page.click('#engine-move');
  await page.waitForSelector('body[data-plies="2"]', { timeout: 30000 });
  await page.selectOption('#engine-level', '20');
});

await test('pictures: SVG and PNG drawn in the page', async () => {
  for (const [kind, magic] of [['svg', '<svg'], ['png', '\x89PNG']]) {
    await page.selectOption('#image-kind', kind);
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#image')]);
    const data = fs.readFileSync(await dl.path(), 'latin1');
    assert.ok(data.startsWith(magic) || data.includes(magic), `${kind}: ${data.slice(0, 20)}`);
  }
});

await test('analysis: the bar and the line (score, depth, SAN) for the position shown', async () => {
  await page.fill('#load-input', '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1');
  await page.click('#load');
  await page.waitForFunction(() => document.querySelector('#status').dataset.fen === '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1');
  await page.check('#analysis');
  await page.waitForFunction(() => document.querySelector('#analysis-line').dataset.score === '#1', null, { timeout: 30000 });
  assert.match(await page.textContent('#analysis-line'), /depth \d+ · 1\. Ra8#/);
  assert.equal(await page.getAttribute('#eval-bar', 'aria-valuenow'), '100');
  assert.equal(await page.isVisible('#eval-bar'), true);
  await page.selectOption('#analysis-lines', '3'); // MultiPV: the three best lines
  await page.waitForFunction(() => document.querySelectorAll('#analysis-line .pv').length === 3, null, { timeout: 30000 });
  assert.match(await page.textContent('#analysis-line .pv:first-child'), /^#1 depth \d+ · 1\. Ra8#/);
  await page.uncheck('#analysis');
  assert.equal(await page.isVisible('#eval-bar'), false);
});

await test('accessible names: every copy button its own, the board focusable and described', async () => {
  const labels = await page.$$eval('button.copy', (bs) => bs.map((b) => b.getAttribute('aria-label')));
  assert.ok(labels.length >= 8, labels.join());
  assert.equal(new Set(labels).size, labels.length, labels.join(' | '));
  assert.equal(await page.getAttribute('#board', 'tabindex'), '0');
  assert.match(await page.getAttribute('#board', 'aria-label'), /FEN 6k1\/5ppp/);
});

await test('the board uses the screen: large on a desktop, no sideways scroll on a phone; dark scheme', async () => {
  const sizes = {};
  for (const [w, h] of [[1920, 1080], [1366, 768], [390, 844]]) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(200);
    sizes[w] = (await page.locator('cg-board').boundingBox()).width;
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(scroll <= 0, `${w}x${h}: scrolls sideways by ${scroll}px`);
  }
  assert.ok(sizes[1920] >= 700, JSON.stringify(sizes));
  assert.ok(sizes[1366] >= 560, JSON.stringify(sizes));
  assert.ok(sizes[390] >= 330 && sizes[390] <= 390, JSON.stringify(sizes));
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const bg = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  assert.equal(bg, 'rgb(30, 31, 34)');
  await page.emulateMedia({ colorScheme: 'light' });
});

await test('no page error, no network request', async () => {
  assert.deepEqual(problems, []);
});

await ctx.close();
finish();

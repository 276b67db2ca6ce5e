// End-to-end test of the page of `chesscodec serve` in a real browser: Debian's chromium driven
// by playwright-core (from web/node_modules). Run by tests/test_web_e2e.sh:
//   node web.mjs URL CHESSCODEC_BIN WEB_DIR [SCREENSHOT.png]
// Plays moves by dragging, checks the codes shown equal `chesscodec encode`, that the URL
// fragment changed and reopens the same game in a new page, that pasting an emoji code loads
// its position, promotion, the engine, undo, and that the page logs no error.
// Prints "N passed, M failed".
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import assert from 'node:assert/strict';
import { START, codes, drag, harness, launchChromium } from './harness.mjs';

const [BASE, BIN, WEB_DIR, SHOT] = process.argv.slice(2);

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

const { test, finish } = harness();

const ctx = await launchChromium(WEB_DIR, { permissions: ['clipboard-read', 'clipboard-write'] });
ctx.setDefaultTimeout(15000);
const pageErrors = [];
function watch(page) {
  page.on('pageerror', (e) => pageErrors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // The bad paste below is answered 422 on purpose; anything else is a fault.
    // The tests of errors below cut the server off on purpose (net::ERR_FAILED) and load
    // empty or bad text (400); anything else is a fault.
    if (m.type() === 'error' && !/status of (400|422)|net::ERR_FAILED/.test(m.text())) pageErrors.push(`console: ${m.text()}`);
  });
  return page;
}

async function open(url, viewport) {
  const page = watch(await ctx.newPage());
  if (viewport) await page.setViewportSize(viewport);
  await page.goto(url);
  await page.waitForSelector('body.ready');
  await page.waitForSelector('cg-board piece');
  return page;
}
// A page without the settings earlier tests saved (orientation, engine).
async function fresh(url, viewport) {
  const page = await open(url, viewport);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('body.ready');
  await page.waitForSelector('cg-board piece');
  return page;
}
// Pastes text into the Load box and waits for the position `fen` (or any change when null).
async function loadText(page, text, fen) {
  await page.fill('#load-input', text);
  await page.click('#load');
  if (fen) await page.waitForFunction((f) => document.querySelector('#status').dataset.fen === f, fen);
}
const ENGINE_REPLY = (move) => JSON.stringify({ bestmove: move, score: { cp: 0 }, depth: 1, nodes: 1, time_ms: 1, pv: [move] });
const fenOf = (page) => page.getAttribute('#status', 'data-fen');
// What the page shows, for a failure's message: moves, position, selected square, error.
async function pageState(page) {
  return page.evaluate(() => JSON.stringify({
    plies: document.body.dataset.plies,
    busy: document.body.classList.contains('busy'),
    fen: document.querySelector('#status')?.dataset.fen,
    status: document.querySelector('#status')?.textContent,
    error: document.querySelector('#error')?.textContent,
    selected: [...document.querySelectorAll('cg-board square.selected')].map((s) => s.cgKey),
    scrollY: window.scrollY,
    url: location.href,
  })).catch((e) => `(page state unavailable: ${e.message})`);
}
async function waitPlies(page, n) {
  try {
    await page.waitForSelector(`body[data-plies="${n}"]`);
  } catch (e) {
    throw new Error(`${e.message.split('\n')[0]}; the page: ${await pageState(page)}`);
  }
}
// After "New game": the start position is shown (the moves count alone is 0 before the click
// too, when the game before had no moves).
async function waitNewGame(page) {
  try {
    await page.waitForFunction((start) => document.querySelector('#status').dataset.fen === start &&
      document.body.dataset.plies === '0', START);
  } catch (e) {
    throw new Error(`${e.message.split('\n')[0]}; the page: ${await pageState(page)}`);
  }
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
  await waitNewGame(page);
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
  await waitNewGame(page);
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
  const p = await fresh(BASE + '/#' + 'fen=' + encodeURIComponent(START) + '&uci=e2e4,e7e5,g1f3');
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

// ---- issue 16: the defects, one test each ------------------------------------------------
await test('defect 1: an engine reply for another position is never played (Undo while it thinks)', async () => {
  const p = await fresh(BASE + '/');
  await loadText(p, '4k3/8/6p1/8/8/8/8/3QK3 w - - 0 1', '4k3/8/6p1/8/8/8/8/3QK3 w - - 0 1');
  const sent = [];
  p.on('request', (rq) => { if (/\/api\/(game|engine)$/.test(rq.url())) sent.push(rq.postData() || ''); });
  // The search for 1.Qh5 answers g6h5 only after Undo and 1.Qd2; the next one is the real engine.
  let release;
  const held = new Promise((r) => (release = r));
  await p.route('**/api/engine', async (route) => {
    if (!route.request().postData().includes('d1h5')) return route.continue();
    await held;
    await route.fulfill({ contentType: 'application/json', body: ENGINE_REPLY('g6h5') }).catch(() => {});
  });
  await p.selectOption('#engine-time', '200');
  await p.selectOption('#engine-side', 'black');
  await drag(p, 'd1', 'h5');
  await waitPlies(p, 1);
  await p.waitForSelector('#stop:not([disabled])');
  await p.click('#undo');
  await waitPlies(p, 0);
  await drag(p, 'd1', 'd2');
  await waitPlies(p, 2); // the engine answered the new position
  release();
  await p.waitForTimeout(400);
  assert.equal(await p.getAttribute('body', 'data-plies'), '2');
  const uci = (await codes(p)).game.uci;
  assert.match(uci, / moves d1d2 [a-h][1-8][a-h][1-8]$/, uci);
  assert.ok(!sent.some((b) => b.includes('g6h5')), 'the stale g6h5 was never sent');
  assert.equal(await p.isVisible('#error'), false, await p.textContent('#error'));
  await p.close();
});

await test('defect 1: a legal stale reply is not played either (1.d4, New game, 1.e4)', async () => {
  const p = await fresh(BASE + '/');
  let release;
  const held = new Promise((r) => (release = r));
  await p.route('**/api/engine', async (route) => {
    const body = JSON.parse(route.request().postData());
    if (body.moves && body.moves[0] === 'd2d4') {
      await held;
      return route.fulfill({ contentType: 'application/json', body: ENGINE_REPLY('d7d5') }).catch(() => {});
    }
    assert.deepEqual(body.moves, ['e2e4']);
    return route.fulfill({ contentType: 'application/json', body: ENGINE_REPLY('c7c5') });
  });
  await p.selectOption('#engine-side', 'black');
  await drag(p, 'd2', 'd4');
  await waitPlies(p, 1);
  await p.click('#new');
  await waitNewGame(p);
  await drag(p, 'e2', 'e4');
  await waitPlies(p, 2);
  release();
  await p.waitForTimeout(400);
  assert.equal((await codes(p)).game.uci, 'e2e4 c7c5');
  assert.match(await p.textContent('#moves'), /1\.\s*e4\s*c5/);
  await p.close();
});

await test('defect 2: the promotion chooser is on the board, Escape cancels, it dies with its position', async () => {
  const PROMO = '8/P7/8/8/8/8/8/k6K w - - 0 1';
  const p = await fresh(BASE + '/', { width: 1366, height: 768 });
  await loadText(p, PROMO, PROMO);
  await drag(p, 'a7', 'a8');
  await p.waitForSelector('#promotion:not([hidden])');
  const board = await p.locator('cg-board').boundingBox();
  for (const role of ['q', 'r', 'b', 'n']) {
    const b = await p.locator(`#promotion button[data-role="${role}"]`).boundingBox();
    assert.ok(b.x >= board.x - 1 && b.x + b.width <= board.x + board.width + 1, `${role} inside the board`);
    assert.ok(b.y >= board.y - 1 && b.y + b.height <= board.y + board.height + 1, `${role} inside the board`);
    assert.ok(b.x < board.x + board.width / 8, `${role} on the a-file`);
  }
  await p.keyboard.press('Escape');
  await p.waitForSelector('#promotion', { state: 'hidden' });
  assert.equal(await fenOf(p), PROMO);
  assert.equal(await p.getAttribute('body', 'data-plies'), '0');
  // A chooser open when the game changes is gone with it: nothing is sent for the new position.
  await drag(p, 'a7', 'a8');
  await p.waitForSelector('#promotion:not([hidden])');
  const sent = [];
  p.on('request', (rq) => { if (rq.url().endsWith('/api/game')) sent.push(rq.postData() || ''); });
  await p.click('#new');
  await p.waitForFunction((f) => document.querySelector('#status').dataset.fen === f, START);
  assert.equal(await p.isVisible('#promotion'), false);
  assert.ok(!sent.some((b) => b.includes('a7a8')), sent.join());
  // Chosen: the piece asked for.
  await loadText(p, PROMO, PROMO);
  await drag(p, 'a7', 'a8');
  await p.click('#promotion button[data-role="r"]');
  await waitPlies(p, 1);
  assert.equal(await fenOf(p), 'R7/8/8/8/8/8/8/k6K b - - 0 1');
  await p.close();
  // On a phone every choice is on the screen.
  const m = await fresh(BASE + '/', { width: 390, height: 844 });
  await loadText(m, PROMO, PROMO);
  await drag(m, 'a7', 'a8');
  await m.waitForSelector('#promotion:not([hidden])');
  for (const role of ['q', 'r', 'b', 'n']) {
    const b = await m.locator(`#promotion button[data-role="${role}"]`).boundingBox();
    assert.ok(b.x >= 0 && b.x + b.width <= 390 && b.y >= 0 && b.y + b.height <= 844, `${role} on the phone's screen`);
  }
  await m.click('#promotion button[data-role="n"]');
  await waitPlies(m, 1);
  assert.equal(await fenOf(m), 'N7/8/8/8/8/8/8/k6K b - - 0 1');
  await m.close();
});

await test('defect 3: errors show next to the board and clear on the next success; server down is said', async () => {
  const p = await fresh(BASE + '/', { width: 1366, height: 768 });
  await p.route('**/api/game', (route) => route.abort());
  await drag(p, 'e2', 'e4');
  await p.waitForSelector('#error:not([hidden])');
  assert.match(await p.textContent('#error'), /server/);
  const box = await p.locator('#error').boundingBox();
  assert.ok(box.y + box.height <= 768, `the error is on screen (bottom ${box.y + box.height})`);
  assert.equal(await fenOf(p), START);
  await p.unroute('**/api/game');
  await drag(p, 'e2', 'e4');
  await waitPlies(p, 1);
  await p.waitForSelector('#error', { state: 'hidden' });
  assert.equal(await p.textContent('#error'), '');
  await p.close();
});

await test('defect 4: Load with an empty box keeps the game and says so', async () => {
  const p = await fresh(BASE + '/#ckGV');
  await waitPlies(p, 3);
  await loadText(p, '   ');
  await p.waitForSelector('#error:not([hidden])');
  assert.match(await p.textContent('#error'), /Nothing to load/);
  assert.equal(await fenOf(p), AFTER_3);
  assert.equal(await p.getAttribute('body', 'data-plies'), '3');
  await p.close();
});

await test("defect 5 (and 9): the page's own link, lichess links, a placement-only FEN, figurines", async () => {
  const p = await fresh(BASE + '/');
  await loadText(p, `${BASE}/#ckGV`, AFTER_3);
  assert.equal(await p.getAttribute('body', 'data-plies'), '3');
  const E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
  await loadText(p, `https://lichess.org/analysis/${E4.replace(/ /g, '_')}`, E4);
  await loadText(p, 'https://lichess.org/editor/4k3/8/8/8/8/8/8/4K2R_w_K_-_0_1', '4k3/8/8/8/8/8/8/4K2R w K - 0 1');
  await loadText(p, 'https://lichess.org/analysis/standard/8/8/8/4k3/8/8/8/4K3_b_-_-_0_1', '8/8/8/4k3/8/8/8/4K3 b - - 0 1');
  await loadText(p, 'r3k3/8/8/8/8/8/8/4K2R', 'r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1');
  await loadText(p, '1. e4 e5 2. \u2658\uFE0Ff3 \u265E\uFE0Fc6', 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3');
  await loadText(p, '\uFEFF[Event "x"]\n\n1. d4 \u265F\uFE0Fd5 *', 'rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq d6 0 2');
  assert.equal(await p.isVisible('#error'), false, await p.textContent('#error'));
  await p.close();
});

await test('defect 6: PGN import keeps tags, result, comments and variations', async () => {
  const p = await fresh(BASE + '/');
  const pgn = '[Event "World Championship"]\n[Site "London"]\n[Date "2018.11.28"]\n[Round "12"]\n' +
    '[White "Carlsen, Magnus"]\n[Black "Caruana, Fabiano"]\n[Result "1/2-1/2"]\n\n' +
    '1. e4 {the king\'s pawn} c5 (1... e5 2. Nf3) 2. Nf3 1/2-1/2\n';
  await loadText(p, pgn, 'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2');
  assert.match(await p.textContent('#status'), /Result 1\/2-1\/2 \(draw\)/);
  assert.match(await p.textContent('#game-info'), /Carlsen, Magnus – Caruana, Fabiano · World Championship · London · 2018\.11\.28 · round 12/);
  let shown = await codes(p);
  assert.match(shown.game.pgn, /\[White "Carlsen, Magnus"\]/);
  assert.match(shown.game.pgn, /\{the king's pawn\}/);
  assert.match(shown.game.pgn, /\(1\.\.\. e5 2\. Nf3\)/);
  assert.match(shown.game.pgn, /1\/2-1\/2\s*$/);
  // Playing on keeps the tags (the game goes on: no result).
  await drag(p, 'd7', 'd6');
  await waitPlies(p, 4);
  shown = await codes(p);
  assert.match(shown.game.pgn, /\[Event "World Championship"\]/);
  assert.match(shown.game.pgn, /\[Result "\*"\]/);
  assert.match(await p.textContent('#game-info'), /Carlsen/);
  // Back to the game as loaded: its comments and result again.
  await p.click('#undo');
  await waitPlies(p, 3);
  assert.match((await codes(p)).game.pgn, /\{the king's pawn\}[\s\S]*1\/2-1\/2\s*$/);
  await p.close();
});

await test('defect 7: coordinates sit on their squares, lower case, readable, inside the board', async () => {
  const p = await fresh(BASE + '/');
  const board = await p.locator('cg-board').boundingBox();
  const sq = board.width / 8;
  const files = await p.$$eval('coords.files coord', (cs) => cs.map((c) => {
    const r = c.getBoundingClientRect();
    const st = getComputedStyle(c);
    return { t: c.textContent, x: r.x + r.width / 2, bottom: r.bottom, size: parseFloat(st.fontSize), color: st.color, light: c.classList.contains('coord-light') };
  }));
  assert.deepEqual(files.map((f) => f.t), ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
  files.forEach((f, i) => {
    assert.ok(f.x > board.x + i * sq && f.x < board.x + (i + 1) * sq, `${f.t} over its square (${f.x})`);
    assert.ok(f.bottom <= board.y + board.height + 1, `${f.t} inside the board`);
    assert.ok(f.size >= 10, `${f.t}: ${f.size}px`);
  });
  // Dark text on light squares, light text on dark squares (a1 is dark).
  const lum = (c) => c.match(/\d+/g).slice(0, 3).reduce((a, v) => a + Number(v), 0) / 3;
  assert.equal(files[0].light, false);
  assert.ok(lum(files[0].color) > 180 && lum(files[1].color) < 150, `${files[0].color} / ${files[1].color}`);
  const ranks = await p.$$eval('coords.ranks coord', (cs) => cs.map((c) => c.getBoundingClientRect().right));
  assert.ok(ranks.every((r) => r <= board.x + board.width + 1), 'ranks inside the board');
  await p.close();
  const m = await fresh(BASE + '/', { width: 390, height: 844 });
  assert.ok(await m.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling on a phone');
  await m.close();
});

await test('defect 8: thinking state, Stop, the board turns for the engine as White, settings kept', async () => {
  const p = await fresh(BASE + '/');
  let release;
  const held = new Promise((r) => (release = r));
  await p.route('**/api/engine', async (route) => {
    await held;
    await route.fulfill({ contentType: 'application/json', body: ENGINE_REPLY('e2e4') }).catch(() => {});
  });
  await p.selectOption('#engine-time', '3000');
  await p.selectOption('#engine-side', 'white');
  await p.waitForSelector('.cg-wrap.orientation-black');
  await p.waitForSelector('#thinking:not([hidden])');
  assert.equal(await p.isDisabled('#engine-move'), true);
  assert.equal(await p.isEnabled('#stop'), true);
  assert.match(await p.textContent('#status'), /White to move/);
  await p.click('#stop');
  await p.waitForSelector('#thinking', { state: 'hidden' });
  release();
  await p.waitForTimeout(300);
  assert.equal(await p.getAttribute('body', 'data-plies'), '0', 'a stopped search plays nothing');
  assert.equal(await p.inputValue('#engine-side'), 'none');
  assert.equal(await p.isEnabled('#engine-move'), true);
  assert.equal(await p.isDisabled('#stop'), true);
  await p.unroute('**/api/engine');
  // Kept across a reload: orientation, the engine's side and time.
  await p.selectOption('#engine-side', 'black');
  await p.reload();
  await p.waitForSelector('body.ready');
  await p.waitForSelector('.cg-wrap.orientation-white');
  assert.equal(await p.inputValue('#engine-side'), 'black');
  assert.equal(await p.inputValue('#engine-time'), '3000');
  await p.click('#flip');
  await p.reload();
  await p.waitForSelector('body.ready');
  await p.waitForSelector('.cg-wrap.orientation-black');
  await p.evaluate(() => localStorage.clear());
  await p.close();
});

await test('the explorer beside the board: the index of serve --db, a click plays its move', async () => {
  const db = process.env.CHC_EXPLORE_DB;
  const p = await fresh(BASE);
  if (!db) {
    await p.waitForTimeout(300);
    assert.equal(await p.isHidden('#explorer'), true);
    await p.close();
    return;
  }
  await p.waitForSelector('#explorer:not([hidden]) tr[data-uci="e2e4"]');
  const want = JSON.parse(cli('explore', '--db', db, '--json'));
  const rows = await p.$$eval('#explorer-moves tr', (trs) => trs.map((tr) => [tr.dataset.uci, tr.children[1].textContent]));
  assert.deepEqual(rows, want.moves.map((m) => [m.uci, String(m.white + m.draws + m.black)]));
  await p.click('#explorer-moves tr[data-uci="e2e4"]');
  await waitPlies(p, 1);
  assert.equal(await fenOf(p), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1');
  await p.waitForSelector('#explorer tr[data-uci="e7e5"]');
  await p.close();
});

await test('the page logged no errors', async () => {
  assert.deepEqual(pageErrors, [], pageErrors.join(" || "));
});

await ctx.close();
finish();

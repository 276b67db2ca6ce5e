// API tests of `chesscodec serve` (run by tests/test_serve_api.sh against a running server).
//   node api.mjs URL CHESSCODEC_BIN [--engine-cap-ms N] [--page real|fallback|any]
// Every endpoint, with good input (pinned vectors, codes compared with the CLI's) and bad
// input (bad JSON, unknown formats, illegal moves, oversized bodies, raw garbage): each bad
// request gets its error and the server keeps serving. Prints "N passed, M failed".
import { execFileSync } from 'node:child_process';
import net from 'node:net';
import assert from 'node:assert/strict';
import { START, harness } from './harness.mjs';

const [URL_BASE, BIN, ...rest] = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = rest.indexOf(name);
  return i >= 0 ? rest[i + 1] : dflt;
};
const ENGINE_CAP = Number(opt('--engine-cap-ms', '0'));
const PAGE = opt('--page', 'any');
const ENGINE_SLOTS = Number(opt('--engine-slots', '0'));
const SANITIZED = !!process.env.CHC_SANITIZED;

const { test, finish } = harness();

async function post(path, body, headers = {}) {
  const res = await fetch(URL_BASE + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, json, text, type: res.headers.get('content-type'), retry: res.headers.get('retry-after') };
}
async function get(path) {
  const res = await fetch(URL_BASE + path);
  const buf = Buffer.from(await res.arrayBuffer());
  const text = buf.toString('utf8');
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, type: res.headers.get('content-type'), text, json, headers: res.headers, len: buf.length };
}
function expectError(r, status, code) {
  assert.equal(r.status, status, `status (body ${r.text.slice(0, 200)})`);
  assert.ok(r.json && r.json.error, 'error object');
  assert.equal(r.json.error.code, code);
  assert.equal(r.json.error.status, status);
  assert.equal(typeof r.json.error.message, 'string');
  assert.ok(r.json.error.message.length > 0);
  assert.match(r.type, /^application\/json/);
}
function cli(...args) {
  return execFileSync(BIN, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}
// `chesscodec encode --to NAME FEN`, or undefined when the CLI has no such format (exit 2).
function cliEncode(name, fen) {
  try {
    return cli('encode', '--to', name, fen);
  } catch (e) {
    if (e.status === 2) return undefined;
    throw e;
  }
}
// Sends raw bytes over TCP and returns everything the server answers before closing.
function raw(bytes, { endAfterMs = 3000 } = {}) {
  const { hostname, port } = new URL(URL_BASE);
  return new Promise((resolve, reject) => {
    const s = net.connect({ host: hostname, port: Number(port) });
    let data = '';
    const timer = setTimeout(() => s.destroy(), endAfterMs);
    s.on('connect', () => s.write(bytes));
    s.on('data', (d) => (data += d.toString('latin1')));
    s.on('close', () => {
      clearTimeout(timer);
      resolve(data);
    });
    s.on('error', (e) => {
      clearTimeout(timer);
      if (data) resolve(data);
      else reject(e);
    });
  });
}
async function alive() {
  const r = await get('/api/info');
  assert.equal(r.status, 200, 'the server still answers');
}

// ---------------------------------------------------------------------------------------------
await test('GET /api/info', async () => {
  const r = await get('/api/info');
  assert.equal(r.status, 200);
  assert.match(r.type, /^application\/json/);
  const j = JSON.parse(r.text);
  assert.equal(j.name, 'chesscodec');
  for (const f of ['fen', 'covert', 'mscs', 'mscs-hex']) assert.ok(j.position_formats.includes(f), f);
  for (const f of ['pgn', 'uci', 'san', 'urlsafe']) assert.ok(j.game_formats.includes(f), f);
  assert.equal(j.limits.max_body_bytes, 65536);
  assert.equal(r.headers.get('cache-control'), 'no-store');
});

await test('GET / serves the page', async () => {
  const r = await get('/');
  assert.equal(r.status, 200);
  assert.match(r.type, /^text\/html/);
  assert.match(r.headers.get('content-security-policy') || '', /default-src 'self'/);
  const real = r.text.includes('id="board"');
  if (PAGE === 'real') assert.ok(real, 'the built page (with the board) is embedded');
  if (PAGE === 'fallback') assert.match(r.text, /npm ci/);
  if (real) {
    // Every script and style the page names is served with its type.
    const refs = [...r.text.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
    assert.ok(refs.length >= 2, 'the page names its assets');
    for (const ref of refs) {
      const a = await get(ref);
      assert.equal(a.status, 200, ref);
      assert.match(a.type, ref.endsWith('.js') ? /^text\/javascript/ : /^text\/css/, ref);
      assert.ok(a.len > 100, ref);
    }
  }
  const h = await fetch(URL_BASE + '/', { method: 'HEAD' });
  assert.equal(h.status, 200);
});

await test('unknown page and wrong methods', async () => {
  expectError(await get('/no/such/page.html'), 404, 'not_found');
  expectError(await get('/api/nothing'), 404, 'not_found');
  expectError(await get('/api/game'), 405, 'method_not_allowed');
  expectError(await post('/api/info', {}), 405, 'method_not_allowed');
  expectError(await post('/index.html', {}), 405, 'method_not_allowed');
  expectError(await get('/../../etc/passwd'), 404, 'not_found');
});

await test('405 says the methods allowed (Allow)', async () => {
  for (const [path, method, allow] of [['/api/game', 'GET', 'POST'], ['/api/engine', 'PUT', 'POST'],
    ['/api/info', 'POST', 'GET, HEAD'], ['/api/info', 'DELETE', 'GET, HEAD'], ['/', 'POST', 'GET, HEAD'],
    ['/index.html', 'PUT', 'GET, HEAD']]) {
    const res = await fetch(URL_BASE + path, { method, body: method === 'GET' ? undefined : '{}' });
    const text = await res.text();
    expectError({ status: res.status, json: JSON.parse(text), text, type: res.headers.get('content-type') }, 405, 'method_not_allowed');
    assert.equal(res.headers.get('allow'), allow, `${method} ${path}`);
  }
});

await test('every error is JSON as docs/api.md says, whatever went wrong', async () => {
  // Over raw TCP, requests that are wrong at the HTTP level: the reply has a JSON body with
  // {"error":{"status","code","message"}} and the status of the status line.
  const cases = [
    'GET /nothing HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    'GET /.env HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    'BREW /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    'POST /api/game HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nConnection: close\r\n\r\nnope!',
    'POST /api/game HTTP/1.1\r\nHost: evil.example\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
    'POST /api/game HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 999999\r\nConnection: close\r\n\r\n',
    'GET /api/game HTTP/1.0\r\n\r\n',
  ];
  for (const req of cases) {
    const got = await raw(req);
    const m = /^HTTP\/1\.[01] (\d{3})/.exec(got);
    assert.ok(m, `a status line for ${JSON.stringify(req.slice(0, 40))}: ${got.slice(0, 80)}`);
    const head = got.slice(0, got.indexOf('\r\n\r\n'));
    assert.match(head, /content-type: application\/json/i, req.slice(0, 40));
    const body = JSON.parse(got.slice(got.indexOf('\r\n\r\n') + 4));
    assert.equal(body.error.status, Number(m[1]), req.slice(0, 40));
    assert.equal(typeof body.error.code, 'string');
    assert.ok(body.error.message.length > 0);
  }
  await alive();
});

await test('unknown JSON members are refused, naming them', async () => {
  let r = await post('/api/engine', { fen: START, movetime: 100 });
  expectError(r, 400, 'unknown_member');
  assert.match(r.json.error.message, /"movetime"/);
  assert.match(r.json.error.message, /movetime_ms/, 'the known members are listed');
  r = await post('/api/game', { input: 'e4', fromat: 'san', extra: 1 });
  expectError(r, 400, 'unknown_member');
  assert.match(r.json.error.message, /"fromat", "extra"/);
  for (const [path, body] of [['/api/position', { input: START, fen: START }], ['/api/moves', { input: START }],
    ['/api/play', { fen: START, moves: ['e2e4'] }], ['/api/image', { input: 'e4', colour: 'red' }]])
    expectError(await post(path, body), 400, 'unknown_member');
  // Every member the docs name is still read.
  assert.equal((await post('/api/engine', { moves: ['e2e4'], start_fen: START, format: 'uci', movetime_ms: 50, depth: 2 })).status, 200);
  assert.equal((await post('/api/play', { fen: START, move: 'e4' })).status, 200);
});

await test('engine: multipv gives that many lines, best first, each with SAN; a bad multipv is refused', async () => {
  // (a depth, not a time: a sanitized build may stop before reporting every line)
  const r = await post('/api/engine', { moves: ['e2e4'], depth: 4, multipv: 3 });
  assert.equal(r.status, 200);
  assert.equal(r.json.lines.length, 3);
  assert.equal(r.json.lines[0].pv[0], r.json.bestmove);
  assert.deepEqual(r.json.lines[0].score, r.json.score);
  for (const l of r.json.lines) assert.equal(l.pv.length, l.pv_san.length);
  assert.equal(new Set(r.json.lines.map((l) => l.pv[0])).size, 3, 'three different moves');
  expectError(await post('/api/engine', { moves: ['e2e4'], multipv: 9 }), 400, 'bad_request');
});

// ---------------------------------------------------------------------------------------------
await test('position: start position in every format (pinned vectors)', async () => {
  const r = await post('/api/position', { input: START });
  assert.equal(r.status, 200, r.text);
  const p = r.json;
  assert.equal(p.input_format, 'fen');
  assert.equal(p.fen, START);
  assert.equal(p.formats.fen, START);
  assert.equal(p.polyglot_key, '463b96181691fc9c');
  assert.equal(p.formats.mscs, 'PDoBH8gEdtAI3pAI1mARm0AjfIBHegEf');
  assert.equal(p.formats['mscs-hex'], '3c3a011fc80476d008de9008d660119b40237c80477a011f');
  assert.equal(p.turn, 'white');
  assert.equal(p.check, false);
  assert.equal(p.status, 'playing');
  assert.equal(p.legal_moves.length, 20);
  assert.deepEqual(p.dests.g1.sort(), ['f3', 'h3']);
});

const COVERT_FEN = 'rnbq1bnr/ppppkppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR w - - 2 3';
const COVERT_CODE = '♟️👯‍♂️🧚🏽‍♀️🧑🏻‍🔧👩🏾‍🦽🎥☄️👐🏿👩🏼‍🦼📟🚴🏼‍♂️🚣🏼‍♂️🛒💁🏿🤾🏾‍♀️🅰️👩🏿‍🏫🥔👩🏾‍🔧👼🏾📂🧑🏾‍🦲😀😀👐';
await test('position: covert chess vector both ways', async () => {
  const r = await post('/api/position', { input: COVERT_FEN });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.json.formats.covert, COVERT_CODE);
  const back = await post('/api/position', { input: COVERT_CODE });
  assert.equal(back.status, 200, back.text);
  assert.equal(back.json.input_format, 'covert');
  assert.equal(back.json.fen, COVERT_FEN);
});

await test('position: MSCS detected and decoded', async () => {
  const r = await post('/api/position', { input: 'AAAAAAAAAkcACQAAAAAAAAAAAAAAAAAA' });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.json.input_format, 'mscs');
  assert.equal(r.json.fen, '8/8/8/5K1k/8/8/8/6R1 w - - 0 1');
  const h = await post('/api/position', { input: '3c3a011fc80476d008de9008d660119b40237c80477a011f', format: 'mscs-hex' });
  assert.equal(h.status, 200, h.text);
  assert.equal(h.json.fen, START);
});

await test('position: every code equals `chesscodec encode --to NAME`', async () => {
  const fens = [START, COVERT_FEN, 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3'];
  for (const fen of fens) {
    const r = await post('/api/position', { input: fen });
    assert.equal(r.status, 200, r.text);
    for (const [name, code] of Object.entries(r.json.formats)) {
      if (code === null) continue;
      const want = cliEncode(name, fen);
      if (want === undefined) {
        // A code the CLI does not write yet: it must at least read back to the position.
        const back = await post('/api/position', { input: code, format: name });
        assert.equal(back.status, 200, back.text);
        assert.equal(back.json.formats[name], code, `${name} round trip of ${fen}`);
        continue;
      }
      assert.equal(code, want, `${name} of ${fen}`);
    }
    assert.equal(r.json.polyglot_key, cli('hash', fen).split(/\s+/)[0].replace(/^0x/, '').toLowerCase().padStart(16, '0'), `key of ${fen}`);
  }
});

await test('position: bad inputs get 4xx with where', async () => {
  let r = await post('/api/position', { input: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1' });
  expectError(r, 422, 'bad_input');
  assert.equal(r.json.error.chc_error, 20);
  assert.ok(r.json.error.where.column > 0 || r.json.error.where.offset >= 0);
  r = await post('/api/position', { input: '8/8/8/8/8/8/8/8 w - - 0 1' });
  expectError(r, 422, 'bad_input');
  assert.equal(r.json.error.chc_error, 21);
  r = await post('/api/position', { input: START, format: 'nope' });
  expectError(r, 400, 'unknown_format');
  r = await post('/api/position', { input: '😀😀😀' });
  assert.equal(r.status, 422);
  r = await post('/api/position', {});
  expectError(r, 400, 'bad_request');
  r = await post('/api/position', { input: 42 });
  expectError(r, 400, 'bad_request');
});

// ---------------------------------------------------------------------------------------------
await test('moves: legal moves with SAN, promotions', async () => {
  let r = await post('/api/moves', { fen: START });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.json.count, 20);
  assert.ok(r.json.moves.some((m) => m.uci === 'g1f3' && m.san === 'Nf3'));
  r = await post('/api/moves', { fen: '8/P7/8/8/8/8/8/k6K w - - 0 1' });
  const promos = r.json.moves.filter((m) => m.from === 'a7').map((m) => m.promotion).sort();
  assert.deepEqual(promos, ['bishop', 'knight', 'queen', 'rook']);
  r = await post('/api/moves', {});
  assert.equal(r.json.count, 20, 'no fen: the standard start');
  expectError(await post('/api/moves', { fen: 'garbage' }), 422, 'bad_input');
});

await test('play: UCI and SAN, illegal moves', async () => {
  let r = await post('/api/play', { fen: START, move: 'e2e4' });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.json.uci, 'e2e4');
  assert.equal(r.json.san, 'e4');
  assert.equal(r.json.position.fen, 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1');
  r = await post('/api/play', { fen: START, move: 'Nf3' });
  assert.equal(r.json.uci, 'g1f3');
  r = await post('/api/play', { fen: START, move: 'e2e5' });
  expectError(r, 422, 'illegal_move');
  assert.equal(r.json.error.chc_error, 41);
  expectError(await post('/api/play', { fen: START, move: 'Qh5' }), 422, 'illegal_move');
  expectError(await post('/api/play', { fen: START, move: 'zz' }), 422, 'bad_input');
  expectError(await post('/api/play', { fen: START }), 400, 'bad_request');
  // Castling as king-to-rook is accepted and written king-to-destination.
  r = await post('/api/play', { fen: 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', move: 'e1h1' });
  assert.equal(r.json.uci, 'e1g1');
  assert.equal(r.json.san, 'O-O');
});

// ---------------------------------------------------------------------------------------------
const RUY = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5'];
await test('game: moves -> every game format (urlsafe vector)', async () => {
  const r = await post('/api/game', { moves: RUY });
  assert.equal(r.status, 200, r.text);
  const g = r.json;
  assert.equal(g.formats.urlsafe, 'ckGV5qh');
  assert.deepEqual(g.moves, RUY);
  assert.deepEqual(g.san, ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);
  assert.equal(g.formats.uci, RUY.join(' '));
  assert.equal(g.formats.san, 'e4 e5 Nf3 Nc6 Bb5');
  assert.match(g.formats.pgn, /1\. e4 e5 2\. Nf3 Nc6 3\. Bb5 \*/);
  assert.equal(g.standard_start, true);
  assert.equal(g.position.fen, 'r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3');
});

await test('game: every code equals `chesscodec convert --to NAME`', async () => {
  const games = [RUY, ['f2f3', 'e7e5', 'g2g4', 'd8h4'], ['e2e4', 'd7d5', 'e4d5', 'g8f6', 'f1b5', 'c7c6', 'd5c6', 'd8b6', 'c6b7', 'b6b5', 'b7a8q'], []];
  for (const moves of games) {
    const r = await post('/api/game', { moves });
    assert.equal(r.status, 200, r.text);
    for (const [name, code] of Object.entries(r.json.formats)) {
      // an empty line is no game for the CLI: it stays an empty line
      if (code === null || name === 'pgn' || moves.length === 0) continue;
      let want;
      try {
        want = execFileSync(BIN, ['convert', '--quiet', '--from', 'uci', '--to', name], { input: moves.join(' ') + '\n', encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
      } catch (e) {
        if (e.status === 2) continue; // a format the CLI does not write
        if (moves.length === 0) continue; // an empty line is no game for the CLI
        throw e;
      }
      if (moves.length === 0 && want === '') continue;
      assert.equal(code, want.replace(/\n$/, ''), `${name} of ${moves.join(' ')}`);
    }
  }
});

await test('game: urlsafe vectors decode (auto and named)', async () => {
  for (const [code, moves] of [['KS', ['c2c3']], ['a', ['c2c4']], ['ckGV5qh', RUY]]) {
    for (const format of ['auto', 'urlsafe']) {
      const r = await post('/api/game', { input: code, format });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.json.moves, moves, `${code} as ${format}`);
      assert.equal(r.json.input_format, 'urlsafe');
    }
  }
});

await test('game: a URL-safe string as long as a position pack code is read as a game', async () => {
  // 15 plies take 25 characters; ...h6 adds one: 26, the length of a position pack code.
  const moves = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5', 'a7a6', 'b5a4', 'g8f6', 'e1g1', 'f8e7', 'f1e1',
    'b7b5', 'a4b3', 'd7d6', 'c2c3', 'h7h6', 'h2h3', 'e8g8', 'd2d4'];
  let found = 0;
  for (let n = 1; n <= moves.length; n++) {
    const r = await post('/api/game', { moves: moves.slice(0, n) });
    const code = r.json.formats.urlsafe;
    if (code.length < 24 || code.length > 28) continue;
    const back = await post('/api/game', { input: code });
    assert.equal(back.status, 200, back.text);
    assert.equal(back.json.input_format, 'urlsafe', code);
    assert.equal(back.json.plies, n, code);
    found += code.length === 26;
  }
  assert.ok(found >= 1, 'a 26-character URL-safe game was tried');
});

await test('game: PGN, SAN, UCI and positions as input', async () => {
  const pgn = '[Event "t"]\n[White "a"]\n[Black "b"]\n\n1. e4 {best} e5 2. Nf3 (2. f4) Nc6 3. Bb5 a6 *\n';
  let r = await post('/api/game', { input: pgn });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.json.input_format, 'pgn');
  assert.deepEqual(r.json.moves, [...RUY, 'a7a6']);
  r = await post('/api/game', { input: '1. e4 e5 2. Nf3' });
  assert.ok(['pgn', 'san'].includes(r.json.input_format), r.text); // the library's detector decides
  assert.equal(r.json.plies, 3);
  r = await post('/api/game', { input: 'e4 e5 Nf3 Nc6 Bb5' });
  assert.equal(r.json.input_format, 'san', r.text);
  assert.deepEqual(r.json.moves, RUY);
  r = await post('/api/game', { input: 'e2e4 e7e5' });
  assert.equal(r.json.input_format, 'uci');
  r = await post('/api/game', { input: COVERT_CODE });
  assert.equal(r.json.input_format, 'covert');
  assert.equal(r.json.start_fen, COVERT_FEN);
  assert.equal(r.json.plies, 0);
  r = await post('/api/game', { input: COVERT_FEN });
  assert.equal(r.json.input_format, 'fen');
  assert.equal(r.json.standard_start, false);
  assert.equal(r.json.formats.urlsafe, null);
  assert.ok(r.json.format_errors.urlsafe);
  r = await post('/api/game', { moves: [] }); // (an empty "input" is 400: see below)
  assert.equal(r.json.plies, 0);
  assert.equal(r.json.formats.urlsafe, '');
});

await test('game: pack codes round-trip (when the server has them)', async () => {
  const info = JSON.parse((await get('/api/info')).text);
  if (!info.game_formats.includes('pack-game')) return;
  for (const req of [{ moves: RUY }, { moves: [] }, { start_fen: COVERT_FEN, moves: ['e2e1', 'e7e8', 'e1e2'] }]) {
    const r = await post('/api/game', req);
    assert.equal(r.status, 200, r.text);
    const code = r.json.formats['pack-game'];
    assert.equal(typeof code, 'string');
    // (the empty game's two-character code is too short for the library's detector)
    for (const format of req.moves.length ? ['pack', 'auto'] : ['pack']) {
      const back = await post('/api/game', { input: code, format });
      assert.equal(back.status, 200, back.text);
      assert.deepEqual(back.json.moves, r.json.moves, `${format}: ${code}`);
      assert.equal(back.json.start_fen.split(' ').slice(0, 4).join(' '), r.json.start_fen.split(' ').slice(0, 4).join(' '));
    }
  }
  expectError(await post('/api/game', { input: '!!!', format: 'pack' }), 422, 'bad_input');
});

await test('game: start_fen + moves, outcomes', async () => {
  let r = await post('/api/game', { start_fen: COVERT_FEN, moves: ['e2e1', 'e7e8'] });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.json.position.fen, 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 4 4');
  r = await post('/api/game', { moves: ['f2f3', 'e7e5', 'g2g4', 'd8h4'] });
  assert.equal(r.json.position.status, 'checkmate');
  assert.equal(r.json.position.result, '0-1');
  assert.deepEqual(r.json.position.legal_moves, []);
  assert.match(r.json.formats.pgn, /0-1/);
});

await test('game: empty input is 400, not the start position (issue 16, defect 4)', async () => {
  for (const body of [{ input: '' }, { input: '  \n\t ' }, { input: '', format: 'pgn' }, {}]) {
    const r = await post('/api/game', body);
    expectError(r, 400, 'bad_request');
    assert.match(r.json.error.message, /"input"/);
  }
  expectError(await post('/api/engine', { input: '' }), 400, 'bad_request');
  // The game of no moves is asked for with moves: [].
  const r = await post('/api/game', { moves: [] });
  assert.equal(r.status, 200);
  assert.equal(r.json.plies, 0);
});

await test('game: PGN tags, result and comments are kept; tags can be sent with moves (issue 16, defect 6)', async () => {
  const pgn = '[Event "World Championship"]\n[White "Carlsen, M."]\n[Black "Caruana, F."]\n[Result "1/2-1/2"]\n\n' +
    '1. e4 {the usual} c5 (1... e5 2. Nf3) 2. Nf3 1/2-1/2\n';
  let r = await post('/api/game', { input: pgn });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.json.result, '1/2-1/2');
  assert.equal(r.json.tags.Event, 'World Championship');
  assert.equal(r.json.tags.White, 'Carlsen, M.');
  assert.match(r.json.formats.pgn, /\{the usual\}/);
  assert.match(r.json.formats.pgn, /\(1\.\.\. e5 2\. Nf3\)/);
  assert.match(r.json.formats.pgn, /1\/2-1\/2\s*$/);
  r = await post('/api/game', { moves: ['e2e4'], tags: { Event: 'Club', White: 'A "Q"' } });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.json.result, '*');
  assert.match(r.json.formats.pgn, /\[Event "Club"\]/);
  assert.match(r.json.formats.pgn, /\[White "A \\"Q\\""\]/);
  for (const tags of [{ 'Bad name': 'x' }, { Result: '1-0' }, { FEN: START }, { Event: 5 }, { Event: 'a\nb' }, ['Event']])
    expectError(await post('/api/game', { moves: [], tags }), 400, 'bad_request');
});

await test('game: errors', async () => {
  let r = await post('/api/game', { moves: ['e2e4', 'e7e5', 'e1e3'] });
  expectError(r, 422, 'illegal_move');
  assert.equal(r.json.error.where.index, 2);
  r = await post('/api/game', { input: 'ckGV5q!' });
  assert.equal(r.status, 422, r.text);
  r = await post('/api/game', { input: 'ck', format: 'pgnx' });
  expectError(r, 400, 'unknown_format');
  r = await post('/api/game', { input: 'e4 e5 Ke3' });
  expectError(r, 422, 'illegal_move');
  r = await post('/api/game', { input: 'e4', moves: ['e2e4'] });
  expectError(r, 400, 'bad_request');
  r = await post('/api/game', { moves: 'e2e4' });
  expectError(r, 400, 'bad_request');
  r = await post('/api/game', { moves: [1, 2] });
  expectError(r, 400, 'bad_request');
  r = await post('/api/game', { input: 'e4 -- d4' });
  expectError(r, 422, 'bad_input');
  assert.equal(r.json.error.where.index, 1);
  r = await post('/api/game', { input: '1. e4 -- 2. d4 *' });
  expectError(r, 422, 'bad_input');
  r = await post('/api/engine', { input: 'e4 -- d4' });
  expectError(r, 422, 'bad_input');
  r = await post('/api/game', { start_fen: 'nonsense', moves: [] });
  expectError(r, 422, 'bad_input');
});

// ---------------------------------------------------------------------------------------------
await test('bad JSON and bad bodies', async () => {
  expectError(await post('/api/game', '{'), 400, 'bad_json');
  expectError(await post('/api/game', '[1,2]'), 400, 'bad_json');
  expectError(await post('/api/game', ''), 400, 'bad_json');
  expectError(await post('/api/game', '{"input":"e4","input":"d4"}'), 400, 'bad_json');
  expectError(await post('/api/game', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])), 400, 'bad_json');
  expectError(await post('/api/game', '['.repeat(20000) + ']'.repeat(20000)), 400, 'bad_json');
  expectError(await post('/api/game', '{"input":"a\\u0000b"}'), 400, 'bad_json');
  await alive();
});

await test('oversized bodies get 413 (announced and chunked)', async () => {
  const big = JSON.stringify({ input: 'e4 '.repeat(30000) });
  assert.ok(big.length > 65536);
  expectError(await post('/api/game', big), 413, 'body_too_large');
  // Chunked: no Content-Length, the limit is found while reading.
  const chunked = await raw(
    `POST /api/game HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n` +
      `10000\r\n${'x'.repeat(0x10000)}\r\n10000\r\n${'x'.repeat(0x10000)}\r\n0\r\n\r\n`);
  assert.match(chunked, /^HTTP\/1\.1 413/);
  assert.match(chunked, /body_too_large/);
  // Just under the limit is fine (the body is read, then refused as JSON).
  expectError(await post('/api/game', ' '.repeat(65000) + '{'), 400, 'bad_json');
  await alive();
});

await test('raw garbage and broken connections', async () => {
  const g = await raw('GARBAGE\r\n\r\n');
  assert.ok(g === '' || /^HTTP\/1\.[01] 4\d\d/.test(g), g.slice(0, 80));
  await raw('POST /api/game HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{"inp', { endAfterMs: 200 });
  await raw('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n', { endAfterMs: 200 });
  const lying = await raw('POST /api/game HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 99999999999999999999\r\nConnection: close\r\n\r\n');
  assert.ok(lying === '' || /^HTTP\/1\.1 (4\d\d)/.test(lying), lying.slice(0, 80));
  await alive();
});

await test('only loopback names in Host (no DNS rebinding)', async () => {
  const evil = await raw('GET /api/info HTTP/1.1\r\nHost: evil.example:80\r\nConnection: close\r\n\r\n');
  assert.match(evil, /^HTTP\/1\.1 421/);
  assert.match(evil, /bad_host/);
  const port = new URL(URL_BASE).port;
  for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, 'localhost', '127.1.2.3']) {
    const ok = await raw(`GET /api/info HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    assert.match(ok, /^HTTP\/1\.1 200/, host);
  }
  const posted = await raw('POST /api/game HTTP/1.1\r\nHost: 127.0.0.1.evil.example\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}');
  assert.match(posted, /^HTTP\/1\.1 421/);
  await alive();
});

// ---------------------------------------------------------------------------------------------
// /api/image: the bytes `chesscodec render` writes for the same request (PNG and GIF when the
// program was built with librsvg and giflib; without them 501 "not_built").
const FEATURES = ` ${process.env.CHC_FEATURES ?? 'png gif'} `;
async function image(body) {
  const res = await fetch(URL_BASE + '/api/image', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get('content-type'), buf: Buffer.from(await res.arrayBuffer()) };
}
function renderBytes(...args) {
  return execFileSync(BIN, ['render', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
}
await test('image: SVG, PNG and GIF equal `chesscodec render`', async () => {
  const game = 'e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7';
  const cases = [
    [{ input: game }, []],
    [{ input: game, image: 'svg', flip: true, theme: 'dark', arrows: 'e2e4', marks: 'e5', size: 200 },
      ['--flip', '--theme', 'dark', '--arrows', 'e2e4', '--marks', 'e5', '--size', '200']],
    [{ input: game, image: 'png', ply: 3, coords: false, size: 160 }, ['--to', 'png', '--ply', '3', '--no-coords', '--size', '160']],
    [{ input: game, image: 'gif', size: 96, delay: 500 }, ['--to', 'gif', '--size', '96', '--delay', '500']],
  ];
  for (const [body, args] of cases) {
    const kind = body.image ?? 'svg';
    const r = await image(body);
    if (kind !== 'svg' && !FEATURES.includes(` ${kind} `)) {
      assert.equal(r.status, 501, `${kind} without its library`);
      continue;
    }
    assert.equal(r.status, 200, `${kind}: ${r.buf.toString('utf8', 0, 200)}`);
    assert.equal(r.type, { svg: 'image/svg+xml', png: 'image/png', gif: 'image/gif' }[kind]);
    assert.ok(r.buf.equals(renderBytes(...args, game)), `${kind}: the same bytes as render ${args.join(' ')}`);
  }
});
await test('image: bad requests get 4xx and the server keeps serving', async () => {
  for (const [body, status] of [
    [{ input: 'e4', image: 'jpeg' }, 400], [{ input: 'e4', size: 100000 }, 400],
    [{ input: 'e4', image: 'gif', size: 2000 }, 400], [{ input: 'e4', theme: 'blue' }, 400],
    [{ input: 'e4', arrows: 'e2e2' }, 400], [{ input: 'e4', ply: 5 }, 400],
    [{ input: 'e4 Ke2' }, 422], [{ input: 'e4', delay: 'slow' }, 400],
  ]) {
    const r = await image(body);
    assert.equal(r.status, status, `${JSON.stringify(body)}: ${r.buf.toString('utf8', 0, 200)}`);
    assert.match(r.type, /^application\/json/);
  }
  await alive();
});

// ---------------------------------------------------------------------------------------------
await test('engine: a legal best move for a timed search', async () => {
  const r = await post('/api/engine', { fen: START, movetime_ms: 150 });
  assert.equal(r.status, 200, r.text);
  const legal = (await post('/api/position', { input: START })).json.legal_moves;
  assert.ok(legal.includes(r.json.bestmove), r.json.bestmove);
  assert.ok(typeof r.json.score.cp === 'number' || typeof r.json.score.mate === 'number');
  assert.ok(r.json.depth >= 1);
});

await test('engine: finds mate in one, on a game too', async () => {
  // Scholar's mate: after 1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6?? white mates with Qxf7#.
  const r = await post('/api/engine', { moves: ['e2e4', 'e7e5', 'f1c4', 'b8c6', 'd1h5', 'g8f6'], depth: 3 });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.json.bestmove, 'h5f7');
  assert.equal(r.json.score.mate, 1);
  const over = await post('/api/engine', { moves: ['f2f3', 'e7e5', 'g2g4', 'd8h4'] });
  expectError(over, 422, 'game_over');
  expectError(await post('/api/engine', { fen: START, movetime_ms: -5 }), 400, 'bad_request');
  expectError(await post('/api/engine', { fen: START, depth: 'deep' }), 400, 'bad_request');
  expectError(await post('/api/engine', { fen: START, moves: [] }), 400, 'bad_request');
});

await test('engine: "level" (0..20) weakens the search; bad levels are refused', async () => {
  // level 0 searches 1 ply; it still gives mate in one
  const r = await post('/api/engine', { moves: ['e2e4', 'e7e5', 'f1c4', 'b8c6', 'd1h5', 'g8f6'], depth: 10, level: 0 });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.json.bestmove, 'h5f7');
  const w = await post('/api/engine', { fen: START, depth: 12, level: 4 });
  assert.equal(w.status, 200, w.text);
  assert.ok(w.json.depth <= 3, `level 4 searches 3 plies at most, not ${w.json.depth}`);
  assert.equal((await post('/api/engine', { fen: START, depth: 2, level: 20 })).status, 200);
  for (const level of [-1, 21, 'weak', 2.5])
    expectError(await post('/api/engine', { fen: START, depth: 2, level }), 400, 'bad_request');
});

if (ENGINE_CAP > 0) {
  // A minute asked, the cap given: the answer comes far sooner than the time asked (the
  // margin is huge on purpose: this checks that the cap applies, not how fast it answers).
  await test('engine: the time cap holds', async () => {
    const t0 = Date.now();
    const r = await post('/api/engine', { fen: START, movetime_ms: 60000 });
    const took = Date.now() - t0;
    assert.equal(r.status, 200, r.text);
    assert.ok(r.json.time_ms < 30000, `engine time ${r.json.time_ms}`);
    assert.ok(took < 30000, `wall time ${took}`);
  });
}

if (ENGINE_SLOTS === 1) {
  await test('engine: a second search while one runs gets 503', async () => {
    const [a, b] = await Promise.all([
      post('/api/engine', { fen: START, movetime_ms: 300 }),
      new Promise((r) => setTimeout(r, 50)).then(() => post('/api/engine', { fen: START, movetime_ms: 300 })),
    ]);
    // One of them searched, the other found the only slot taken (whichever the server saw first).
    const [ok, busy] = a.status === 200 ? [a, b] : [b, a];
    assert.equal(ok.status, 200, ok.text);
    expectError(busy, 503, 'engine_busy');
    assert.match(busy.retry || '', /^[1-9]\d*$/, 'Retry-After in seconds');
    const c = await post('/api/engine', { fen: START, movetime_ms: 50 });
    assert.equal(c.status, 200, 'the slot is free again');
  });
}

await test('mutated request bodies: always a JSON answer, never a crash', async () => {
  // A small deterministic fuzz: valid bodies with bytes flipped, cut or repeated.
  let seed = 12345;
  const rnd = (n) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
  const bodies = [
    ['/api/position', { input: START }], ['/api/position', { input: COVERT_CODE }],
    ['/api/position', { input: 'PDoBH8gEdtAI3pAI1mARm0AjfIBHegEf' }],
    ['/api/game', { moves: RUY }], ['/api/game', { input: 'ckGV5qh' }],
    ['/api/game', { input: '[Event "x"]\n\n1. e4 e5 2. Nf3 {c} (2. f4) Nc6 *' }],
    ['/api/game', { start_fen: COVERT_FEN, moves: ['e2e1'] }],
    ['/api/moves', { fen: START }], ['/api/play', { fen: START, move: 'e2e4' }],
  ];
  const n = SANITIZED ? 150 : 400;
  for (let i = 0; i < n; i++) {
    const [path, obj] = bodies[rnd(bodies.length)];
    const buf = Buffer.from(JSON.stringify(obj));
    const out = [];
    for (let k = 0; k < buf.length; k++) {
      const r = rnd(100);
      if (r < 3) continue; // drop
      if (r < 6) out.push(rnd(256)); // replace
      else if (r < 8) out.push(buf[k], buf[k]); // repeat
      else out.push(buf[k]);
    }
    if (rnd(10) === 0) out.length = rnd(out.length + 1); // cut
    const res = await post(path, Buffer.from(out));
    assert.ok([200, 400, 422].includes(res.status), `${path} ${res.status} ${Buffer.from(out).toString('latin1').slice(0, 80)}`);
    assert.ok(res.json, 'a JSON reply');
    if (res.status !== 200) assert.equal(res.json.error.status, res.status);
  }
  await alive();
});

await test('many requests at once, then still serving', async () => {
  const rs = await Promise.all(Array.from({ length: 24 }, (_, i) =>
    i % 3 ? post('/api/game', { moves: RUY.slice(0, (i % 5) + 1) }) : post('/api/game', '{bad')));
  rs.forEach((r, i) => assert.equal(r.status, i % 3 ? 200 : 400));
  await alive();
});

await test('idle connections do not block requests', async () => {
  // 70 connections that send nothing, and 10 that stop half-way through their headers: a
  // request must still be answered at once (they cost no thread; they time out).
  const { hostname, port } = new URL(URL_BASE);
  const socks = await Promise.all(Array.from({ length: 80 }, (_, i) => new Promise((resolve) => {
    const s = net.connect({ host: hostname, port: Number(port) }, () => {
      if (i >= 70) s.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      resolve(s);
    });
    s.on('error', () => resolve(s));
  })));
  try {
    const t0 = Date.now();
    const r = await get('/api/info');
    assert.equal(r.status, 200);
    const g = await post('/api/game', { moves: ['e2e4'] });
    assert.equal(g.status, 200);
    assert.ok(Date.now() - t0 < 2000, `answered in ${Date.now() - t0} ms with 80 idle connections`);
  } finally {
    for (const s of socks) s.destroy();
  }
});

await test('the page is sent gzip-compressed when the browser takes it (Vary)', async () => {
  if (!` ${process.env.CHC_FEATURES ?? 'gz'} `.includes(' gz ')) return; // the library's gzip (zlib)
  const page = await get('/');
  const refs = [...page.text.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  for (const path of ['/', ...refs]) {
    const zipped = await rawHttp(path, 'gzip, deflate, br');
    const plain = await rawHttp(path, null);
    const never = await rawHttp(path, 'gzip;q=0, identity');
    assert.match(zipped.head, /\r\ncontent-encoding: gzip/i, path);
    assert.match(zipped.head, /\r\nvary: accept-encoding/i, path);
    assert.doesNotMatch(plain.head, /content-encoding/i, path);
    assert.match(plain.head, /\r\nvary: accept-encoding/i, path);
    assert.doesNotMatch(never.head, /content-encoding/i, path);
    const { gunzipSync } = await import('node:zlib');
    assert.ok(gunzipSync(zipped.body).equals(plain.body), `${path}: gzip of the same bytes`);
    if (path !== '/' || plain.body.length > 1000) assert.ok(zipped.body.length < plain.body.length * 0.7, path);
  }
  // API replies and errors are not compressed (short, and never cached).
  assert.doesNotMatch((await rawHttp('/api/info', 'gzip')).head, /content-encoding/i);
});
// GET path over raw TCP with the given Accept-Encoding (fetch always asks for gzip and decodes).
async function rawHttp(path, ae) {
  const { hostname, port } = new URL(URL_BASE);
  return new Promise((resolve, reject) => {
    const s = net.connect({ host: hostname, port: Number(port) });
    const parts = [];
    s.on('connect', () => s.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${ae ? `Accept-Encoding: ${ae}\r\n` : ''}Connection: close\r\n\r\n`));
    s.on('data', (d) => parts.push(d));
    s.on('error', reject);
    s.on('close', () => {
      const all = Buffer.concat(parts);
      const at = all.indexOf('\r\n\r\n');
      resolve({ head: all.subarray(0, at).toString('latin1'), body: all.subarray(at + 4) });
    });
  });
}

finish();

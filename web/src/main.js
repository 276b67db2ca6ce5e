// The page of `chesscodec serve`: a chessground board, every code of the game and its position,
// and a URL fragment that reopens the game. All chess logic is the server's (the C library):
// the page keeps only the start position and the list of moves, and asks /api/game for the rest.
import { Chessground } from '@lichess-org/chessground';
import '@lichess-org/chessground/assets/chessground.base.css';
import '@lichess-org/chessground/assets/chessground.brown.css';
import '@lichess-org/chessground/assets/chessground.cburnett.css';
import './style.css';
import { localApi } from 'chc-local';

// `make web` builds the page to work with no server (mode "static"): the library runs in the
// page, compiled to WebAssembly (local.js). `chesscodec serve` serves the other build.
const SERVERLESS = import.meta.env.MODE === 'static';

const $ = (id) => document.getElementById(id);
const START_PLACEMENT = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';

// The game: a start FEN (null: the standard start) and the moves in UCI; for a game loaded from
// a PGN, that PGN (as the server wrote it: tags, comments, variations, result) with its moves,
// sent instead of the moves while they are the same; its tags are kept after further moves.
// future: the moves after the position shown, in order (stepped back from with the arrow keys,
// Undo or a click in the move list; → replays them, a different move drops them); line: the
// whole line's SAN, kept from the last reply that showed it.
const game = { startFen: null, moves: [], pgn: null, pgnMoves: null, tags: null, future: [] };
let line = { moves: [], san: [] };
let info = null; // the last /api/game reply
let busy = 0; // requests in flight
let pending = null; // a promotion waiting for its piece: {from, to, key}
let refreshSeq = 0; // the latest /api/game request: older replies are dropped

// Settings kept across reloads: board orientation, the side the engine plays, its time.
const SETTINGS_KEY = 'chesscodec.settings';
function loadSettings() {
  try {
    return JSON.parse(localStorage.getItem(SETTINGS_KEY)) || {};
  } catch {
    return {};
  }
}
const saved = loadSettings();
let orientation = saved.orientation === 'black' ? 'black' : 'white';
for (const [id, value] of [['engine-side', saved.engineSide], ['engine-time', saved.engineTime], ['engine-level', saved.engineLevel]])
  if (value && [...$(id).options].some((o) => o.value === value)) $(id).value = value;
$('analysis').checked = saved.analysis === true;
function saveSettings() {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ orientation, engineSide: $('engine-side').value, engineTime: $('engine-time').value, engineLevel: $('engine-level').value, analysis: $('analysis').checked }));
  } catch {}
}

// The game state a request is made for: replies made for another state are dropped.
function stateKey() {
  return `${game.startFen || ''}|${game.moves.join(',')}`;
}
const sameMoves = (a, b) => !!a && !!b && a.length === b.length && a.every((m, i) => m === b[i]);

// Labels of the codes the server knows; a code it adds later is shown under its own name.
const LABELS = {
  link: ['Link', 'reopens this game'],
  urlsafe: ['URL-safe game', 'chess_compress_urlsafe: the moves'],
  pgn: ['PGN', 'the game'],
  'pack-game': ['Pack code', 'the game, packed'],
  'pack-position': ['Pack code', 'the position, packed'],
  uci: ['UCI moves', 'the moves'],
  san: ['SAN moves', 'the moves'],
  fen: ['FEN', 'the position'],
  covert: ['Covert chess', 'the position as 25 emoji'],
  mscs: ['MSCS (base64)', 'the position in 192 bits'],
  'mscs-hex': ['MSCS (hex)', 'the same 192 bits'],
  polyglot_key: ['Polyglot key', "the position's hash"],
};
const GAME_ORDER = ['urlsafe', 'pack-game', 'pgn', 'uci', 'san'];
const POSITION_ORDER = ['fen', 'pack-position', 'covert', 'mscs', 'mscs-hex'];

function ordered(obj, order) {
  const keys = Object.keys(obj || {});
  return [...order.filter((k) => keys.includes(k)), ...keys.filter((k) => !order.includes(k))];
}

// [kind, key, value, why-missing] for every code of the reply.
function codesOf(r) {
  const out = [['game', 'link', linkFor(r), null]];
  for (const k of ordered(r.formats, GAME_ORDER))
    out.push(['game', k, r.formats[k], r.format_errors && r.format_errors[k]]);
  const p = r.position;
  for (const k of ordered(p.formats, POSITION_ORDER))
    out.push(['position', k, p.formats[k], p.format_errors && p.format_errors[k]]);
  out.push(['position', 'polyglot_key', p.polyglot_key, null]);
  return out;
}

// lane: "analysis" for the analysis's searches (without a server they run in a worker of their
// own, so that ending one never ends the engine's move).
async function api(path, body, signal, lane) {
  busy++;
  document.body.classList.add('busy');
  try {
    if (SERVERLESS) {
      const r = await localApi(path, body, signal, lane);
      if (r.status !== 200) {
        const e = new Error(r.data?.error?.message || `error ${r.status}`);
        Object.assign(e, { reply: r.data, status: r.status, retryAfter: 1 });
        throw e;
      }
      return r.data ?? r;
    }
    let res;
    try {
      res = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
    } catch (e) {
      if (e.name === 'AbortError') throw e;
      throw new Error('cannot reach the server: is `chesscodec serve` still running?');
    }
    let data;
    try {
      data = await res.json();
    } catch {
      throw new Error(`the server answered ${res.status} without JSON`);
    }
    if (!res.ok) {
      const e = new Error(data?.error?.message || `HTTP ${res.status}`);
      e.reply = data;
      e.status = res.status;
      e.retryAfter = Number(res.headers.get('Retry-After')) || 1;
      throw e;
    }
    return data;
  } finally {
    busy--;
    if (!busy) document.body.classList.remove('busy');
  }
}

function gameRequest() {
  if (game.pgn && sameMoves(game.moves, game.pgnMoves)) return { input: game.pgn, format: 'pgn' };
  const req = { moves: game.moves };
  if (game.startFen) req.start_fen = game.startFen;
  const tags = {};
  for (const [k, v] of Object.entries(game.tags || {})) if (!['Result', 'FEN', 'SetUp'].includes(k)) tags[k] = v;
  if (Object.keys(tags).length) req.tags = tags;
  return req;
}

// The fragment that reopens the game: the URL-safe string for games from the standard start;
// for other starts the game pack code ("pack=CODE") when the server has one, else the start FEN
// and the moves ("fen=FEN&uci=MOVE,MOVE").
function fragmentFor(r) {
  if (r.standard_start && typeof r.formats.urlsafe === 'string') return r.formats.urlsafe;
  if (typeof r.formats['pack-game'] === 'string') return 'pack=' + r.formats['pack-game'];
  let f = 'fen=' + encodeURIComponent(r.start_fen);
  if (r.moves.length) f += '&uci=' + r.moves.join(',');
  return f;
}

function linkFor(r) {
  const frag = fragmentFor(r);
  return location.origin + location.pathname + (frag ? '#' + frag : '');
}

function updateUrl(r) {
  const frag = fragmentFor(r);
  const url = location.pathname + location.search + (frag ? '#' + frag : '');
  if (url !== location.pathname + location.search + location.hash) {
    history.replaceState(null, '', url);
  }
}

const board = Chessground($('board'), {
  orientation,
  animation: { enabled: true, duration: 150 },
  movable: {
    free: false,
    showDests: true,
    events: { after: onUserMove },
  },
  premovable: { enabled: false },
  draggable: { enabled: true, showGhost: true },
  highlight: { lastMove: true, check: true },
  events: { select: (key) => editorSelect(key) },
});

function destsMap(dests) {
  const m = new Map();
  for (const [from, tos] of Object.entries(dests || {})) m.set(from, tos);
  return m;
}

function engineSide() {
  return $('engine-side').value;
}

function render() {
  const r = info;
  if (!r || editing) return;
  const p = r.position;
  const turn = p.turn;
  const last = r.moves.length ? r.moves[r.moves.length - 1] : null;
  const humanMoves = p.status === 'playing' && engineSide() !== turn && !pending;
  board.set({
    fen: p.fen.split(' ')[0],
    turnColor: turn,
    orientation,
    check: p.check ? turn : false,
    lastMove: last ? [last.slice(0, 2), last.slice(2, 4)] : undefined,
    movable: { color: humanMoves ? turn : undefined, dests: humanMoves ? destsMap(p.dests) : new Map() },
  });
  const who = turn === 'white' ? 'White' : 'Black';
  const claim = p.claimable_draw ? ` (a draw may be claimed: ${p.claimable_draw})` : '';
  const statusText = {
    playing: `${who} to move${p.check ? ' (check)' : ''}${claim}`,
    checkmate: `Checkmate: ${turn === 'white' ? 'Black' : 'White'} wins`,
    stalemate: 'Stalemate: draw',
    insufficient_material: 'Draw: insufficient material',
    seventy_five_moves: 'Draw by the 75-move rule',
    fivefold_repetition: 'Draw by fivefold repetition',
  }[p.status] || p.status;
  // A result the game was given (a PGN's) while the position itself is not over.
  const given = p.status === 'playing' && r.result && r.result !== '*'
    ? `Result ${r.result} (${{ '1-0': 'White won', '0-1': 'Black won', '1/2-1/2': 'draw' }[r.result] || ''}); ` : '';
  $('status').textContent = given + statusText;
  $('board').setAttribute('aria-label', `Chess board, ${orientation === 'white' ? 'White' : 'Black'} at the bottom: ${given + statusText}. FEN ${p.fen}`);
  $('status').dataset.fen = p.fen;
  $('status').dataset.result = r.result || '*';
  $('undo').disabled = r.moves.length === 0;
  $('nav-start').disabled = $('nav-back').disabled = r.moves.length === 0;
  $('nav-forward').disabled = $('nav-end').disabled = game.future.length === 0;
  renderEngine();
  // The game's tags (from a PGN): players, event, date.
  const t = r.tags || {};
  const known = (v) => v && v !== '?' && !/^\?+[.?]*$/.test(v);
  const parts = [];
  if (known(t.White) || known(t.Black)) parts.push(`${known(t.White) ? t.White : '?'} – ${known(t.Black) ? t.Black : '?'}`);
  for (const k of ['Event', 'Site', 'Date', 'Round']) if (known(t[k])) parts.push(k === 'Round' ? `round ${t[k]}` : t[k]);
  $('game-info').textContent = parts.join(' · ');
  $('game-info').hidden = parts.length === 0;

  // Move list: the moves played (SAN) and, greyed, the line's moves after the position shown;
  // a click on a move shows the position after it. A PGN's variations are shown in brackets
  // after the move they replace while the game's own line is the one shown; a click on one of
  // their moves follows that line.
  const all = [...r.moves, ...game.future];
  const names = all.map((m, i) => (i < r.san.length ? r.san[i] : sameMoves(line.moves.slice(0, all.length), all) && line.san[i]) || m);
  const moves = $('moves');
  moves.textContent = '';
  const startNo = Number(r.start_fen.split(' ')[5] || 1);
  const blackFirst = r.start_fen.split(' ')[1] === 'b';
  const variations = game.variations && sameMoves(all, game.pgnMoves) ? game.variations : [];
  // Appends the moves of a line that starts after `path` (the moves before it) to `box`.
  function appendLine(box, path, ucis, sans, main) {
    sans.forEach((m, j) => {
      const ply = path.length + j + (blackFirst ? 1 : 0);
      if (ply % 2 === 0 || j === 0) {
        const no = document.createElement('span');
        no.className = 'move-no';
        no.textContent = `${startNo + Math.floor(ply / 2)}.${ply % 2 ? '..' : ''}`;
        box.append(no);
      }
      const s = document.createElement('button');
      s.type = 'button';
      const at = path.length + j + 1;
      s.className = main ? `move${j >= r.moves.length ? ' future' : ''}${j === r.moves.length - 1 ? ' current' : ''}` : 'move variation';
      s.textContent = m;
      if (main) s.dataset.ply = String(at);
      s.setAttribute('aria-label', `Show the position after ${m}${main ? '' : ' (a variation)'}`);
      s.addEventListener('click', () => (main ? goTo(at) : followLine([...path, ...ucis], at)));
      box.append(s, ' ');
      // the variations replacing this move (a variation's first move: its siblings are shown
      // by the line they leave)
      const before = [...path, ...ucis.slice(0, j)];
      if (!main && j === 0) return;
      for (const v of variations.filter((v) => v.moves[0] !== ucis[j] && sameMoves(v.path, before))) {
        const span = document.createElement('span');
        span.className = 'variation';
        span.append('( ');
        appendLine(span, before, v.moves, v.san, false);
        span.append(') ');
        box.append(span);
      }
    });
  }
  appendLine(moves, [], all, names, true);

  // Codes.
  const box = $('codes');
  box.textContent = '';
  for (const [kind, key, value, why] of codesOf(r)) {
    const [label, what] = LABELS[key] || [key, ''];
    const row = document.createElement('div');
    row.className = 'code-row';
    row.dataset.code = key;
    row.dataset.kind = kind;
    const head = document.createElement('div');
    head.className = 'code-head';
    const name = document.createElement('span');
    name.className = 'code-label';
    name.textContent = label;
    const desc = document.createElement('span');
    desc.className = 'code-what';
    desc.textContent = what;
    const copy = document.createElement('button');
    copy.type = 'button';
    copy.className = 'copy';
    copy.textContent = 'Copy';
    copy.setAttribute('aria-label', `Copy ${label}${kind === 'position' && key !== 'fen' ? ' of the position' : ''}`);
    copy.dataset.testid = `copy-${kind}-${key}`;
    copy.disabled = value === null || value === '';
    copy.addEventListener('click', () => copyText(value, copy));
    head.append(name, desc, copy);
    const val = document.createElement('div');
    val.className = 'code-value' + (value === null ? ' none' : '');
    val.dataset.testid = `code-${kind}-${key}`;
    val.textContent = value === null ? `— ${why || 'not available for this position'}` : value === '' ? '(empty: no moves yet)' : value;
    if (value !== null) val.dataset.value = value;
    row.append(head, val);
    box.append(row);
  }
}

async function copyText(text, button) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const ta = document.createElement('textarea');
    ta.value = text;
    document.body.append(ta);
    ta.select();
    document.execCommand('copy');
    ta.remove();
  }
  const old = button.textContent;
  button.textContent = 'Copied';
  setTimeout(() => (button.textContent = old), 1000);
}

// Asks the server for everything about the current game; on success renders and updates the URL
// and clears any error shown. A reply to an older request (the game changed since) is dropped:
// returns false then.
// The opening explorer beside the board, when the server has a position index (serve --db,
// announced by /api/info): the moves of the current position, most played first; a click plays.
let explorerOn = null; // null: not asked yet
let explorerSeq = 0;
async function refreshExplorer(fen) {
  if (SERVERLESS) return; // the index is the server's (serve --db)
  const seq = ++explorerSeq;
  try {
    if (explorerOn === null) explorerOn = !!(await (await fetch('/api/info')).json()).explore;
    if (!explorerOn) return;
    const res = await fetch('/api/explore', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fen }),
    });
    const e = await res.json();
    if (seq !== explorerSeq || !res.ok) return;
    const body = $('explorer-moves');
    body.replaceChildren();
    const pct = (n, t) => (t ? ((100 * n) / t).toFixed(1) : '0.0') + '%';
    for (const m of e.moves) {
      const n = m.white + m.draws + m.black;
      const tr = document.createElement('tr');
      tr.dataset.uci = m.uci;
      for (const text of [m.san, String(n), `${pct(m.white, n)} / ${pct(m.draws, n)} / ${pct(m.black, n)}`,
        m.averageRating ? String(m.averageRating) : '-']) {
        const td = document.createElement('td');
        td.textContent = text;
        tr.append(td);
      }
      tr.addEventListener('click', () => play(m.uci).catch((err) => showError(err.message)));
      body.append(tr);
    }
    if (!e.moves.length) {
      const tr = document.createElement('tr');
      const td = document.createElement('td');
      td.colSpan = 4;
      td.textContent = 'No game of the index reached this position.';
      tr.append(td);
      body.append(tr);
    }
    $('explorer').hidden = false;
  } catch {
    // the explorer is an extra: the board works without it
  }
}

async function refresh() {
  closePromotion(false);
  if (engineJob && engineJob.key !== stateKey()) stopEngine();
  const seq = ++refreshSeq;
  const r = await api('/api/game', gameRequest());
  if (seq !== refreshSeq) return false;
  info = r;
  game.startFen = r.standard_start ? null : r.start_fen;
  game.moves = r.moves.slice();
  if (!game.future.length || !sameMoves(line.moves.slice(0, r.moves.length), r.moves))
    line = { moves: [...r.moves, ...game.future], san: r.san.slice() };
  else line.san.splice(0, r.san.length, ...r.san);
  showError('');
  render();
  updateUrl(r);
  document.body.dataset.plies = String(r.moves.length);
  maybeAnalyse();
  refreshExplorer(r.position.fen);
  maybeEngine();
  return true;
}

// Plays a move; `key`: the game state it was chosen for (dropped when the game changed since).
async function play(uci, key = stateKey()) {
  if (key !== stateKey()) return;
  const before = game.moves.slice(), future = game.future;
  game.moves.push(uci);
  // The move of the line that follows keeps the rest of the line; another move drops it.
  game.future = future[0] === uci ? future.slice(1) : [];
  try {
    await refresh();
  } catch (e) {
    if (stateKey() === `${game.startFen || ''}|${[...before, uci].join(',')}`) {
      game.moves = before;
      game.future = future;
    }
    showError(`That move was not played: ${e.message}`);
    render();
  }
}

function onUserMove(orig, dest) {
  const piece = board.state.pieces.get(dest);
  const lastRank = dest[1] === '8' || dest[1] === '1';
  if (piece && piece.role === 'pawn' && lastRank) {
    openPromotion(orig, dest, piece.color);
    return;
  }
  play(orig + dest);
}

// The promotion chooser, on the board over the promotion file: it belongs to the position it
// was opened in (any change of the game closes it) and Escape or a click beside it cancels.
const GLYPHS = { white: { q: '♕', r: '♖', b: '♗', n: '♘' }, black: { q: '♛', r: '♜', b: '♝', n: '♞' } };
function openPromotion(from, to, color) {
  pending = { from, to, key: stateKey() };
  const file = to.charCodeAt(0) - 97, rank = Number(to[1]) - 1;
  const col = orientation === 'white' ? file : 7 - file;
  const row = orientation === 'white' ? 7 - rank : rank; // 0: the top row
  const step = row === 0 ? 1 : -1;
  [...$('promotion').querySelectorAll('button')].forEach((b, i) => {
    b.textContent = GLYPHS[color][b.dataset.role];
    b.style.left = `${col * 12.5}%`;
    b.style.top = `${(row + step * i) * 12.5}%`;
  });
  $('promotion').hidden = false;
  board.set({ movable: { color: undefined } });
  $('promotion').querySelector('button').focus();
}
function closePromotion(restore = true) {
  if (!pending && $('promotion').hidden) return;
  pending = null;
  $('promotion').hidden = true;
  if (restore) render(); // the pawn back where it was
}
$('promotion').addEventListener('click', (ev) => {
  const role = ev.target.closest('button')?.dataset.role;
  const p = pending;
  if (!role || !p) return closePromotion(); // beside the pieces: cancel
  closePromotion(false);
  play(p.from + p.to + role, p.key);
});
document.addEventListener('keydown', (ev) => {
  if (ev.key === 'Escape' && pending) closePromotion();
});

// The engine: one search at a time, tagged with the game state it was asked for; a change of
// the game aborts it (and a reply that still arrives for another state is dropped), so the
// engine never plays a move computed for another position and always answers the current one.
let engineJob = null; // {key, ctrl}
function renderEngine() {
  const thinking = !!engineJob;
  document.body.classList.toggle('thinking', thinking);
  $('thinking').hidden = !thinking;
  $('stop').disabled = !thinking;
  $('engine-move').disabled = thinking || !info || info.position.status !== 'playing';
}
function stopEngine() {
  if (!engineJob) return;
  engineJob.ctrl.abort();
  engineJob = null;
  renderEngine();
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// One engine search for `job`; while every engine slot is busy (503: an aborted search still
// runs out its time) it waits and asks again. Returns the reply, or undefined when the job was
// dropped meanwhile (current() false).
async function search(req, job, current, lane) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await api('/api/engine', req, job.ctrl.signal, lane);
    } catch (e) {
      if (e.status !== 503 || attempt >= 8 || !current()) throw e;
      await sleep(Math.min(e.retryAfter, 2) * 500);
      if (!current()) return undefined;
    }
  }
}
async function engineMove() {
  if (!info || info.position.status !== 'playing') return;
  const key = stateKey();
  if (engineJob && engineJob.key === key) return; // already searching this position
  stopEngine();
  const job = { key, ctrl: new AbortController() };
  engineJob = job;
  renderEngine();
  const req = gameRequest();
  req.movetime_ms = Number($('engine-time').value);
  req.level = Number($('engine-level').value);
  try {
    const r = await search(req, job, () => engineJob === job);
    if (!r || engineJob !== job || stateKey() !== key) return; // made for another position
    engineJob = null;
    renderEngine();
    if ($('analysis').checked) showEvaluation(r, info.position);
    await play(r.bestmove, key);
  } catch (e) {
    if (e.name === 'AbortError' || engineJob !== job) return;
    showError(`Engine: ${e.message}`);
  } finally {
    if (engineJob === job) {
      engineJob = null;
      renderEngine();
    }
  }
}

// Analysis: when it is on, the engine searches every position a player is to move in (on the
// engine's turn its own search is shown), and the bar and the line show what it found: the
// score from White's side, the depth and the expected line in SAN. A search made for another
// position is dropped, as the engine's moves are.
let analysisJob = null; // {key, ctrl}
let analysed = null; // the state and number of lines of the analysis shown
function stopAnalysis() {
  if (!analysisJob) return;
  analysisJob.ctrl.abort();
  analysisJob = null;
}
// A score from White's side: "+0.35", "−1.20", "#3", "-#2".
function scoreText(score, sign) {
  if (score.mate !== undefined) {
    const m = score.mate * sign;
    return `${m > 0 ? '' : '-'}#${Math.abs(m)}`;
  }
  const cp = score.cp * sign;
  return `${cp >= 0 ? '+' : '−'}${(Math.abs(cp) / 100).toFixed(2)}`;
}
function showEvaluation(r, pos) {
  const sign = pos.turn === 'white' ? 1 : -1;
  const text = scoreText(r.score, sign);
  const share = r.score.mate !== undefined ? (r.score.mate * sign > 0 ? 100 : 0)
    : 100 / (1 + Math.exp(-0.00368208 * r.score.cp * sign)); // lichess's winning chances
  $('eval-bar').firstElementChild.style.height = `${share.toFixed(1)}%`;
  $('eval-bar').setAttribute('aria-valuenow', share.toFixed(0));
  $('eval-bar').setAttribute('aria-valuetext', text);
  // The lines (MultiPV: the best first), each numbered from the position's move number.
  const box = $('analysis-line');
  box.textContent = '';
  for (const l of r.lines || [r]) {
    const f = pos.fen.split(' ');
    let no = Number(f[5] || 1), white = f[1] === 'w';
    const words = [];
    (l.pv_san || l.pv || []).forEach((m, i) => {
      if (white) words.push(`${no}.`);
      else if (i === 0) words.push(`${no}...`);
      words.push(m);
      if (!white) no++;
      white = !white;
    });
    const div = document.createElement('div');
    div.className = 'pv';
    const b = document.createElement('b');
    b.textContent = scoreText(l.score, sign);
    div.append(b, ` depth ${l.depth} · ${words.join(' ')}`);
    box.append(div);
  }
  box.dataset.score = text;
}
async function maybeAnalyse() {
  const on = $('analysis').checked;
  if (document.body.classList.contains('analysing') !== on) {
    document.body.classList.toggle('analysing', on);
    $('eval-bar').hidden = $('analysis-line').hidden = !on;
    board.redrawAll();
  }
  const p = info && info.position;
  if (!on || !p || p.status !== 'playing' || engineSide() === p.turn) {
    stopAnalysis();
    if (on && p && p.status !== 'playing') $('analysis-line').textContent = 'the game is over';
    return;
  }
  const key = stateKey();
  if (analysisJob && analysisJob.key === key) return;
  stopAnalysis();
  // (a finished analysis of this state with as many lines stays shown)
  if (analysed === `${key}|${$('analysis-lines').value}`) return;
  const job = { key, ctrl: new AbortController() };
  analysisJob = job;
  $('analysis-line').textContent = 'analysing…';
  const req = { ...gameRequest(), movetime_ms: Number($('engine-time').value), multipv: Number($('analysis-lines').value) };
  try {
    const r = await search(req, job, () => analysisJob === job, 'analysis');
    if (r && analysisJob === job && stateKey() === key) {
      showEvaluation(r, p);
      analysed = `${key}|${$('analysis-lines').value}`;
    }
  } catch (e) {
    if (e.name !== 'AbortError' && analysisJob === job) $('analysis-line').textContent = `analysis: ${e.message}`;
  } finally {
    if (analysisJob === job) analysisJob = null;
  }
}

function maybeEngine() {
  if (game.future.length) return; // looking back at the game: the engine waits for a move
  if (info && info.position.status === 'playing' && engineSide() === info.position.turn) engineMove();
}

// Errors: next to the board (and, for Load, under its box too); cleared by the next success.
function showError(msg, fromLoad = false) {
  $('error').textContent = msg || '';
  $('error').hidden = !msg;
  if (!msg || fromLoad) $('load-error').textContent = msg || '';
}

function setGame(startFen, moves) {
  Object.assign(game, { startFen, moves, pgn: null, pgnMoves: null, tags: null, future: [], variations: null });
}

async function loadInput(text, format = 'auto', quiet = false) {
  const saved = { ...game };
  try {
    const r = await api('/api/game', { input: text, format });
    setGame(r.standard_start ? null : r.start_fen, r.moves.slice());
    if (r.input_format === 'pgn') Object.assign(game, { pgn: r.formats.pgn, pgnMoves: r.moves.slice(), tags: r.tags, variations: r.variations || null });
    await refresh();
    return true;
  } catch (e) {
    Object.assign(game, saved);
    if (!quiet) showError(`Cannot load that: ${e.message}`, true);
    return false;
  }
}

// What the Load box holds, made readable: a link to this page (its fragment), a lichess
// analysis or editor link (its FEN), a FEN of the pieces only (White to move, castling where
// kings and rooks stand on their squares). Returns {fragment} or {text}.
function pasted(text) {
  const t = text.trim();
  let url = null;
  if (/^https?:\/\//i.test(t)) {
    try {
      url = new URL(t);
    } catch {}
  }
  if (url && /(^|\.)lichess\.org$/i.test(url.hostname)) {
    const m = /^\/(?:analysis|editor)(?:\/(?:standard|chess960|fromPosition))?\/(.+)$/.exec(url.pathname);
    if (m) return { text: placementOnly(decodeURIComponent(m[1]).replace(/_/g, ' ')) };
    if (/^\/(analysis|editor)\/?$/.test(url.pathname)) return { text: 'startpos' };
    throw new Error('only lichess analysis and editor links hold a position; for a game, copy its PGN on lichess');
  }
  if (url) {
    if (url.hash.length > 1) return { fragment: url.hash.slice(1) };
    throw new Error('that link holds no game (no #... part)');
  }
  return { text: placementOnly(t) };
}
function placementOnly(t) {
  const rows = t.split('/');
  if (rows.length !== 8 || !rows.every((r) => /^[pnbrqkPNBRQK1-8]+$/.test(r))) return t;
  const at = (sq) => {
    const row = rows[8 - Number(sq[1])];
    let f = 0;
    for (const c of row) {
      if (/\d/.test(c)) f += Number(c);
      else if (f++ === sq.charCodeAt(0) - 97) return c;
    }
    return null;
  };
  let castle = '';
  if (at('e1') === 'K') castle += (at('h1') === 'R' ? 'K' : '') + (at('a1') === 'R' ? 'Q' : '');
  if (at('e8') === 'k') castle += (at('h8') === 'r' ? 'k' : '') + (at('a8') === 'r' ? 'q' : '');
  return `${t} w ${castle || '-'} - 0 1`;
}

async function loadBox(text) {
  if (!text.trim()) {
    showError('Nothing to load: paste a FEN, a PGN, moves or a code into the box first.', true);
    return false;
  }
  let what;
  try {
    what = pasted(text);
  } catch (e) {
    showError(`Cannot load that: ${e.message}`, true);
    return false;
  }
  if (what.fragment !== undefined) {
    const ok = await loadFragmentText(what.fragment);
    if (!ok) showError('Cannot load that: the link holds no valid game', true);
    return ok;
  }
  const ok = await loadInput(what.text);
  if (ok && editing) setEditor(false); // a position loaded from the box ends the editing
  return ok;
}

// Reads the game from the URL fragment: "fen=...&uci=a,b" or any code /api/game reads.
async function loadFragment() {
  const frag = location.hash.slice(1);
  if (frag && (await loadFragmentText(frag))) return;
  if (frag) showError('The link holds no valid game: the start position is shown.');
  setGame(null, []);
  await refresh();
}

// Loads a fragment (this page's link); returns false (the game unchanged) when it holds none.
async function loadFragmentText(frag) {
  if (frag.startsWith('fen=')) {
    const params = new URLSearchParams(frag);
    const saved = { ...game };
    setGame(params.get('fen'), (params.get('uci') || '').split(',').filter(Boolean));
    try {
      return await refresh();
    } catch {
      Object.assign(game, saved);
      return false;
    }
  }
  if (frag.startsWith('pack=')) return loadInput(frag.slice(5), 'pack-game', true);
  let text;
  try {
    text = decodeURIComponent(frag);
  } catch {
    text = frag;
  }
  // The page writes URL-safe strings: read the fragment as one first.
  if (/^[A-Za-z0-9_-]+$/.test(text) && (await loadInput(text, 'urlsafe', true))) return true;
  return loadInput(text, 'auto', true);
}

function setOrientation(o) {
  orientation = o;
  closePromotion();
  board.set({ orientation });
  saveSettings();
}
$('flip').addEventListener('click', () => setOrientation(orientation === 'white' ? 'black' : 'white'));
$('undo').addEventListener('click', async () => {
  if (!game.moves.length) return;
  const thinking = !!engineJob;
  stopEngine();
  game.future.unshift(game.moves.pop());
  // Against the engine, take back its reply too so that it is the player's turn again (not
  // when it was still thinking: then there is no reply to take back).
  if (!thinking && engineSide() !== 'none' && game.moves.length && info && info.position.turn !== engineSide()) game.future.unshift(game.moves.pop());
  try {
    await refresh();
  } catch (e) {
    showError(e.message);
  }
});
// Follows another line (a PGN's variation): its moves up to `ply`, the rest ahead.
async function followLine(ucis, ply) {
  stopEngine();
  game.moves = ucis.slice(0, ply);
  game.future = ucis.slice(ply);
  try {
    await refresh();
  } catch (e) {
    showError(e.message);
  }
}
// Moving along the game: to the position after `ply` moves of the line (0: the start).
async function goTo(ply) {
  const all = [...game.moves, ...game.future];
  ply = Math.max(0, Math.min(all.length, ply));
  if (ply === game.moves.length) return;
  stopEngine();
  game.moves = all.slice(0, ply);
  game.future = all.slice(ply);
  try {
    await refresh();
  } catch (e) {
    showError(e.message);
  }
}
// Moves typed on the keyboard, as a player writes them (SAN or UCI): the library reads them.
$('type-form').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  const text = $('type-move').value.trim();
  const p = info && info.position;
  if (!text || !p || p.status !== 'playing' || editing) return;
  if (engineSide() === p.turn) return showError("It is the engine's move");
  const key = stateKey();
  try {
    const r = await api('/api/play', { fen: p.fen, move: text });
    $('type-move').value = '';
    await play(r.uci, key);
  } catch (e) {
    showError(`That move was not played: ${e.message}`);
  }
});
$('nav-start').addEventListener('click', () => goTo(0));
$('nav-back').addEventListener('click', () => goTo(game.moves.length - 1));
$('nav-forward').addEventListener('click', () => goTo(game.moves.length + 1));
$('nav-end').addEventListener('click', () => goTo(game.moves.length + game.future.length));
document.addEventListener('keydown', (ev) => {
  if (editing) return;
  if (ev.target.closest('input, textarea, select') || ev.altKey || ev.ctrlKey || ev.metaKey || pending) return;
  const to = { ArrowLeft: game.moves.length - 1, ArrowRight: game.moves.length + 1, Home: 0, End: game.moves.length + game.future.length }[ev.key];
  if (to === undefined) return;
  ev.preventDefault();
  goTo(to);
});
// The board editor (as the covert chess bot's /edit): pieces moved freely, added from the
// palette (pick one, then click squares; or drag it onto the board), dragged off to remove;
// side to move and castling rights; Done loads the position (the library checks it).
let editing = false, spare = null;
const ROLES = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'];
for (const color of ['white', 'black'])
  for (const role of ROLES) {
    const p = document.createElement('piece');
    p.className = `${color} ${role}`;
    p.setAttribute('role', 'button');
    p.setAttribute('tabindex', '0');
    p.setAttribute('aria-label', `Add a ${color} ${role}`);
    const pick = () => {
      spare = spare && spare.el === p ? null : { el: p, piece: { color, role } };
      for (const q of $('palette').children) q.classList.toggle('selected', !!spare && q === spare.el);
    };
    p.addEventListener('click', pick);
    p.addEventListener('keydown', (ev) => { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); pick(); } });
    // A drag starts once the pointer has moved a little (a click only picks the piece).
    let down = null;
    p.addEventListener('pointerdown', (ev) => (down = { x: ev.clientX, y: ev.clientY }));
    p.addEventListener('pointerup', () => (down = null));
    p.addEventListener('pointermove', (ev) => {
      if (!down || Math.hypot(ev.clientX - down.x, ev.clientY - down.y) < 5) return;
      down = null;
      board.dragNewPiece({ color, role }, ev, true);
    });
    $('palette').append(p);
  }
// chessground reports a square's click a moment later (a timeout): the piece added is the
// one picked when the pointer went down, not one picked on the palette since.
let spareAtPress = null;
$('board').addEventListener('pointerdown', () => (spareAtPress = spare && { ...spare.piece }), true);
function editorSelect(key) {
  const piece = spareAtPress;
  spareAtPress = null;
  if (!editing || !piece) return;
  board.setPieces(new Map([[key, piece]]));
}
function setEditor(on) {
  editing = on;
  document.body.classList.toggle('editing', on);
  $('editor').hidden = !on;
  $('edit').disabled = on;
  spare = null;
  for (const q of $('palette').children) q.classList.remove('selected');
  if (on) {
    stopEngine();
    stopAnalysis();
    const f = info.position.fen.split(' ');
    $('edit-turn').value = f[1];
    for (const c of 'KQkq') $(`edit-${c}`).checked = f[2].includes(c);
    board.set({ lastMove: undefined, check: false, movable: { free: true, color: 'both', dests: new Map() },
      draggable: { deleteOnDropOff: true } });
  } else {
    board.set({ movable: { free: false }, draggable: { deleteOnDropOff: false } });
    render();
  }
}
$('edit').addEventListener('click', () => info && setEditor(true));
$('edit-cancel').addEventListener('click', () => setEditor(false));
$('edit-clear').addEventListener('click', () => board.set({ fen: '8/8/8/8/8/8/8/8' }));
$('edit-start').addEventListener('click', () => {
  board.set({ fen: START_PLACEMENT });
  $('edit-turn').value = 'w';
  for (const c of 'KQkq') $(`edit-${c}`).checked = true;
});
$('edit-done').addEventListener('click', async () => {
  const castling = [...'KQkq'].filter((c) => $(`edit-${c}`).checked).join('') || '-';
  const fen = `${board.getFen()} ${$('edit-turn').value} ${castling} - 0 1`;
  if (await loadInput(fen, 'fen')) setEditor(false);
});

$('new').addEventListener('click', () => {
  stopEngine();
  setGame(null, []);
  refresh().catch((e) => showError(e.message));
});
$('engine-side').addEventListener('change', () => {
  const side = engineSide();
  // The player's side at the bottom: the engine playing White turns the board around.
  if (side !== 'none') setOrientation(side === 'white' ? 'black' : 'white');
  saveSettings();
  if (engineJob && side !== 'none' && info && info.position.turn !== side) stopEngine();
  render();
  maybeAnalyse();
  maybeEngine();
});
$('engine-time').addEventListener('change', saveSettings);
$('analysis-lines').addEventListener('change', () => {
  stopAnalysis(); // (asked again with the new number)
  maybeAnalyse();
});
$('engine-level').addEventListener('change', saveSettings);
$('analysis').addEventListener('change', () => {
  saveSettings();
  maybeAnalyse();
});
// The board follows the window's size (its CSS size does; chessground redraws to match).
window.addEventListener('resize', () => board.redrawAll());
// chessground keeps the board's place on the screen until the window scrolls or resizes. The
// board can move without either (the evaluation bar appearing beside it, or a press that comes
// before the event of a scroll just made), and a press would then land on the wrong square: so
// the place is measured again at every press, before chessground reads it.
for (const type of ['mousedown', 'touchstart'])
  $('board').addEventListener(type, () => board.state.dom.bounds.clear(), { capture: true, passive: true });
$('engine-move').addEventListener('click', () => engineMove());
$('stop').addEventListener('click', () => {
  // Stopped, the engine no longer plays the side it was searching for (else it would start again).
  if (engineJob && info && engineSide() === info.position.turn) {
    $('engine-side').value = 'none';
    saveSettings();
  }
  stopEngine();
  render();
});
// A picture of the board: drawn by the server; without one, the library in the page draws the
// SVG and the browser turns it into a PNG (a GIF needs the server).
async function pictureBlob(kind) {
  const req = { moves: game.moves, start_fen: game.startFen || undefined, image: kind, flip: orientation === 'black' };
  if (SERVERLESS) {
    if (kind === 'gif') throw new Error('an animated GIF needs `chesscodec serve` or `chesscodec render --to gif`');
    const svg = new Blob([(await api('/api/image', { ...req, size: kind === 'png' ? 720 : 0 })).svg], { type: 'image/svg+xml' });
    if (kind === 'svg') return svg;
    const img = new Image();
    img.src = URL.createObjectURL(svg);
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    canvas.getContext('2d').drawImage(img, 0, 0);
    URL.revokeObjectURL(img.src);
    return await new Promise((ok, ko) => canvas.toBlob((b) => (b ? ok(b) : ko(new Error('the browser could not draw the PNG'))), 'image/png'));
  }
  const res = await fetch('/api/image', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...gameRequest(), image: kind, flip: orientation === 'black' }),
  });
  if (!res.ok) throw new Error((await res.json().catch(() => null))?.error?.message || `HTTP ${res.status}`);
  return await res.blob();
}

// The picture of the board as shown (a GIF: the game), drawn by the server as `render` draws it.
$('image').addEventListener('click', async () => {
  const kind = $('image-kind').value;
  try {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(await pictureBlob(kind));
    a.download = `chesscodec-${game.moves.length}.${kind}`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  } catch (e) {
    showError(`Picture: ${e.message}`);
  }
});
$('load-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  loadBox($('load-input').value);
});
window.addEventListener('hashchange', () => {
  if (info && location.hash.slice(1) === fragmentFor(info)) return;
  loadFragment().catch((e) => showError(e.message));
});

loadFragment()
  .catch((e) => showError(SERVERLESS ? e.message : `The server did not answer: ${e.message}`))
  .finally(() => document.body.classList.add('ready'));

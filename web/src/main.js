// The page of `chesscodec serve`: a chessground board, every code of the game and its position,
// and a URL fragment that reopens the game. All chess logic is the server's (the C library):
// the page keeps only the start position and the list of moves, and asks /api/game for the rest.
import { Chessground } from '@lichess-org/chessground';
import '@lichess-org/chessground/assets/chessground.base.css';
import '@lichess-org/chessground/assets/chessground.brown.css';
import '@lichess-org/chessground/assets/chessground.cburnett.css';
import './style.css';

const $ = (id) => document.getElementById(id);

// The game: a start FEN (null: the standard start) and the moves in UCI; for a game loaded from
// a PGN, that PGN (as the server wrote it: tags, comments, variations, result) with its moves,
// sent instead of the moves while they are the same; its tags are kept after further moves.
const game = { startFen: null, moves: [], pgn: null, pgnMoves: null, tags: null };
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
for (const [id, value] of [['engine-side', saved.engineSide], ['engine-time', saved.engineTime]])
  if (value && [...$(id).options].some((o) => o.value === value)) $(id).value = value;
function saveSettings() {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ orientation, engineSide: $('engine-side').value, engineTime: $('engine-time').value }));
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

async function api(path, body, signal) {
  busy++;
  document.body.classList.add('busy');
  try {
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
  if (!r) return;
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
  $('status').dataset.fen = p.fen;
  $('status').dataset.result = r.result || '*';
  $('undo').disabled = r.moves.length === 0;
  renderEngine();
  // The game's tags (from a PGN): players, event, date.
  const t = r.tags || {};
  const known = (v) => v && v !== '?' && !/^\?+[.?]*$/.test(v);
  const parts = [];
  if (known(t.White) || known(t.Black)) parts.push(`${known(t.White) ? t.White : '?'} – ${known(t.Black) ? t.Black : '?'}`);
  for (const k of ['Event', 'Site', 'Date', 'Round']) if (known(t[k])) parts.push(k === 'Round' ? `round ${t[k]}` : t[k]);
  $('game-info').textContent = parts.join(' · ');
  $('game-info').hidden = parts.length === 0;

  // Move list (SAN when the server gives it, UCI otherwise).
  const names = r.san || r.moves;
  const moves = $('moves');
  moves.textContent = '';
  const startNo = Number(r.start_fen.split(' ')[5] || 1);
  const blackFirst = r.start_fen.split(' ')[1] === 'b';
  names.forEach((m, i) => {
    const ply = i + (blackFirst ? 1 : 0);
    if (ply % 2 === 0 || i === 0) {
      const no = document.createElement('span');
      no.className = 'move-no';
      no.textContent = `${startNo + Math.floor(ply / 2)}.${ply % 2 ? '..' : ''}`;
      moves.append(no);
    }
    const s = document.createElement('span');
    s.className = 'move';
    s.textContent = m;
    moves.append(s, ' ');
  });

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
  showError('');
  render();
  updateUrl(r);
  document.body.dataset.plies = String(r.moves.length);
  refreshExplorer(r.position.fen);
  maybeEngine();
  return true;
}

// Plays a move; `key`: the game state it was chosen for (dropped when the game changed since).
async function play(uci, key = stateKey()) {
  if (key !== stateKey()) return;
  const before = game.moves.slice();
  game.moves.push(uci);
  try {
    await refresh();
  } catch (e) {
    if (stateKey() === `${game.startFen || ''}|${[...before, uci].join(',')}`) game.moves = before;
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
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        const r = await api('/api/engine', req, job.ctrl.signal);
        if (engineJob !== job || stateKey() !== key) return; // made for another position
        engineJob = null;
        renderEngine();
        await play(r.bestmove, key);
        return;
      } catch (e) {
        // Every engine slot busy (an aborted search still runs out its time): wait, retry.
        if (e.status !== 503 || attempt >= 8 || engineJob !== job) throw e;
        await sleep(Math.min(e.retryAfter, 2) * 500);
        if (engineJob !== job) return;
      }
    }
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

function maybeEngine() {
  if (info && info.position.status === 'playing' && engineSide() === info.position.turn) engineMove();
}

// Errors: next to the board (and, for Load, under its box too); cleared by the next success.
function showError(msg, fromLoad = false) {
  $('error').textContent = msg || '';
  $('error').hidden = !msg;
  if (!msg || fromLoad) $('load-error').textContent = msg || '';
}

function setGame(startFen, moves) {
  Object.assign(game, { startFen, moves, pgn: null, pgnMoves: null, tags: null });
}

async function loadInput(text, format = 'auto', quiet = false) {
  const saved = { ...game };
  try {
    const r = await api('/api/game', { input: text, format });
    setGame(r.standard_start ? null : r.start_fen, r.moves.slice());
    if (r.input_format === 'pgn') Object.assign(game, { pgn: r.formats.pgn, pgnMoves: r.moves.slice(), tags: r.tags });
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
  return loadInput(what.text);
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
  game.moves.pop();
  // Against the engine, take back its reply too so that it is the player's turn again (not
  // when it was still thinking: then there is no reply to take back).
  if (!thinking && engineSide() !== 'none' && game.moves.length && info && info.position.turn !== engineSide()) game.moves.pop();
  try {
    await refresh();
  } catch (e) {
    showError(e.message);
  }
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
  maybeEngine();
});
$('engine-time').addEventListener('change', saveSettings);
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
// The picture of the board as shown (a GIF: the game), drawn by the server as `render` draws it.
$('image').addEventListener('click', async () => {
  const kind = $('image-kind').value;
  try {
    const res = await fetch('/api/image', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...gameRequest(), image: kind, flip: orientation === 'black' }),
    });
    if (!res.ok) throw new Error((await res.json().catch(() => null))?.error?.message || `HTTP ${res.status}`);
    const a = document.createElement('a');
    a.href = URL.createObjectURL(await res.blob());
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
  .catch((e) => showError(`The server did not answer: ${e.message}`))
  .finally(() => document.body.classList.add('ready'));

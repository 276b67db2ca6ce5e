// The page of `chesscodec serve`: a chessground board, every code of the game and its position,
// and a URL fragment that reopens the game. All chess logic is the server's (the C library):
// the page keeps only the start position and the list of moves, and asks /api/game for the rest.
import { Chessground } from '@lichess-org/chessground';
import '@lichess-org/chessground/assets/chessground.base.css';
import '@lichess-org/chessground/assets/chessground.brown.css';
import '@lichess-org/chessground/assets/chessground.cburnett.css';
import './style.css';

const $ = (id) => document.getElementById(id);

// The game: a start FEN (null: the standard start) and the moves in UCI.
const game = { startFen: null, moves: [] };
let info = null; // the last /api/game reply
let orientation = 'white';
let busy = 0; // requests in flight
let pending = null; // a promotion waiting for its piece: {from, to}

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

async function api(path, body) {
  busy++;
  document.body.classList.add('busy');
  try {
    const res = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    let data;
    try {
      data = await res.json();
    } catch {
      throw new Error(`the server answered ${res.status} without JSON`);
    }
    if (!res.ok) {
      const e = new Error(data?.error?.message || `HTTP ${res.status}`);
      e.reply = data;
      throw e;
    }
    return data;
  } finally {
    busy--;
    if (!busy) document.body.classList.remove('busy');
  }
}

function gameRequest() {
  const req = { moves: game.moves };
  if (game.startFen) req.start_fen = game.startFen;
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
  const humanMoves = p.status === 'playing' && engineSide() !== turn;
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
  $('status').textContent = statusText;
  $('status').dataset.fen = p.fen;
  $('undo').disabled = r.moves.length === 0;
  $('engine-move').disabled = p.status !== 'playing';

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

// Asks the server for everything about the current game; on success renders and updates the URL.
async function refresh() {
  const r = await api('/api/game', gameRequest());
  info = r;
  game.startFen = r.standard_start ? null : r.start_fen;
  game.moves = r.moves.slice();
  render();
  updateUrl(r);
  document.body.dataset.plies = String(r.moves.length);
  maybeEngine();
}

async function play(uci) {
  const before = game.moves.slice();
  game.moves.push(uci);
  try {
    await refresh();
  } catch (e) {
    game.moves = before;
    showError(e.message);
    render();
  }
}

function onUserMove(orig, dest) {
  const piece = board.state.pieces.get(dest);
  const lastRank = dest[1] === '8' || dest[1] === '1';
  if (piece && piece.role === 'pawn' && lastRank) {
    pending = { from: orig, to: dest };
    $('promotion').hidden = false;
    return;
  }
  play(orig + dest);
}

$('promotion').addEventListener('click', (ev) => {
  const role = ev.target.closest('button')?.dataset.role;
  if (!role || !pending) return;
  $('promotion').hidden = true;
  const { from, to } = pending;
  pending = null;
  play(from + to + role);
});

let engineThinking = false;
async function engineMove() {
  if (engineThinking || !info || info.position.status !== 'playing') return;
  engineThinking = true;
  const movesAtStart = game.moves.length;
  $('status').textContent = 'Engine thinking…';
  try {
    const req = gameRequest();
    req.movetime_ms = Number($('engine-time').value);
    const r = await api('/api/engine', req);
    if (game.moves.length === movesAtStart) await play(r.bestmove);
  } catch (e) {
    showError(e.message);
    render();
  } finally {
    engineThinking = false;
  }
}

function maybeEngine() {
  if (info && info.position.status === 'playing' && engineSide() === info.position.turn) engineMove();
}

function showError(msg) {
  $('load-error').textContent = msg || '';
}

async function loadInput(text, format = 'auto', quiet = false) {
  if (!quiet) showError('');
  const saved = { startFen: game.startFen, moves: game.moves.slice() };
  try {
    const r = await api('/api/game', { input: text, format });
    game.startFen = r.standard_start ? null : r.start_fen;
    game.moves = r.moves.slice();
    await refresh();
    return true;
  } catch (e) {
    game.startFen = saved.startFen;
    game.moves = saved.moves;
    if (!quiet) showError(`Cannot load that: ${e.message}`);
    return false;
  }
}

// Reads the game from the URL fragment: "fen=...&uci=a,b" or any code /api/game reads.
async function loadFragment() {
  const frag = location.hash.slice(1);
  if (!frag) {
    game.startFen = null;
    game.moves = [];
    return refresh();
  }
  if (frag.startsWith('fen=')) {
    const params = new URLSearchParams(frag);
    game.startFen = params.get('fen');
    game.moves = (params.get('uci') || '').split(',').filter(Boolean);
    try {
      return await refresh();
    } catch (e) {
      showError(`The link holds no valid game: ${e.message}`);
      game.startFen = null;
      game.moves = [];
      return refresh();
    }
  }
  if (frag.startsWith('pack=')) {
    if (!(await loadInput(frag.slice(5), 'pack-game'))) {
      game.startFen = null;
      game.moves = [];
      await refresh();
    }
    return;
  }
  let text;
  try {
    text = decodeURIComponent(frag);
  } catch {
    text = frag;
  }
  // The page writes URL-safe strings: read the fragment as one first.
  if (/^[A-Za-z0-9_-]+$/.test(text) && (await loadInput(text, 'urlsafe', true))) return;
  if (!(await loadInput(text))) {
    game.startFen = null;
    game.moves = [];
    await refresh();
  }
}

$('flip').addEventListener('click', () => {
  orientation = orientation === 'white' ? 'black' : 'white';
  board.set({ orientation });
});
$('undo').addEventListener('click', async () => {
  if (!game.moves.length) return;
  game.moves.pop();
  // Against the engine, take back its reply too so that it is the player's turn again.
  if (engineSide() !== 'none' && game.moves.length && info && info.position.turn !== engineSide()) game.moves.pop();
  try {
    await refresh();
  } catch (e) {
    showError(e.message);
  }
});
$('new').addEventListener('click', () => {
  game.startFen = null;
  game.moves = [];
  refresh().catch((e) => showError(e.message));
});
$('engine-side').addEventListener('change', () => {
  render();
  maybeEngine();
});
$('engine-move').addEventListener('click', () => engineMove());
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
  loadInput($('load-input').value);
});
window.addEventListener('hashchange', () => {
  if (info && location.hash.slice(1) === fragmentFor(info)) return;
  loadFragment().catch((e) => showError(e.message));
});

loadFragment()
  .catch((e) => showError(`The server did not answer: ${e.message}`))
  .finally(() => document.body.classList.add('ready'));

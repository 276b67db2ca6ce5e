// The serverless page's chess: libchesscodec compiled to WebAssembly (web/wasm/chcw.c, built by
// `make web`), run in a Web Worker so that an engine search never freezes the page. A message
// {id, path, body} is a request of the JSON API (docs/api.md) and gets {id, status, data}:
// the same replies the server gives, made by the same library code.
import createModule from 'chcw-wasm';

const ready = createModule();

// A request's game as chcw_* take it: the moves as one string, or null to read `input`.
function gameArgs(body) {
  const moves = Array.isArray(body.moves) ? body.moves.join(' ') : null;
  const tags = Object.entries(body.tags || {})
    .filter(([, v]) => typeof v === 'string')
    .map(([k, v]) => `${k}\t${v.replace(/[\t\n]/g, ' ')}`)
    .join('\n');
  return { moves, start: body.start_fen || '', tags };
}

function call(m, name, types, args) {
  const ptr = m.ccall(name, 'number', types, args);
  if (!ptr) {
    const status = m.ccall('chcw_error_status', 'number', [], []);
    const message = m.UTF8ToString(m.ccall('chcw_error_message', 'number', [], []));
    return { status, data: { error: { status, code: status === 422 ? 'bad_input' : 'bad_request', message } } };
  }
  const text = m.UTF8ToString(ptr);
  m._free(ptr);
  return { status: 200, text };
}

async function handle(path, body) {
  const m = await ready;
  if (path === '/api/game') {
    const a = gameArgs(body);
    const r = call(m, 'chcw_game', ['string', 'string', 'string', 'string', 'string'],
      [a.moves === null ? (body.input ?? '') : null, body.format || 'auto', a.start, a.moves, a.tags]);
    return r.text ? { status: 200, data: JSON.parse(r.text) } : r;
  }
  if (path === '/api/engine') {
    let a = gameArgs(body);
    if (a.moves === null) {
      // a game given as text (a loaded PGN): its moves first
      const g = call(m, 'chcw_game', ['string', 'string', 'string', 'string', 'string'],
        [body.input ?? '', body.format || 'auto', a.start, null, '']);
      if (!g.text) return g;
      const r = JSON.parse(g.text);
      a = { moves: r.moves.join(' '), start: r.standard_start ? '' : r.start_fen };
    }
    const level = body.level ?? 20;
    if (!Number.isInteger(level) || level < 0 || level > 20)
      return { status: 400, data: { error: { status: 400, code: 'bad_request', message: '"level" must be an integer from 0 to 20' } } };
    const r = call(m, 'chcw_engine', ['string', 'string', 'number', 'number', 'number', 'number'],
      [a.start, a.moves, Math.min(Number(body.movetime_ms) || 0, 60000), Number(body.depth) || 0, Number(body.multipv) || 1, level]);
    return r.text ? { status: 200, data: JSON.parse(r.text) } : r;
  }
  if (path === '/api/play') {
    const r = call(m, 'chcw_play', ['string', 'string'], [body.fen || '', body.move || '']);
    return r.text ? { status: 200, data: JSON.parse(r.text) } : r;
  }
  if (path === '/api/image') {
    const a = gameArgs(body);
    const r = call(m, 'chcw_svg', ['string', 'string', 'number', 'number'],
      [a.start, a.moves ?? '', body.flip ? 1 : 0, Number(body.size) || 0]);
    return r.text ? { status: 200, svg: r.text } : r;
  }
  return { status: 404, data: { error: { status: 404, code: 'not_found', message: `no ${path} in the serverless page` } } };
}

self.onmessage = async (ev) => {
  const { id, path, body } = ev.data;
  try {
    self.postMessage({ id, ...(await handle(path, body)) });
  } catch (e) {
    self.postMessage({ id, status: 500, data: { error: { status: 500, code: 'internal', message: String(e && e.message || e) } } });
  }
};

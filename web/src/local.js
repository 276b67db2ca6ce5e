// The page without a server (`make web`): requests of the JSON API answered by the library in
// Web Workers (local-worker.js). Three workers: one for the game and the pictures, which answers
// at once, one for the engine's moves and one for the analysis; a Stop or a new position ends
// a search's worker (a search in WebAssembly cannot be interrupted; a fresh worker replaces it).
import LocalWorker from './local-worker.js?worker&inline';

function client() {
  let worker = null;
  let seq = 0;
  const waiting = new Map();
  function start() {
    worker = new LocalWorker();
    worker.onmessage = (ev) => {
      const w = waiting.get(ev.data.id);
      if (!w) return;
      waiting.delete(ev.data.id);
      w.resolve(ev.data);
    };
    worker.onerror = (ev) => {
      for (const w of waiting.values()) w.reject(new Error(`the page's chess library failed: ${ev.message || 'error'}`));
      waiting.clear();
    };
  }
  return {
    request(path, body, signal) {
      if (!worker) start();
      const id = ++seq;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        if (signal) {
          signal.addEventListener('abort', () => {
            if (!waiting.has(id)) return;
            waiting.delete(id);
            worker.terminate(); // the search cannot be stopped: end it with its worker
            worker = null;
            for (const w of waiting.values()) w.reject(new DOMException('aborted', 'AbortError'));
            waiting.clear();
            reject(new DOMException('aborted', 'AbortError'));
          }, { once: true });
        }
        worker.postMessage({ id, path, body });
      });
    },
  };
}

const main = client();
const engine = client();
const analysis = client();

// As fetch + res.json() would give it: {status, data} (or {status, svg} for pictures). The
// analysis's searches (lane "analysis") have a worker of their own.
export function localApi(path, body, signal, lane) {
  return (path !== '/api/engine' ? main : lane === 'analysis' ? analysis : engine).request(path, body, signal);
}

// Two builds of one page. The default ("production") is what `chesscodec serve` embeds: the
// chess is the server's, through the JSON API. Mode "static" (`make web`) is the page without a
// server: the library compiled to WebAssembly (CHC_WASM: the file web/wasm/build.sh wrote) runs
// in Web Workers, and everything is inlined into one index.html that works from any static host
// and from file:// (where a browser fetches nothing: no module file, no worker file, no wasm).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { viteSingleFile } from 'vite-plugin-singlefile';

export default defineConfig(({ mode }) => {
  const serverless = mode === 'static';
  if (serverless && !process.env.CHC_WASM) throw new Error('mode static needs CHC_WASM (run make web)');
  const here = (p) => fileURLToPath(new URL(p, import.meta.url));
  return {
    resolve: {
      alias: {
        'chc-local': here(serverless ? './src/local.js' : './src/local-none.js'),
        ...(serverless ? { 'chcw-wasm': process.env.CHC_WASM } : {}),
      },
    },
    worker: { format: 'iife' },
    plugins: serverless ? [viteSingleFile()] : [],
    build: serverless ? { assetsInlineLimit: 100000000, chunkSizeWarningLimit: 4000 } : {},
  };
});

// The page served by `chesscodec serve` asks the server: no library in the page (see local.js).
export function localApi() {
  throw new Error('this page is served by chesscodec serve');
}

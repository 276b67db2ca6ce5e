// The notation oracle: reads a PGN file with chessops (and chess.js for standard games),
// replays every main-line move, and compares SAN, FEN after each move and the final outcome
// with chesscodec's dump of the same file.
//
//   node notation_oracle.mjs GAMES.pgn OURS.dump [--no-chessjs] [--chessjs-games N]
//
// chess.js is slow (it generates every move's SAN to read one); --chessjs-games N limits it
// to the first N standard games (chessops checks them all).
//
// OURS.dump holds, for every game: "G", then one line "SAN FEN" per ply (FEN with the
// en-passant square only when a legal capture exists), then "O OUTCOME" where OUTCOME is one
// of none, checkmate, stalemate, insufficient, seventyfive, fivefold, fifty, threefold (the
// first that holds, in that order: the rules that end a game before the claimable draws).
// Repetitions are counted here from chessops' positions (board, side, castling, legal
// en-passant square) and cross-checked with chess.js's isThreefoldRepetition().
// Prints a summary and the first mismatches; exits 1 when anything differs.
import { readFileSync } from 'node:fs';
import { parsePgn, startingPosition } from 'chessops/pgn';
import { parseSan, makeSanAndPlay } from 'chessops/san';
import { makeFen } from 'chessops/fen';
import { Chess } from 'chess.js';

const [pgnPath, dumpPath, ...opts] = process.argv.slice(2);
const useChessJs = !opts.includes('--no-chessjs');
const jsLimitAt = opts.indexOf('--chessjs-games');
const jsLimit = jsLimitAt >= 0 ? Number(opts[jsLimitAt + 1]) : Infinity;
const games = parsePgn(readFileSync(pgnPath, 'utf8'));
const dump = readFileSync(dumpPath, 'utf8').split('\n');
let li = 0;
let plies = 0, mismatches = 0, jsGames = 0, checkedGames = 0;
const report = (msg) => { if (mismatches++ < 20) console.log(msg); };

// FEN fields without the en-passant square (chess.js names it after any double step that a
// pawn could capture pseudo-legally).
const noEp = (fen) => { const f = fen.split(' '); f[3] = '-'; return f.join(' '); };

for (let gi = 0; gi < games.length; gi++) {
  const game = games[gi];
  if (dump[li] !== 'G') { report(`game ${gi + 1}: dump out of step at line ${li + 1}: '${dump[li]}'`); break; }
  li++;
  const setup = startingPosition(game.headers);
  if (setup.isErr) { report(`game ${gi + 1}: chessops refuses the start: ${setup.error}`); break; }
  const pos = setup.value;
  const variant = (game.headers.get('Variant') || 'Standard').toLowerCase();
  const standard = !variant.includes('960') && !variant.includes('fischer');
  let js = null;
  if (useChessJs && standard && jsGames < jsLimit) {
    js = new Chess(game.headers.get('FEN') || undefined);
    jsGames++;
  }
  checkedGames++;
  const seen = new Map();
  let reps = 1;
  seen.set(makeFen(pos.toSetup()).split(' ').slice(0, 4).join(' '), 1);
  let ply = 0;
  for (const node of game.moves.mainline()) {
    ply++;
    const line = dump[li++] || '';
    const sp = line.indexOf(' ');
    const ourSan = line.slice(0, sp), ourFen = line.slice(sp + 1);
    const move = parseSan(pos, node.san);
    if (!move) { report(`game ${gi + 1} ply ${ply}: chessops cannot read '${node.san}'`); break; }
    const san = makeSanAndPlay(pos, move);
    const fen = makeFen(pos.toSetup());
    const k = fen.split(' ').slice(0, 4).join(' ');
    reps = (seen.get(k) || 0) + 1;
    seen.set(k, reps);
    if (san !== ourSan) report(`game ${gi + 1} ply ${ply}: SAN ours '${ourSan}' chessops '${san}'`);
    if (fen !== ourFen) report(`game ${gi + 1} ply ${ply}: FEN ours '${ourFen}' chessops '${fen}'`);
    if (js) {
      const m = js.move(node.san);
      if (m.san !== ourSan) report(`game ${gi + 1} ply ${ply}: SAN ours '${ourSan}' chess.js '${m.san}'`);
      if (noEp(js.fen()) !== noEp(ourFen)) report(`game ${gi + 1} ply ${ply}: FEN ours '${ourFen}' chess.js '${js.fen()}'`);
    }
    plies++;
  }
  let outcome = 'none';
  if (pos.isCheckmate()) outcome = 'checkmate';
  else if (pos.isStalemate()) outcome = 'stalemate';
  else if (pos.isInsufficientMaterial()) outcome = 'insufficient';
  else if (pos.halfmoves >= 150) outcome = 'seventyfive';
  else if (reps >= 5) outcome = 'fivefold';
  else if (pos.halfmoves >= 100) outcome = 'fifty';
  else if (reps >= 3) outcome = 'threefold';
  const ours = (dump[li++] || '').replace(/^O /, '');
  if (ours !== outcome) report(`game ${gi + 1}: outcome ours '${ours}' oracle '${outcome}'`);
  if (js && js.isThreefoldRepetition() !== (reps >= 3))
    report(`game ${gi + 1}: chess.js threefold ${js.isThreefoldRepetition()}, chessops count ${reps}`);
  if (js) {
    const jsMate = js.isCheckmate(), jsStale = js.isStalemate(), jsIns = js.isInsufficientMaterial();
    if (jsMate !== (ours === 'checkmate')) report(`game ${gi + 1}: chess.js checkmate ${jsMate}, ours '${ours}'`);
    if (jsStale !== (ours === 'stalemate')) report(`game ${gi + 1}: chess.js stalemate ${jsStale}, ours '${ours}'`);
    if (jsIns && ours !== 'insufficient' && ours !== 'checkmate' && ours !== 'stalemate')
      report(`game ${gi + 1}: chess.js insufficient material, ours '${ours}'`);
  }
}
if (dump[li] !== undefined && dump[li] !== '') report(`dump has more games than the PGN (line ${li + 1})`);
console.log(`oracle: ${checkedGames} games (${jsGames} also with chess.js), ${plies} plies, ${mismatches} mismatches`);
process.exit(mismatches ? 1 : 0);

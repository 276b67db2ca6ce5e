#!/usr/bin/env bash
# Strength match: chesscodec's engine against Stockfish at several UCI_Elo levels and other
# Debian engines, refereed by libchesscodec (bench_match: illegal move and time loss lose;
# mate, stalemate, repetition, fifty moves and insufficient material end games). Openings come
# from the gnuchess Polyglot book with a fixed seed; each is played with both colours.
#
#   bench/bench_match.sh BUILD_DIR
# Environment (all optional):
#   MATCH_GAMES=2          games per opponent (rounded up to even)
#   MATCH_TC=10+0.1        time control, seconds (base+increment)
#   MATCH_OPPONENTS="sf2200"  list of: sfNNNN (Stockfish with UCI_LimitStrength, UCI_Elo NNNN),
#                          fairymax, phalanx, glaurung, toga2, self (chesscodec itself, with
#                          MATCH_SELF_OPTIONS)
#   MATCH_OPTIONS="Hash=16"   chesscodec's UCI options (NAME=VALUE words; names without spaces)
#   MATCH_SELF_OPTIONS="Hash=16"  the `self` opponent's options
#   MATCH_SELF_BIN=PATH     the `self` opponent's chesscodec program (default: BUILD_DIR's), e.g.
#                          main's build, to test a change of the search against it
#   MATCH_NODES=N          fixed nodes per move instead of MATCH_TC (UCI engines only): games
#                          that the machine's load cannot change
#   MATCH_SPRT=ELO0,ELO1   stop as soon as a sequential test (alpha = beta = 0.05) decides
#   e.g. a search change against main's build (MATCH_GAMES is then the most games played):
#   MATCH_OPPONENTS=self MATCH_SELF_BIN=/tmp/main/chesscodec MATCH_NODES=25000 \
#     MATCH_SPRT=0,10 MATCH_GAMES=2000 bench/bench_match.sh build/release
#   e.g. 2 threads against 1 (bench/bench_smp.sh's Elo half):
#   MATCH_OPPONENTS=self MATCH_OPTIONS="Hash=16 Threads=2" MATCH_TC=5+0.05 MATCH_GAMES=100 ...
#   MATCH_PGN=FILE         append the games to FILE (default: BUILD_DIR/match-games.pgn)
#   MATCH_SEED=1           opening seed
#   MATCH_CONCURRENCY=1    games played at a time (one engine pair each; keep <= cores)
# With no settings: 2 games against Stockfish 2200 at 10+0.1 (`make bench` includes this script
# only with CHC_BENCH_MATCH=1). A real measurement, e.g.:
#   MATCH_GAMES=40 MATCH_OPPONENTS="sf2200 sf1800 fairymax phalanx glaurung" bench/bench_match.sh build/release
#   issue 17's tables: MATCH_GAMES=200 MATCH_OPPONENTS="sf2400 sf2600 sf2800 toga2 glaurung" ...
set -uo pipefail
case "${1:-}" in -h|--help) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0;; esac
build=${1:-build/release}
export PATH="$PATH:/usr/games"
runner="$build/bench/bench_match"
bin="$build/chesscodec"
[ -x "$runner" ] || { echo "bench_match: $runner not built" >&2; exit 1; }
[ -x "$bin" ] || { echo "bench_match: $bin not built" >&2; exit 1; }
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
games=${MATCH_GAMES:-2}
tc=${MATCH_TC:-10+0.1}
opponents=${MATCH_OPPONENTS:-sf2200}
pgn=${MATCH_PGN:-$build/match-games.pgn}
seed=${MATCH_SEED:-1}
conc=${MATCH_CONCURRENCY:-1}
selfbin=${MATCH_SELF_BIN:-$bin}
limit=(--tc "$tc")
[ -n "${MATCH_NODES:-}" ] && limit=(--nodes "$MATCH_NODES")
[ -n "${MATCH_SPRT:-}" ] && limit+=(--sprt "$MATCH_SPRT")
what=$tc
[ -n "${MATCH_NODES:-}" ] && what="$MATCH_NODES nodes per move"
opts1=()
for o in ${MATCH_OPTIONS:-Hash=16}; do opts1+=(--option1 "$o"); done
status=0
for opp in $opponents; do
  args=()
  case "$opp" in
    sf[0-9]*)
      command -v stockfish >/dev/null || { echo "skip $opp: stockfish not installed"; continue; }
      args=(--engine2 "$(command -v stockfish)" --name2 "stockfish-$opp"
            --option2 Threads=1 --option2 Hash=16 --option2 UCI_LimitStrength=true
            --option2 "UCI_Elo=${opp#sf}" --option2 "Move Overhead=100");;
    glaurung)
      command -v glaurung >/dev/null || { echo "skip glaurung: not installed"; continue; }
      args=(--engine2 "$(command -v glaurung)" --name2 glaurung --option2 Threads=1
            --option2 "Hash=16" --option2 "OwnBook=false");;
    toga2)
      command -v toga2 >/dev/null || { echo "skip toga2: not installed (apt-get install toga2)"; continue; }
      [ -z "${MATCH_NODES:-}" ] || { echo "skip toga2: it does not stop at 'go nodes' (use MATCH_TC)"; continue; }
      args=(--engine2 "$(command -v toga2)" --name2 toga2 --option2 "Hash=16" --option2 "OwnBook=false");;
    fairymax)
      command -v fairymax >/dev/null || { echo "skip fairymax: not installed"; continue; }
      args=(--engine2 "$(command -v fairymax)" --name2 fairymax --proto2 xboard);;
    self)
      args=(--engine2 "$selfbin uci" --name2 "chesscodec-self-$(printf %s "${MATCH_SELF_OPTIONS:-Hash=16}" | tr " " ,)")
      for o in ${MATCH_SELF_OPTIONS:-Hash=16}; do args+=(--option2 "$o"); done;;
    phalanx)
      command -v phalanx >/dev/null || { echo "skip phalanx: not installed"; continue; }
      args=(--engine2 "$(command -v phalanx) -b- -l-" --name2 phalanx --proto2 xboard);;
    *) echo "unknown opponent '$opp'" >&2; status=1; continue;;
  esac
  echo "---- chesscodec vs $opp: $games games at $what"
  "$runner" --engine1 "$bin uci" --name1 "chesscodec-$(printf %s "${MATCH_OPTIONS:-Hash=16}" | tr " " ,)" "${opts1[@]}" "${args[@]}" \
            --games "$games" "${limit[@]}" --seed "$seed" --pgn "$pgn" --concurrency "$conc" || status=1
done
exit $status

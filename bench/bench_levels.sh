#!/usr/bin/env bash
# Strength levels: chesscodec at several Skill Levels against Debian's Stockfish at its weakest
# setting (UCI_LimitStrength, UCI_Elo 1350), refereed by bench_match (see bench_match.sh):
# openings from the gnuchess book with a fixed seed, colours alternated. Prints one SCORE line
# a level (score, Elo difference and its 95% margin) and, from it, the level's Elo estimate
# (1350 + difference; meaningless when the score is 0% or 100%).
#
#   bench/bench_levels.sh BUILD_DIR
# Environment (all optional):
#   LEVELS="0 5 10 15"   Skill Levels to measure; LEVEL@ELO plays that level against
#                        Stockfish at UCI_Elo ELO instead of LEVEL_SF_ELO (e.g. "6@1350 14@2200"),
#                        LEVEL@Lk against chesscodec's own level k (a chain below Stockfish's
#                        weakest setting: "3@L6 0@L3"; the Elo printed is then level k's + diff)
#   LEVEL_GAMES=10       games a level (rounded up to even)
#   LEVEL_TC=2+0.05      time control, seconds (base+increment)
#   LEVEL_SF_ELO=1350    Stockfish's UCI_Elo (1350 is its minimum in Debian's 15.1)
#   LEVEL_PGN=FILE       the games (default: BUILD_DIR/level-games.pgn)
#   LEVEL_SEED=1         opening seed
#   LEVEL_CONCURRENCY=1  games played at a time (keep <= cores)
# Few games give wide error bars: 10 games are about +-200 Elo; read the margins.
set -uo pipefail
case "${1:-}" in -h|--help) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0;; esac
build=${1:-build/release}
export PATH="$PATH:/usr/games"
runner="$build/bench/bench_match"
bin="$build/chesscodec"
[ -x "$runner" ] || { echo "bench_levels: $runner not built" >&2; exit 1; }
[ -x "$bin" ] || { echo "bench_levels: $bin not built" >&2; exit 1; }
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
levels=${LEVELS:-0 5 10 15}
games=${LEVEL_GAMES:-10}
tc=${LEVEL_TC:-2+0.05}
pgn=${LEVEL_PGN:-$build/level-games.pgn}
seed=${LEVEL_SEED:-1}
conc=${LEVEL_CONCURRENCY:-1}
status=0
for entry in $levels; do
  lv=${entry%@*}
  anchor=${LEVEL_SF_ELO:-1350} # a Stockfish UCI_Elo, or Lk: chesscodec's own level k
  [ "$entry" != "$lv" ] && anchor=${entry#*@}
  self_level=
  [ "${anchor#L}" != "$anchor" ] && self_level=${anchor#L}
  if [ -n "$self_level" ]; then
    echo "---- chesscodec Skill Level $lv vs chesscodec Skill Level $self_level: $games games at $tc"
    opp=(--engine2 "$bin uci" --name2 "chesscodec-level$self_level" --option2 Hash=16
         --option2 "Skill Level=$self_level")
  else
    # only rows against Stockfish need it: a chain of our own levels runs without
    command -v stockfish >/dev/null || {
      echo "bench_levels: stockfish not installed (apt-get install stockfish): level $lv skipped"
      continue
    }
    echo "---- chesscodec Skill Level $lv vs stockfish UCI_Elo $anchor: $games games at $tc"
    opp=(--engine2 "$(command -v stockfish)" --name2 "stockfish-$anchor" --option2 Threads=1
         --option2 Hash=16 --option2 UCI_LimitStrength=true --option2 "UCI_Elo=$anchor"
         --option2 "Move Overhead=100")
  fi
  out=$("$runner" --engine1 "$bin uci" --name1 "chesscodec-level$lv" --option1 Hash=16 \
        --option1 "Skill Level=$lv" "${opp[@]}" --games "$games" --tc "$tc" --seed "$seed" \
        --pgn "$pgn" --concurrency "$conc") || status=1
  printf '%s\n' "$out" | tail -3
  line=$(printf '%s\n' "$out" | grep '^SCORE' | tail -1)
  diff=$(printf '%s' "$line" | sed -n 's/.*Elo \([-+][0-9]*\) +- \([0-9a-z]*\).*/\1 \2/p')
  if [ -n "$diff" ]; then
    set -- $diff
    if [ -n "$self_level" ]; then
      echo "LEVEL $lv: level $self_level $1 Elo +- $2 ($games games)"
    else
      echo "LEVEL $lv: about $((anchor + $1)) Elo +- $2 ($games games)"
    fi
  fi
done
exit $status

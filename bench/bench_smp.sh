#!/usr/bin/env bash
# Lazy SMP: time to depth with Threads=N (default 2) against Threads=1, through `chesscodec uci`.
# A round runs every position to a fixed depth ("ucinewgame" first: an empty table each time)
# once with N threads and once with 1, in alternating order, each in a fresh process; the
# time to depth is the "time" of the last "info depth D" line (the reporting thread completing
# depth D), summed over the positions. Prints each round's times and ratio, then the median
# ratio of the rounds (the time-to-depth speed-up: above 1 is faster with N threads), the
# nodes-per-second ratio and how many cores the machine had and how loaded it was. On a loaded
# machine the threads do not get N cores; the ESTIMATE line then says what N idle cores would
# give: N times the ratio of nodes per CPU second (CPU time of the process) divided by the ratio
# of nodes needed to reach the depth (the helpers' duplicated work).
# The Elo half of the measurement is a self-play match (bench_match.sh):
#   MATCH_OPPONENTS=self MATCH_OPTIONS="Hash=16 Threads=2" MATCH_TC=5+0.05 bench/bench_match.sh B
#
#   bench/bench_smp.sh BUILD_DIR
# Environment (all optional):
#   SMP_THREADS=2    threads against 1
#   SMP_DEPTH=12     depth of every search
#   SMP_ROUNDS=5     rounds (the median is taken)
#   SMP_HASH=64      Hash (MB) of both
# The speed-up needs N idle cores: on a shared machine read the load line (a loaded machine
# gives the threads less than N cores, and the figure is a lower bound).
set -uo pipefail
case "${1:-}" in -h|--help) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0;; esac
build=${1:-build/release}
bin="$build/chesscodec"
[ -x "$bin" ] || { echo "bench_smp: $bin not built" >&2; exit 1; }
command -v python3 >/dev/null || { echo "bench_smp: python3 not installed"; exit 0; }
exec python3 - "$bin" "${SMP_THREADS:-2}" "${SMP_DEPTH:-12}" "${SMP_ROUNDS:-5}" "${SMP_HASH:-64}" <<'PY'
import os, resource, statistics, subprocess, sys

binary, threads, depth, rounds, hash_mb = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
FENS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1b2rk1/pp1nqppp/2pbpn2/3p4/2PP4/2NBPN2/PPQ2PPP/R1B2RK1 w - - 0 9",
    "rnbq1rk1/ppp1bppp/4pn2/3p4/2PP4/5NP1/PP2PPBP/RNBQ1RK1 b - - 3 6",
    "r2q1rk1/pp2bppp/2n1pn2/3p4/3P1B2/2PB1N2/PP1N1PPP/R2Q1RK1 b - - 5 10",
    "2r2rk1/1bqnbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 13",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "6k1/5p1p/4p1p1/3pP3/1r1P4/5P2/5KPP/2R5 w - - 0 30",
]

def run(nthreads):
    """Time to depth (ms), nodes summed over the positions and the process's CPU seconds."""
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu0 = ru.ru_utime + ru.ru_stime
    p = subprocess.Popen([binary, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    def send(s):
        p.stdin.write(s + "\n")
        p.stdin.flush()
    def until(prefix):
        last = None
        for line in p.stdout:
            if line.startswith("info depth %d " % depth):
                last = line
            if line.startswith(prefix):
                return line, last
        raise SystemExit("bench_smp: the engine ended")
    send("uci"); until("uciok")
    send("setoption name Hash value %d" % hash_mb)
    send("setoption name Threads value %d" % nthreads)
    send("isready"); until("readyok")
    total_ms = total_nodes = 0
    for fen in FENS:
        send("ucinewgame"); send("position fen " + fen); send("go depth %d" % depth)
        _, info = until("bestmove")
        if info is None:
            raise SystemExit("bench_smp: no 'info depth %d' line" % depth)
        w = info.split()
        total_ms += int(w[w.index("time") + 1])
        total_nodes += int(w[w.index("nodes") + 1])
    send("quit"); p.wait()
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return total_ms, total_nodes, ru.ru_utime + ru.ru_stime - cpu0

def load():
    try:
        return open("/proc/loadavg").read().split()[0]
    except OSError:
        return "?"

print("bench_smp: %d positions to depth %d, Threads=%d against Threads=1, %d rounds (alternating order)"
      % (len(FENS), depth, threads, rounds))
print("machine: %d cores; load average before: %s" % (os.cpu_count() or 0, load()))
ratios, nps_ratios, est = [], [], []
for r in range(rounds):
    res = {}
    for n in ([threads, 1] if r % 2 == 0 else [1, threads]):
        res[n] = run(n)
    (t1, n1, c1), (tn, nn, cn) = res[1], res[threads]
    ratio = t1 / tn if tn else float("nan")
    nps1, npsn = n1 / max(t1, 1), nn / max(tn, 1)
    ratios.append(ratio)
    nps_ratios.append(npsn / nps1)
    # on N idle cores: N times the nodes per CPU second, over the extra nodes to reach the depth
    e = threads * (nn / max(cn, 1e-9)) / (n1 / max(c1, 1e-9)) * n1 / nn
    est.append(e)
    print("round %d: Threads=1 %6d ms %9d nodes %5.2f cpu-s | Threads=%d %6d ms %9d nodes %5.2f cpu-s | "
          "speed-up %.2f, nps ratio %.2f, load %s" % (r + 1, t1, n1, c1, threads, tn, nn, cn, ratio, npsn / nps1, load()))
print("SPEEDUP time-to-depth %.2f (median of %d rounds, min %.2f max %.2f); nps ratio %.2f; load average after: %s"
      % (statistics.median(ratios), rounds, min(ratios), max(ratios), statistics.median(nps_ratios), load()))
print("ESTIMATE on %d idle cores (%d x nodes per CPU second ratio / nodes ratio): %.2f (median; an estimate, not a measure)"
      % (threads, threads, statistics.median(est)))
PY

"""Speed of the Python package (bench/bench_python.sh runs it; make bench).

Reads the same PGN file three ways and counts games and plies with the SAN of every move:
  1. `chesscodec convert --to san --threads 1` (the C library through its CLI): the anchor;
  2. chesscodec.read_games() with game.mainline_san() (the binding's fast path), and
     python-chess-style with board.san(move) and board.push(move) for every move;
  3. a pure-Python replay written here (PGN tokens, SAN in, legal moves, SAN out) on the first
     games only, for scale; its SAN is checked against the binding's.
Figures are medians of --runs runs; CPU time (user + system) is the fair measure on a shared
machine, wall time is shown beside it.

Usage: python3 bench_python.py --cli BUILD/chesscodec --pgn FILE [--runs 3] [--pure-games 1000]
(with the package on PYTHONPATH).
"""
import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import time

import chesscodec


# ---------------------------------------------------------------------------------------------
# A pure-Python replay: just enough chess for standard games (no Chess960) read from PGN.
# ---------------------------------------------------------------------------------------------
KNIGHT_STEPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KING_STEPS = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
ROOK_DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP_DIRS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
FILES = "abcdefgh"
CASTLE_SQUARES = ((4, "KQ"), (0, "Q"), (7, "K"), (60, "kq"), (56, "q"), (63, "k"))  # rights lost


def sq(f, r):
    return r * 8 + f


def name(s):
    return FILES[s % 8] + str(s // 8 + 1)


class PyBoard:
    """A mailbox board: board[sq] is '.', 'PNBRQK' (white) or 'pnbrqk' (black)."""

    def __init__(self):
        self.board = list("RNBQKBNR" + "P" * 8 + "." * 32 + "p" * 8 + "rnbqkbnr")
        self.white = True
        self.castle = {"K", "Q", "k", "q"}
        self.ep = None

    def own(self, p):
        return p != "." and (p.isupper() == self.white)

    def enemy(self, p):
        return p != "." and (p.isupper() != self.white)

    def attacked(self, s, by_white):
        b = self.board
        f, r = s % 8, s // 8
        pawn, knight, king = ("P", "N", "K") if by_white else ("p", "n", "k")
        pr = r - 1 if by_white else r + 1
        if 0 <= pr < 8:
            for df in (-1, 1):
                if 0 <= f + df < 8 and b[sq(f + df, pr)] == pawn:
                    return True
        for df, dr in KNIGHT_STEPS:
            if 0 <= f + df < 8 and 0 <= r + dr < 8 and b[sq(f + df, r + dr)] == knight:
                return True
        for df, dr in KING_STEPS:
            if 0 <= f + df < 8 and 0 <= r + dr < 8 and b[sq(f + df, r + dr)] == king:
                return True
        for dirs, sliders in ((ROOK_DIRS, "RQ"), (BISHOP_DIRS, "BQ")):
            if not by_white:
                sliders = sliders.lower()
            for df, dr in dirs:
                x, y = f + df, r + dr
                while 0 <= x < 8 and 0 <= y < 8:
                    p = b[sq(x, y)]
                    if p != ".":
                        if p in sliders:
                            return True
                        break
                    x += df
                    y += dr
        return False

    def king_square(self, white):
        return self.board.index("K" if white else "k")

    def pseudo_moves(self):
        """(from, to, promotion letter or '') of every pseudo-legal move; castling as king moves."""
        b = self.board
        out = []
        fwd = 1 if self.white else -1
        for s in range(64):
            p = b[s]
            if not self.own(p):
                continue
            f, r = s % 8, s // 8
            t = p.upper()
            if t == "P":
                last = 7 if self.white else 0
                promos = "QRBN" if r + fwd == last else ""
                one = sq(f, r + fwd)
                if b[one] == ".":
                    for pr in promos or [""]:
                        out.append((s, one, pr))
                    if r == (1 if self.white else 6) and b[sq(f, r + 2 * fwd)] == ".":
                        out.append((s, sq(f, r + 2 * fwd), ""))
                for df in (-1, 1):
                    if 0 <= f + df < 8:
                        to = sq(f + df, r + fwd)
                        if self.enemy(b[to]) or to == self.ep:
                            for pr in promos or [""]:
                                out.append((s, to, pr))
            elif t == "N" or t == "K":
                for df, dr in (KNIGHT_STEPS if t == "N" else KING_STEPS):
                    x, y = f + df, r + dr
                    if 0 <= x < 8 and 0 <= y < 8 and not self.own(b[sq(x, y)]):
                        out.append((s, sq(x, y), ""))
                if t == "K":
                    self.castling_moves(s, out)
            else:
                dirs = ROOK_DIRS if t == "R" else BISHOP_DIRS if t == "B" else ROOK_DIRS + BISHOP_DIRS
                for df, dr in dirs:
                    x, y = f + df, r + dr
                    while 0 <= x < 8 and 0 <= y < 8:
                        q = b[sq(x, y)]
                        if self.own(q):
                            break
                        out.append((s, sq(x, y), ""))
                        if q != ".":
                            break
                        x += df
                        y += dr
        return out

    def castling_moves(self, s, out):
        b = self.board
        rank = 0 if self.white else 7
        if s != sq(4, rank):
            return
        k, q = ("K", "Q") if self.white else ("k", "q")
        them = not self.white
        if k in self.castle and b[sq(5, rank)] == "." and b[sq(6, rank)] == "." and \
                not any(self.attacked(sq(x, rank), them) for x in (4, 5, 6)):
            out.append((s, sq(6, rank), ""))
        if q in self.castle and b[sq(3, rank)] == "." and b[sq(2, rank)] == "." and b[sq(1, rank)] == "." and \
                not any(self.attacked(sq(x, rank), them) for x in (4, 3, 2)):
            out.append((s, sq(2, rank), ""))

    def make(self, m):
        """Plays m; returns what unmake needs."""
        b = self.board
        fr, to, pr = m
        p = b[fr]
        undo = (m, b[to], self.castle, self.ep, p)
        captured_ep = None
        if p in "Pp" and to == self.ep:
            captured_ep = to - 8 if self.white else to + 8
            b[captured_ep] = "."
        b[to] = (pr if self.white else pr.lower()) if pr else p
        b[fr] = "."
        if p in "Kk" and abs(to - fr) == 2:
            rank = fr // 8
            if to % 8 == 6:
                b[sq(5, rank)], b[sq(7, rank)] = b[sq(7, rank)], "."
            else:
                b[sq(3, rank)], b[sq(0, rank)] = b[sq(0, rank)], "."
        for s, rights in CASTLE_SQUARES:
            if s == fr or s == to:
                self.castle = self.castle - set(rights)
        self.ep = (fr + to) // 2 if p in "Pp" and abs(to - fr) == 16 else None
        self.white = not self.white
        return undo, captured_ep

    def unmake(self, u):
        (m, captured, castle, ep, p), captured_ep = u
        fr, to, _ = m
        b = self.board
        self.white = not self.white
        b[fr] = p
        b[to] = captured
        if captured_ep is not None:
            b[captured_ep] = "p" if self.white else "P"
        if p in "Kk" and abs(to - fr) == 2:
            rank = fr // 8
            if to % 8 == 6:
                b[sq(7, rank)], b[sq(5, rank)] = b[sq(5, rank)], "."
            else:
                b[sq(0, rank)], b[sq(3, rank)] = b[sq(3, rank)], "."
        self.castle = castle
        self.ep = ep

    def legal_moves(self):
        out = []
        me = self.white
        for m in self.pseudo_moves():
            u = self.make(m)
            if not self.attacked(self.king_square(me), not me):
                out.append(m)
            self.unmake(u)
        return out

    def in_check(self):
        return self.attacked(self.king_square(self.white), not self.white)

    def san(self, m, legal):
        fr, to, pr = m
        p = self.board[fr].upper()
        if p == "K" and abs(to - fr) == 2:
            text = "O-O" if to % 8 == 6 else "O-O-O"
        elif p == "P":
            text = (FILES[fr % 8] + "x" if fr % 8 != to % 8 else "") + name(to) + ("=" + pr if pr else "")
        else:
            rivals = [o for o in legal if o[1] == to and o[0] != fr and self.board[o[0]].upper() == p]
            dis = ""
            if rivals:
                if all(o[0] % 8 != fr % 8 for o in rivals):
                    dis = FILES[fr % 8]
                elif all(o[0] // 8 != fr // 8 for o in rivals):
                    dis = str(fr // 8 + 1)
                else:
                    dis = name(fr)
            text = p + dis + ("x" if self.board[to] != "." else "") + name(to)
        u = self.make(m)
        if self.in_check():
            text += "#" if not self.legal_moves() else "+"
        self.unmake(u)
        return text

    def parse_san(self, text, legal):
        t = text.rstrip("+#!?")
        if t in ("O-O", "0-0", "O-O-O", "0-0-0"):
            rank = 0 if self.white else 7
            to = sq(6 if len(t) == 3 else 2, rank)
            cands = [m for m in legal if m[0] == sq(4, rank) and m[1] == to and self.board[m[0]].upper() == "K"]
        else:
            pr = ""
            if "=" in t:
                t, pr = t.split("=")
            piece = t[0] if t[0] in "NBRQK" else "P"
            body = t[1:] if piece != "P" else t
            body = body.replace("x", "")
            to = sq(FILES.index(body[-2]), int(body[-1]) - 1)
            dis = body[:-2]
            cands = []
            for m in legal:
                if m[1] != to or m[2] != pr or self.board[m[0]].upper() != piece:
                    continue
                if any((c in FILES and FILES[m[0] % 8] != c) or (c.isdigit() and str(m[0] // 8 + 1) != c) for c in dis):
                    continue
                cands.append(m)
        if len(cands) != 1:
            raise ValueError(f"cannot play {text}")
        return cands[0]


TOKEN = re.compile(r"\{[^}]*\}|;[^\n]*|\(|\)|\$\d+|[^\s(){};]+")
RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}
MOVE_NUMBER = re.compile(r"^\d+\.+$")


def pure_python_games(path, limit):
    """Yields the SAN main line of each of the first `limit` games, replayed in pure Python."""
    with open(path, encoding="utf-8") as f:
        movetext = []
        games = 0
        for line in f:
            if line.startswith("["):
                if movetext:
                    yield replay(" ".join(movetext))
                    games += 1
                    movetext = []
                    if games == limit:
                        return
                continue
            if line.strip():
                movetext.append(line)
        if movetext and games < limit:
            yield replay(" ".join(movetext))


def replay(text):
    board = PyBoard()
    out = []
    depth = 0
    for tok in TOKEN.findall(text):
        if tok == "(":
            depth += 1
        elif tok == ")":
            depth -= 1
        elif depth or tok[0] in "{;$" or tok in RESULTS or MOVE_NUMBER.match(tok):
            continue
        else:
            tok = re.sub(r"^\d+\.+", "", tok)
            if not tok:
                continue
            legal = board.legal_moves()
            m = board.parse_san(tok, legal)
            out.append(board.san(m, legal))
            board.make(m)
    return out


# ---------------------------------------------------------------------------------------------
# Timing
# ---------------------------------------------------------------------------------------------
def timed(fn):
    """(result, cpu seconds of this process and its children, wall seconds)."""
    r0, c0 = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    w0 = time.perf_counter()
    result = fn()
    wall = time.perf_counter() - w0
    r1, c1 = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime +
           c1.ru_utime - c0.ru_utime + c1.ru_stime - c0.ru_stime)
    return result, cpu, wall


def report(label, games, plies, cpu, wall):
    print(f"  {label:44s} cpu {cpu:6.2f} s {games / cpu:8.0f} games/s {plies / cpu:10,.0f} plies/s"
          f" | wall {wall:6.2f} s {games / wall:8.0f} games/s {plies / wall:10,.0f} plies/s")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--pgn", required=True)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--pure-games", type=int, default=1000)
    args = ap.parse_args()

    def c_cli():
        out = subprocess.run([args.cli, "convert", "--to", "san", "--threads", "1", "-q", args.pgn],
                             check=True, stdout=subprocess.PIPE).stdout
        lines = [ln for ln in out.decode().splitlines()]
        # one game a line: "[start] moves [result]"; count the SAN tokens
        plies = sum(sum(1 for t in ln.split() if t not in RESULTS and not t.startswith("[") and not MOVE_NUMBER.match(t))
                    for ln in lines)
        return len(lines), plies

    def binding_fast():
        games = plies = 0
        for game in chesscodec.read_games(args.pgn):
            games += 1
            for _san in game.mainline_san():
                plies += 1
        return games, plies

    def binding_board():
        games = plies = 0
        for game in chesscodec.read_games(args.pgn):
            games += 1
            board = game.board()
            for move in game.mainline_moves():
                board.san(move)
                board.push(move)
                plies += 1
        return games, plies

    print(f"input: {os.path.getsize(args.pgn) / 1048576:.1f} MB of PGN; medians of {args.runs} runs; "
          f"python {sys.version.split()[0]} ({sys.executable}); machine load {os.getloadavg()[0]:.2f}")
    # The CLI's own time (not the counting of its output here) is the anchor. The three are run
    # in turn, run after run, so that a change of the machine's load touches them alike.
    (cg, cp), _, _ = timed(c_cli)
    c_run = lambda: subprocess.run(  # noqa: E731
        [args.cli, "convert", "--to", "san", "--threads", "1", "-q", "-o", os.devnull, args.pgn], check=True)
    times = {"c": ([], []), "fast": ([], []), "board": ([], [])}
    counts = {}
    for _ in range(args.runs):
        for key, fn in (("c", c_run), ("fast", binding_fast), ("board", binding_board)):
            r, c, w = timed(fn)
            counts[key] = r
            times[key][0].append(c)
            times[key][1].append(w)
    (c_cpu, c_wall), (f_cpu, f_wall), (b_cpu, b_wall) = (
        (statistics.median(times[k][0]), statistics.median(times[k][1])) for k in ("c", "fast", "board"))
    (fg, fp), (bg, bp) = counts["fast"], counts["board"]
    report("C: chesscodec convert --to san --threads 1", cg, cp, c_cpu, c_wall)
    report("Python: read_games + game.mainline_san()", fg, fp, f_cpu, f_wall)
    report("Python: read_games + board.san(m), push(m)", bg, bp, b_cpu, b_wall)
    if (fg, fp) != (cg, cp) or (bg, bp) != (cg, cp):
        print(f"  WARNING: counts differ: C {cg} games {cp} plies, binding {fg}/{fp} and {bg}/{bp}")

    n = args.pure_games
    want = []
    for game in chesscodec.read_games(args.pgn):
        want.append(game.mainline_san())
        if len(want) == n:
            break
    got, p_cpu, p_wall = timed(lambda: list(pure_python_games(args.pgn, n)))
    pp = sum(len(g) for g in got)
    report(f"pure Python replay (first {len(got)} games)", len(got), pp, p_cpu, p_wall)
    if got != want:
        print("  WARNING: the pure-Python replay's SAN differs from the binding's")

    ratio = (fg / f_cpu) / (cg / c_cpu)
    print(f"  ratio, binding (mainline_san) vs C CLI: {ratio:.2f}x of the C speed (CPU time; goal >= 0.50x); "
          f"wall {(fg / f_wall) / (cg / c_wall):.2f}x")
    print(f"  ratio, binding (board.san/push) vs C CLI: {(bg / b_cpu) / (cg / c_cpu):.2f}x (CPU)")
    print(f"  ratio, binding (mainline_san) vs pure Python: {(fp / f_cpu) / (pp / p_cpu):.0f}x faster (plies/s, CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

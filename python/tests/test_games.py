"""Games and read_games: the 20,000 lichess games, PGN errors (tests/data/notation/
pgn-malformed.txt through Python), file objects, compressed input, threads."""
import io
import threading

import pytest

import chesscodec as cc
from conftest import data_path, data_text

RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}


def test_20k_games(lichess_pgn):
    games = plies = 0
    results = dict.fromkeys(RESULTS, 0)
    reader = cc.read_games(lichess_pgn)
    for game in reader:
        san = game.mainline_san()
        assert len(san) == len(game)
        plies += len(san)
        results[game.result] += 1
        assert game.headers["Result"] == game.result
        games += 1
    assert games == 20000 and reader.errors == []
    assert plies > 20000 * 40
    assert results["1-0"] > 5000 and results["0-1"] > 5000


def test_20k_games_same_from_xz_file_object(lichess_pgn):
    """The same games through a Python file object (lzma), the callback path."""
    with open(lichess_pgn, "rb") as f:
        a = [(g.result, len(g)) for g in cc.read_games(f)]
    b = [(g.result, len(g)) for g in cc.read_games(data_path("notation", "lichess-20k.pgn.xz"))]
    assert len(a) == 20000 and a == b


def test_san_replays(lichess_pgn):
    """Every SAN of the first 1,000 games replays to the game's final position."""
    for n, game in enumerate(cc.read_games(lichess_pgn)):
        if n == 1000:
            break
        pos = game.board()
        for san, move in zip(game.mainline_san(), game.mainline_moves()):
            assert pos.san(move) == san
            assert pos.push_san(san) == move
        assert pos == game.position()
        if pos.is_checkmate():
            assert game.outcome().termination == cc.Termination.CHECKMATE
            assert game.outcome().result() == game.result


def test_game_api():
    g = cc.Game.read('[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 {best} e5 (1... c5) 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n')
    assert g.headers["White"] == "A" and g.header("Black") == "B" and g.header("Round") is None
    assert g.mainline_san() == ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]
    assert g.mainline_uci()[0] == "e2e4" and len(g) == 7
    assert g.outcome().result() == "1-0" and g.result == "1-0"
    assert g.position().is_checkmate() and g.position(2).fen().startswith("rnbqkbnr/pppp1ppp/8/4p3/4P3")
    assert g.position(-1) == g.position()
    pgn = g.write("pgn")
    assert "(1... c5)" in pgn and "{best}" in pgn
    assert "(1... c5)" not in g.write("pgn", variations=False, comments=False)
    assert "<Game A vs B, 7 plies, 1-0>" == repr(g)
    h = cc.Game()
    h.push_san("d4")
    h.push_uci("d7d5")
    h.push(cc.Move(cc.C2, cc.C4))
    h.set_header("Event", "test")
    assert h.write("san").startswith("1. d4 d5 2. c4") or "d4 d5 c4" in h.write("san")
    assert h.headers == {"Event": "test"} or h.headers.get("Event") == "test"
    with pytest.raises(cc.IllegalMoveError):
        h.push_san("Ke2")
    c = h.copy()
    c.push_san("e6")
    assert len(c) == 4 and len(h) == 3


def test_malformed_pgn_golden():
    """Each case of pgn-malformed.txt: the bad game raises Error with the library's code, line
    and column, and the reader goes on with the next game."""
    codes = {"MOVE_SYNTAX": 40, "MOVE_ILLEGAL": 41, "MOVE_AMBIGUOUS": 42, "PGN_SYNTAX": 43,
             "PGN_VARIANT": 44, "PGN_FEN": 45}
    text = data_text("notation", "pgn-malformed.txt")
    cases = text.split("\n=== ")[1:]
    assert len(cases) > 30
    for case in cases:
        name, rest = case.split("\n", 1)
        body, expect = rest.split("--- expect\n", 1)
        want = dict(line.split(": ", 1) for line in expect.strip().splitlines() if ": " in line)
        err = want["error"].split()
        reader = cc.read_games(io.StringIO(body), "pgn")
        with pytest.raises(cc.Error) as e:
            next(reader)
        assert e.value.code == codes[err[0]], name
        assert e.value.line == int(err[1]), name
        if len(err) > 2:
            assert e.value.column == int(err[2]), name
        assert str(e.value), name
        assert next(reader).mainline_uci() == want["next"].split(), name


def test_errors_skip():
    text = "1. e4 e5 2. Ke3 *\n\n1. d4 d5 *\n\n1. e4 xyz *\n\n1. c4 *\n"
    reader = cc.read_games(io.StringIO(text), errors="skip")
    games = list(reader)
    assert [g.mainline_uci() for g in games] == [["d2d4", "d7d5"], ["c2c4"]]
    assert [e.code for e in reader.errors] == [41, 40]
    assert "Ke3" in str(reader.errors[0]) and reader.errors[0].line == 1


def test_line_input_and_positions(tmp_path):
    p = tmp_path / "lines.txt"
    p.write_text("e4 e5 Nf3\n\nd2d4 d7d5\n")
    games = list(cc.read_games(str(p)))
    assert [g.mainline_uci() for g in games] == [["e2e4", "e7e5", "g1f3"], ["d2d4", "d7d5"]]
    q = tmp_path / "positions.txt"
    q.write_text(cc.STARTING_FEN + "\n" + "PDoBH8gEdtAI3pAI1mARm0AjfIBHegEf\n")
    positions = list(cc.read_positions(q))
    assert len(positions) == 2 and all(x.epd() == cc.Position().epd() for x in positions)


def test_read_errors():
    with pytest.raises(OSError):
        cc.read_games("/nonexistent/file.pgn")

    class Broken(io.RawIOBase):
        def read(self, n=-1):
            raise RuntimeError("disk on fire")

    with pytest.raises(RuntimeError, match="disk on fire"):
        list(cc.read_games(Broken()))

    class TooMuch(io.RawIOBase):
        def read(self, n=-1):
            return b"1. e4 " * (n // 4 + 10)

    with pytest.raises(ValueError, match="returned"):
        list(cc.read_games(TooMuch()))
    with pytest.raises(ValueError):
        cc.read_games(io.StringIO(""), errors="ignore")
    assert list(cc.read_games(io.BytesIO(b""))) == []


def test_threads_read_in_parallel(lichess_pgn):
    """Readers in two threads (the GIL is released while the library reads) give the same games."""
    out = {}

    def work(k):
        out[k] = sum(len(g) for g in cc.read_games(lichess_pgn))

    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert out[0] == out[1] > 0

"""The engine through Python: mates of tests/data/engine/mates.txt, limits, stop from a thread."""
import threading
import time

import chesscodec as cc
from conftest import data_text


def test_mates():
    """Mates in 1 are found with a known solution; mates in 2 are found (as the C test: within a
    node budget, the mate limit)."""
    rows = [ln.split(";") for ln in data_text("engine", "mates.txt").splitlines() if ln and not ln.startswith("#")]
    engine = cc.Engine()
    for n in (1, 2):
        cases = [r for r in rows if int(r[1]) == n][:5]
        assert cases
        for fen, _, solutions in cases:
            engine.clear()
            r = engine.analyse(cc.Position(fen), mate=n, nodes=2_000_000)
            assert r["score"] is None and r["mate"] is not None and r["mate"] > 0, fen
            assert r["pv"][0] == r["best"]
            if n == 1:
                assert r["mate"] == 1 and r["best"].uci() in solutions.split(), fen
                pos = cc.Position(fen)
                pos.push(r["best"])
                assert pos.is_checkmate()


def test_limits_and_game():
    r = cc.analyse(cc.Position(), depth=4)
    assert r["depth"] >= 4 and r["best"] in cc.Position().legal_moves
    assert isinstance(r["score"], int) and r["nodes"] > 0 and r["bound"] == "exact"
    g = cc.Game.read("1. e4 e5 2. Nf3 *")
    r = cc.analyse(g, nodes=5000)
    assert r["best"] in g.position().legal_moves
    assert cc.analyse(cc.Position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), depth=2)["best"] is None
    assert isinstance(cc.evaluate(cc.Position()), int)


def test_stop_from_another_thread():
    engine = cc.Engine()
    result = {}

    def search():
        result["r"] = engine.analyse(cc.Position(), time=30.0)

    t = threading.Thread(target=search)
    start = time.monotonic()
    t.start()
    time.sleep(0.3)
    engine.stop()
    t.join(10)
    assert not t.is_alive() and time.monotonic() - start < 10
    assert result["r"]["best"] is not None

"""Positions: FEN in and out, moves (SAN, UCI, push/pop), rules, outcome, Polyglot keys."""
import copy

import pytest

import chesscodec as cc
from conftest import data_text


def test_start_and_fen():
    p = cc.Position()
    assert p.fen() == cc.STARTING_FEN
    assert cc.Position.from_fen(cc.STARTING_FEN) == p
    assert p.turn is cc.WHITE and p.fullmove_number == 1 and p.halfmove_clock == 0
    assert len(p.legal_moves) == 20
    assert p.epd() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
    assert repr(p) == f"Position('{cc.STARTING_FEN}')"
    assert p.piece_at(cc.E1) == "K" and p.piece_at(cc.D8) == "q" and p.piece_at(cc.E4) is None
    assert p.king(cc.WHITE) == cc.E1 and p.king(cc.BLACK) == cc.E8
    assert p.castling_rights == (1 << cc.A1) | (1 << cc.H1) | (1 << cc.A8) | (1 << cc.H8)
    assert p.pieces(cc.PAWN, cc.WHITE) == 0xFF00


def test_en_passant_forms():
    p = cc.Position()
    p.push_san("e4")
    assert p.ep_square == cc.E3
    assert p.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    assert p.fen(en_passant="legal") == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"


def test_push_pop_san_uci():
    p = cc.Position()
    m = p.push_san("Nf3")
    assert m.uci() == "g1f3" and str(m) == "g1f3" and repr(m) == "Move.from_uci('g1f3')"
    assert m == cc.Move(cc.G1, cc.F3) and hash(m) == hash(cc.Move.from_uci("g1f3"))
    p.push_uci("d7d5")
    p.push(cc.Move.from_uci("g2g3"))
    assert [x.uci() for x in p.move_stack] == ["g1f3", "d7d5", "g2g3"]
    assert p.peek().uci() == "g2g3"
    assert p.pop().uci() == "g2g3"
    assert p.root() == cc.Position()
    q = p.copy()
    q.pop()
    assert len(p.move_stack) == 2 and len(q.move_stack) == 1
    assert copy.copy(p) == p and copy.deepcopy(p) == p


def test_san_and_castling():
    p = cc.Position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    m = p.parse_san("O-O")
    assert m.is_castling and m.uci() == "e1g1" and m.to_square == cc.G1
    assert p.san(m) == "O-O"
    assert p.san(cc.Move(cc.E1, cc.C1)) == "O-O-O"
    assert p.san(cc.Move.from_uci("a1a8")) == "Rxa8+"
    assert p.parse_move("0-0") == m
    c960 = cc.Position.from_chess960_pos(518)
    assert c960.chess960 and c960.fen() == cc.STARTING_FEN


def test_checkmate_and_outcome():
    p = cc.Position()
    for san in ["f3", "e5", "g4"]:
        p.push_san(san)
    assert p.outcome() is None and not p.is_check()
    m = p.parse_san("Qh4")
    assert p.gives_check(m) and p.san(m) == "Qh4#"
    p.push(m)
    assert p.is_check() and p.is_checkmate() and not p.is_stalemate()
    o = p.outcome()
    assert o == cc.Outcome(cc.Termination.CHECKMATE, cc.BLACK)
    assert o.result() == "0-1"
    assert p.legal_moves == []
    s = cc.Position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert s.is_stalemate() and s.outcome().termination == cc.Termination.STALEMATE
    assert s.outcome().result() == "1/2-1/2"
    assert cc.Position("8/8/4k3/8/8/3K4/8/8 w - - 0 1").is_insufficient_material()


def test_repetition_from_stack():
    p = cc.Position()
    for _ in range(2):
        for uci in ["g1f3", "g8f6", "f3g1", "f6g8"]:
            p.push_uci(uci)
    assert p.outcome() is None
    assert p.outcome(claim_draw=True).termination == cc.Termination.THREEFOLD_REPETITION


def test_polyglot_keys():
    lines = [ln for ln in data_text("core", "keys.tsv").splitlines() if ln and not ln.startswith("#")]
    assert len(lines) >= 5
    for line in lines:
        fen, key = line.split("\t")
        assert cc.Position.from_fen(fen).polyglot_key == int(key, 16), fen


def test_perft_and_captures():
    p = cc.Position()
    assert p.perft(3) == 8902
    kiwi = cc.Position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    assert kiwi.perft(2) == 2039
    assert len(kiwi.legal_moves) == 48 and len(kiwi.captures()) == 8


def test_board_text():
    text = str(cc.Position())
    assert text.splitlines()[0].split()[1:] == list("rnbqkbnr")
    assert "♔" in cc.Position().board_text(unicode=True)


def test_fen_errors_carry_the_diagnostic():
    with pytest.raises(cc.Error) as e:
        cc.Position.from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1")
    err = e.value
    assert isinstance(err, ValueError)
    assert err.code == 20 and err.reason
    assert err.index == 1 and err.column is not None
    assert "side" in str(err).lower() or "x" in str(err)
    with pytest.raises(cc.Error) as e:
        cc.Position.from_fen("8/8/8/8/8/8/8/8 w - - 0 1")
    assert e.value.code == 21


def test_move_errors():
    p = cc.Position()
    with pytest.raises(cc.IllegalMoveError):
        p.push_san("Ke2")
    with pytest.raises(cc.InvalidMoveError):
        p.push_san("Zz9")
    with pytest.raises(cc.IllegalMoveError):
        p.push(cc.Move(cc.E2, cc.E5))
    with pytest.raises(cc.InvalidMoveError):
        cc.Move.from_uci("e2e9")
    a = cc.Position("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")
    with pytest.raises(cc.AmbiguousMoveError) as e:
        a.push_san("Nd2")
    assert e.value.code == 42 and "Nd2" in str(e.value)
    with pytest.raises(IndexError):
        cc.Position().pop()
    assert issubclass(cc.IllegalMoveError, cc.Error)


def test_pickle():
    import pickle
    p = cc.Position.from_chess960_pos(100)
    p.push(p.legal_moves[3])
    p.push(p.legal_moves[0])
    q = pickle.loads(pickle.dumps(p))
    assert q == p and q.move_stack == p.move_stack and q.chess960 and q.root() == p.root()
    m = cc.Position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").parse_san("O-O")
    assert pickle.loads(pickle.dumps(m)).uci() == "e1g1" and pickle.loads(pickle.dumps(m)).is_castling
    g = cc.Game.read('[White "A"]\n\n1. e4 {c} e5 (1... c5) 2. Nf3 1-0\n')
    h = pickle.loads(pickle.dumps(g))
    assert str(h) == str(g) and h.headers == g.headers and h.result == "1-0"
    start = cc.Game(cc.Position("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"))
    start.push_san("e4")
    again = pickle.loads(pickle.dumps(start))
    assert again.headers == {} and again.board() == start.board() and again.mainline_san() == ["e4"]
    assert again.result == "*"

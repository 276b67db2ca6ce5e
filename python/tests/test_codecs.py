"""Every code through Python: the library's golden vectors (tests/data/pack, the covert, MSCS
and urlsafe vectors of tests/unit/codecs), round trips, detection and errors."""
import io

import pytest

import chesscodec as cc
from chesscodec import covert, mscs, pack, urlsafe
from conftest import data_path, data_text

# (FEN, covert code): the examples of docs/formats/covert-chess.md (tests/unit/codecs/test_covert.c)
COVERT = [
    ("rnbq1bnr/ppppkppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR w - - 2 3",
     "♟️👯‍♂️🧚🏽‍♀️🧑🏻‍🔧👩🏾‍🦽🎥☄️👐🏿👩🏼‍🦼📟🚴🏼‍♂️🚣🏼‍♂️🛒💁🏿🤾🏾‍♀️🅰️👩🏿‍🏫🥔👩🏾‍🔧👼🏾📂🧑🏾‍🦲😀😀👐"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "♟️👯‍♂️😤🧑🏻‍🔧👨🏿‍🦽🎥☄️👐🏿👩🏼‍🦼📟👩‍🦰🚣🏼‍♂️🧯💁🏿🤾🏾‍♀️🅰️👩🏿‍🏫🥔😄👼🏾📇🧑🏾‍🦲🧑‍🚀😀🤖"),
    ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
     "♟️👯‍♂️😤🧑🏻‍🔧👨🏿‍🦽🎥☄️👐🏿👩🏼‍🦼📟👩‍🦰🚣🏼‍♂️🛒💁🏿🤾🏾‍♀️🅰️👩🏿‍🏫🥔🇬🇸👼🏾📇🧑🏾‍🦲🍐😀🤖"),
    ("8/8/8/5K1k/8/8/8/6R1 w - - 0 1",
     "🎮😀👳🏾‍♀️🌄🤚🧜🏽‍♂️☄️👐🏿👩🏼‍🦼📟🙍👨🏽🧯💁🏿🤾🏾‍♀️🅰️👩🏾‍🏫👩‍❤️‍💋‍👨🇬🇦👨🏽‍🎤🌴🤑😀😀🤖"),
    ("r3k2r/8/8/8/8/8/8/R3K2R b Kq - 7 40",
     "♟️😀🇹🇫👨🏿‍⚕️🤚🧜🏽‍♂️☄️👐🏿👩🏼‍🦼📟👩‍🦰🚣🏼‍♂️🧯💁🏿🤾🏾‍♀️🅰️👩🏾‍🏫👩‍❤️‍💋‍👨🇬🇦👨🏻‍🚀🍁🇺🇳🏋🏽😃🧑🏼‍💼"),
]

# (FEN, hex, base64): tests/unit/codecs/test_mscs.c
MSCS = [
    (cc.STARTING_FEN, "3c3a011fc80476d008de9008d660119b40237c80477a011f", "PDoBH8gEdtAI3pAI1mARm0AjfIBHegEf"),
    ("8/8/8/5K1k/8/8/8/6R1 w - - 0 1", "000000000000024700090000000000000000000000000000",
     "AAAAAAAAAkcACQAAAAAAAAAAAAAAAAAA"),
    ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
     "bf3a011fc80476d008de9008d648119b40237c80477a011f", "vzoBH8gEdtAI3pAI1kgRm0AjfIBHegEf"),
    ("r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1", "98380f0000009024000380f0000000000000000000000000",
     "mDgPAAAAkCQAA4DwAAAAAAAAAAAAAAAA"),
]

# (UCI moves, urlsafe): tests/unit/codecs/test_urlsafe.c
URLSAFE = [
    ("", ""),
    ("c2c3", "KS"),
    ("c2c4", "a"),
    ("e2e4 e7e5 g1f3 b8c6 f1b5", "ckGV5qh"),
    ("a2a4 h7h6 a4a5 b7b5 a5b6 h6h5 b6c7 h5h4 g2g3 h4g3 c7d8q", "Y3vghpnyfWW7Q"),
    ("d2d3 g7g6 c1e3 f8g7 b1c3 g8f6 d1d2 e8h8 e1a1", "TuCU2BS-tDL8_EA"),
    ("e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1 d7d6 d2d3 c8g4 b1c3 d8d7 c1e3 e8c8", "ckGV5qFaiEHzrLTeBS7zU84"),
    ("e2e4 a7a6 e4e5 d7d5 e5d6 a6a5 d6c7 a5a4 c7b8n", "cwokjrgyY5N"),
    ("a2a4 h7h5 h2h4 a7a5 a1a3 h8h6 h1h3 a8a6 a3d3", "YnfgAQ_vHX4oQT"),
]


def test_covert_vectors():
    for fen, code in COVERT:
        pos = cc.Position(fen)
        assert covert.encode(pos) == code
        assert covert.decode(code).fen() == fen
        assert cc.Position.read(code).fen() == fen  # detected
        assert cc.detect(code).format == "covert"
    pos, resigned = covert.decode_resigned(covert.encode(cc.Position(), resigned=True))
    assert resigned and pos == cc.Position()
    pos, info = cc.read_position("Your move: " + COVERT[0][1] + " good luck")
    assert info.format == "covert" and info.in_message and pos.fen() == COVERT[0][0]


def test_covert_mix_unmix():
    fen, code = COVERT[0]
    mixed = covert.mix("see you soon", code)
    assert "see" in mixed and "soon" in mixed and mixed != code
    assert covert.unmix(mixed).fen() == fen
    assert covert.unmix(covert.mix("hello there", cc.Position(fen))).fen() == fen


def test_covert_refuse_vectors():
    n = 0
    for line in data_text("codecs", "covert-refuse.tsv").splitlines():
        if not line or line.startswith("#"):
            continue
        code, err, index, message = line.split("\t")
        with pytest.raises(cc.Error) as e:
            covert.decode(code)
        assert e.value.code == int(err)
        assert (e.value.index if e.value.index is not None else -1) == int(index)
        assert str(e.value) == message
        n += 1
    assert n >= 1


def test_mscs_vectors():
    for fen, hexcode, b64 in MSCS:
        pos = cc.Position(fen)
        assert mscs.encode(pos) == b64
        assert mscs.encode(pos, hex=True) == hexcode
        assert mscs.encode_bytes(pos) == bytes.fromhex(hexcode)
        assert mscs.decode(b64).fen() == fen
        assert mscs.decode(hexcode).fen() == fen
        assert mscs.decode_bytes(bytes.fromhex(hexcode)).fen() == fen
    assert cc.read_position(MSCS[0][1])[1].hex


def test_mscs_errors():
    with pytest.raises(cc.Error) as e:
        mscs.decode("PDoBH8gEdtAI3pAI1mARm0AjfIBHeg=f")
    assert e.value.code == 81 and e.value.index == 30
    with pytest.raises(cc.Error) as e:
        mscs.decode("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")
    assert e.value.code == 21
    with pytest.raises(ValueError):
        mscs.decode_bytes(b"\0" * 23)


def test_urlsafe_vectors():
    for uci, code in URLSAFE:
        moves = uci.split()
        assert urlsafe.encode(moves) == code
        game = urlsafe.decode(code)
        pos = cc.Position()
        assert game.mainline_moves() == [pos.push_uci(m) for m in moves]  # e1a1 castles: e1c1
        assert urlsafe.encode(game) == code
    with pytest.raises(cc.Error) as e:
        urlsafe.decode("ck!")
    assert e.value.code == 90 and e.value.offset == 2


def test_pack_golden_positions():
    rows = [ln.split("\t") for ln in data_text("pack", "golden-v1-positions.tsv.xz").splitlines() if ln]
    assert len(rows) > 1000
    for code, fen, decoded in rows:
        pos = cc.Position(fen)
        assert pack.encode_position(pos) == code
        back = pack.decode_position(code)
        assert back.fen(shredder=back.chess960) == decoded
        raw = pack.encode_position_bytes(pos)
        assert len(raw) == 20 and pack.decode_position_bytes(raw) == back


def test_pack_golden_positions_v2():
    rows = [ln.split("\t") for ln in data_text("pack", "golden-v2-positions.tsv.xz").splitlines() if ln]
    assert len(rows) > 1000
    for code, fen, decoded in rows:
        pos = cc.Position(fen)
        assert pack.encode_position(pos, version=2) == code
        back = pack.decode_position(code)
        assert back.fen(shredder=back.chess960) == decoded
        raw = pack.encode_position_bytes(pos, version=2)
        assert len(raw) == 20 and pack.decode_position_bytes(raw, version=2) == back
        assert pack.encode_position_bytes(pos) == pack.encode_position_bytes(pos, version=1)


def test_pack_position_versions_refused():
    pos = cc.Position()
    with pytest.raises(ValueError):
        pos.write("pack-position", version=3)
    with pytest.raises(ValueError):
        pos.write("fen", version=2)
    with pytest.raises(cc.Error):
        pack.encode_position_bytes(pos, version=3)
    with pytest.raises(cc.Error):
        pack.decode_position_bytes(bytes(20), version=9)


def test_pack_golden_games():
    rows = [ln.split("\t") for ln in data_text("pack", "golden-v1-games.tsv.xz").splitlines() if ln]
    assert len(rows) > 1000
    for code, level, result, variant, start, uci in rows:
        game = cc.Game(cc.Position(start, chess960=variant == "chess960"))
        for m in uci.split():
            game.push_uci(m)
        game.result = result
        assert pack.encode_game(game, level=int(level)) == code
        back = pack.decode_game(code)
        assert back.mainline_uci() == uci.split() and back.result == result
        assert back.board().fen(shredder=back.board().chess960) == start
        assert back.board().chess960 == (variant == "chess960")
        raw = pack.encode_game_bytes(game, level=int(level))
        again = pack.decode_game_bytes(raw)
        assert again.mainline_uci() == uci.split() and again.result == result


def test_pack_errors():
    code = pack.encode_position(cc.Position())
    bad = code[:-1] + ("A" if code[-1] != "A" else "B")
    with pytest.raises(cc.Error) as e:
        pack.decode_position(bad)
    assert e.value.code == 123
    with pytest.raises(cc.Error) as e:
        pack.decode_position_bytes(b"\xff" * 20)
    assert e.value.code == 120


def test_pack_stream_round_trip(lichess_pgn):
    games = []
    for g in cc.read_games(lichess_pgn):
        games.append(g)
        if len(games) == 300:
            break
    buf = io.BytesIO()
    assert pack.write_stream(games + [cc.Position()], buf) == 301
    buf.seek(0)
    back = list(cc.read_games(buf))
    assert len(back) == 301
    for a, b in zip(games, back):
        assert a.mainline_uci() == b.mainline_uci() and a.result == b.result
    assert len(back[-1]) == 0


def test_every_position_format_round_trips(lichess_pgn):
    names = [f.name for f in cc.formats() if f.kind == "position" and f.writable and not f.binary]
    assert {"fen", "covert", "mscs", "mscs-hex", "pack-position"} <= set(names)
    n = 0
    for game in cc.read_games(lichess_pgn):
        pos = game.position()
        for name in names:
            text = pos.write(name)
            back = cc.Position.read(text, name)
            if name in ("fen", "shredder-fen", "covert"):
                assert back == pos, (name, text)
            else:  # no counters stored; en passant kept when a capture could follow
                assert back.fen(en_passant="legal").split()[:4] == pos.fen(en_passant="legal").split()[:4], (name, text)
        n += 1
        if n == 300:
            break


def test_game_formats_round_trip(lichess_pgn):
    n = 0
    for game in cc.read_games(lichess_pgn):
        uci = game.mainline_uci()
        for name in ("san", "uci", "urlsafe", "pack-game"):
            text = game.write(name)
            back = cc.Game.read(text, name)
            assert back.mainline_uci() == uci, name
            assert cc.Game.read(text).mainline_uci() == uci, name  # detected
        pgn = str(game)
        assert cc.Game.read(pgn).mainline_san() == game.mainline_san()
        n += 1
        if n == 500:
            break


def test_detect_and_formats():
    assert cc.detect(cc.STARTING_FEN).format == "fen"
    assert cc.Position.read("startpos") == cc.Position()
    assert cc.detect("1. e4 e5 *", kind="game").format in ("pgn", "san")
    assert cc.detect(pack.encode_position(cc.Position())).format == "pack-position"
    with pytest.raises(cc.Error) as e:
        cc.detect("not chess at all, no")
    assert str(e.value)
    with pytest.raises(ValueError):
        cc.Position().write("no-such-format")
    assert any(f.name == "pgn" for f in cc.formats())


def test_read_games_mainline_only_reads_games():
    # mainline_only once made the reader take a PGN for positions (a flag's value clash)
    pgn = io.BytesIO(b'[Event "x"]\n\n1. e4 {hi} e5 (1... c5) 2. Nf3 *\n')
    games = list(cc.read_games(pgn, mainline_only=True, comments=False))
    assert len(games) == 1 and games[0].mainline_uci() == ["e2e4", "e7e5", "g1f3"]

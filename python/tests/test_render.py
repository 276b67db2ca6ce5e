"""Pictures through Python: render_svg equals `chesscodec render` (the library's writer),
Jupyter's _repr_svg_, PNG and GIF bytes when the library has them, errors as exceptions."""
import os
import re
import shutil
import subprocess

import pytest

import chesscodec

BIN = os.environ.get("CHC_BIN") or shutil.which("chesscodec")
MATE = "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7"


def test_svg_of_a_position_and_of_a_game():
    g = chesscodec.Game.read(MATE)
    svg = chesscodec.render_svg(g, flip=True, theme="dark", arrows="e2e4", marks="e5", size=200)
    assert svg.startswith("<svg") and 'viewBox="0 0 360 360"' in svg and 'width="200"' in svg
    assert len(re.findall(r"<rect", svg)) >= 64
    if BIN:
        want = subprocess.run([BIN, "render", "--flip", "--theme", "dark", "--arrows", "e2e4", "--marks",
                               "e5", "--size", "200", MATE], capture_output=True, check=True).stdout
        assert svg.encode() == want
    p = chesscodec.Position()
    p.push_san("e4")
    assert p._repr_svg_() == chesscodec.render_svg(p)
    assert g._repr_svg_() == chesscodec.render_svg(g)
    assert chesscodec.render_svg(g, plies=0) == chesscodec.render_svg(chesscodec.Position())


def test_png_and_gif():
    g = chesscodec.Game.read(MATE)
    feats = chesscodec.build_features()
    if feats["png"]:
        png = chesscodec.render_png(g, size=120)
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(png[16:20], "big") == 120
    else:
        with pytest.raises(chesscodec.Error) as e:
            chesscodec.render_png(g)
        assert "librsvg" in str(e.value)
    if feats["gif"]:
        gif = chesscodec.render_gif(g, size=64, delay_ms=200)
        assert gif[:6] == b"GIF89a" and gif[-1] == 0x3B
        assert len(chesscodec.render_gif(g, size=64, plies=2)) < len(gif)
        if BIN:
            want = subprocess.run([BIN, "render", "--to", "gif", "--size", "64", "--delay", "200", MATE],
                                  capture_output=True, check=True).stdout
            assert gif == want


def test_errors():
    p = chesscodec.Position()
    with pytest.raises(chesscodec.Error) as e:
        chesscodec.render_svg(p, arrows="e2e2")
    assert e.value.code == 40  # CHC_E_MOVE_SYNTAX, with the library's message
    with pytest.raises(chesscodec.Error):
        chesscodec.render_svg(p, size=3)
    with pytest.raises(ValueError):
        chesscodec.render_svg(p, theme="blue")
    with pytest.raises(TypeError):
        chesscodec.render_gif(p)
    with pytest.raises(TypeError):
        chesscodec.render_svg("e4")

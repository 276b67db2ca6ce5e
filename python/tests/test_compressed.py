"""Compressed game files through read_games: gzip, bzip2 and xz written by Python's standard
library, zstd by Debian's zstd tool, read to the same games as the plain file (by the
library's chc_decompressor when it has the codec, else by the standard library); a cut file
raises Error."""
import bz2
import gzip
import lzma
import shutil
import subprocess

import pytest

import chesscodec

PGN = "".join(f'[Event "g{i}"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n'
              for i in range(200))


def games(path):
    return [(g.headers["Event"], g.mainline_san(), g.result) for g in chesscodec.read_games(path)]


def test_every_compression(tmp_path):
    plain = tmp_path / "g.pgn"
    plain.write_text(PGN)
    want = games(plain)
    assert len(want) == 200
    for ext, module in ((".gz", gzip), (".bz2", bz2), (".xz", lzma)):
        path = tmp_path / ("g.pgn" + ext)
        path.write_bytes(module.compress(PGN.encode()))
        assert games(path) == want, ext
    if shutil.which("zstd"):
        subprocess.run(["zstd", "-q", str(plain), "-o", str(tmp_path / "g.pgn.zst")], check=True)
        if chesscodec.build_features()["zstd"]:
            assert games(tmp_path / "g.pgn.zst") == want


def test_cut_file(tmp_path):
    if not chesscodec.build_features()["xz"]:
        pytest.skip("library built without liblzma")
    data = lzma.compress(PGN.encode())
    path = tmp_path / "cut.pgn.xz"
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(chesscodec.Error) as e:
        games(path)
    assert "xz input" in str(e.value)

"""The tests run on the package found first on sys.path: tests/python/test_python.sh puts the
build's copy (build/release/python) there; after `pip install ./python` run them with the
installed one. Test data: $CHC_TEST_DATA, else the repository's tests/data."""
import lzma
import os

import pytest

DATA = os.environ.get("CHC_TEST_DATA") or os.path.join(os.path.dirname(__file__), "..", "..", "tests", "data")


def data_path(*parts: str) -> str:
    return os.path.join(DATA, *parts)


def data_text(*parts: str) -> str:
    path = data_path(*parts)
    if path.endswith(".xz"):
        with lzma.open(path, "rt", encoding="utf-8") as f:
            return f.read()
    with open(path, encoding="utf-8") as f:
        return f.read()


@pytest.fixture(scope="session")
def lichess_pgn(tmp_path_factory) -> str:
    """The 20,000 lichess games of tests/data/notation, decompressed once."""
    path = tmp_path_factory.mktemp("pgn") / "lichess-20k.pgn"
    path.write_text(data_text("notation", "lichess-20k.pgn.xz"), encoding="utf-8")
    return str(path)

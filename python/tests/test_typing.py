"""The type stubs (_chesscodec.pyi) name exactly what the compiled module has, and py.typed
ships beside them."""
import ast
import os

import chesscodec
from chesscodec import _chesscodec


def test_stubs_match_the_module():
    pkg = os.path.dirname(chesscodec.__file__)
    assert os.path.exists(os.path.join(pkg, "py.typed"))
    tree = ast.parse(open(os.path.join(pkg, "_chesscodec.pyi"), encoding="utf-8").read())
    names = set()
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            names.add(node.name)
            cls = getattr(_chesscodec, node.name)
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name not in ("__init__",):
                    assert hasattr(cls, item.name), f"{node.name}.{item.name}"
                elif isinstance(item, ast.AnnAssign):
                    attr = item.target.id
                    if not issubclass(cls, BaseException):
                        assert hasattr(cls, attr), f"{node.name}.{attr}"
        elif isinstance(node, ast.FunctionDef):
            names.add(node.name)
            assert hasattr(_chesscodec, node.name), node.name
    public = {n for n in dir(_chesscodec) if not n.startswith("_")}
    assert public - names <= {"library_version"}, public - names


def test_docstrings():
    for obj in (chesscodec.Position, chesscodec.Game, chesscodec.Move, chesscodec.Engine, chesscodec.read_games,
                chesscodec.Position.push_san, chesscodec.Game.mainline_san, chesscodec.Engine.analyse,
                chesscodec.covert.encode, chesscodec.pack.encode_game):
        assert obj.__doc__ and len(obj.__doc__) > 20, obj

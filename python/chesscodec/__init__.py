"""chesscodec: libchesscodec for Python.

Positions and games with python-chess's names where they mean the same thing
(Position.from_fen, fen(), legal_moves, push_san, push_uci, san(), is_checkmate(), outcome()),
a streaming read_games() over PGN, one-a-line files and pack streams at the C library's speed,
every chesscodec code (covert, mscs, urlsafe, pack; detect; covert mix/unmix) and the engine
(analyse). Errors raise chesscodec.Error (a ValueError) with the library's diagnostic.

The manual is docs/python.md in the chesscodec repository.
"""
import os
from typing import Any, BinaryIO, Dict, Iterable, List, Optional, TextIO, Union

from . import _chesscodec as _c
from ._chesscodec import (AmbiguousMoveError, Engine, Error, Game, GameReader, IllegalMoveError,
                          InvalidMoveError, Move, Position, library_version)
from ._types import FormatInfo, Outcome, ReadInfo, Termination, _read_info

__version__ = "0.2.0"

__all__ = [
    "Move", "Position", "Game", "GameReader", "Engine", "Outcome", "Termination", "ReadInfo",
    "FormatInfo", "Error", "InvalidMoveError", "IllegalMoveError", "AmbiguousMoveError",
    "read_games", "read_positions", "read_position", "detect", "formats", "analyse", "evaluate",
    "square_name", "parse_square", "render_svg", "render_png", "render_gif", "build_features", "WHITE", "BLACK", "PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN",
    "KING", "SQUARES", "SQUARE_NAMES", "STARTING_FEN", "library_version",
    "covert", "mscs", "urlsafe", "pack",
]

WHITE = True
BLACK = False
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(1, 7)
STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
SQUARES = list(range(64))
SQUARE_NAMES = [f + r for r in "12345678" for f in "abcdefgh"]
(A1, B1, C1, D1, E1, F1, G1, H1, A2, B2, C2, D2, E2, F2, G2, H2, A3, B3, C3, D3, E3, F3, G3, H3,
 A4, B4, C4, D4, E4, F4, G4, H4, A5, B5, C5, D5, E5, F5, G5, H5, A6, B6, C6, D6, E6, F6, G6, H6,
 A7, B7, C7, D7, E7, F7, G7, H7, A8, B8, C8, D8, E8, F8, G8, H8) = SQUARES


def square_name(square: int) -> str:
    """'a1' for 0 .. 'h8' for 63."""
    return SQUARE_NAMES[square]


def parse_square(name: str) -> int:
    """0 for 'a1' .. 63 for 'h8'. Raises ValueError."""
    return SQUARE_NAMES.index(name)


_COMPRESSED = {".gz": ("gzip", "gzip"), ".bz2": ("bzip2", "bz2"), ".xz": ("xz", "lzma"),
               ".lzma": (None, "lzma"), ".zst": ("zstd", None)}


def _open_source(source: Any) -> Any:
    """A path goes to the library, which reads gzip, bzip2, xz and zstd files by their content
    (chc_decompressor) when it was built with their libraries; for one it lacks, the standard
    library's module decompresses (gzip, bz2, lzma; .zst with Debian's python3-zstandard).
    File objects are read as they are."""
    if hasattr(source, "read"):
        return source
    path = os.fspath(source)
    ext = os.path.splitext(path if isinstance(path, str) else path.decode(errors="replace"))[1].lower()
    if ext not in _COMPRESSED or _c.build_features().get(_COMPRESSED[ext][0] or "", False):
        return path
    module = _COMPRESSED[ext][1]
    if module:
        import importlib
        return importlib.import_module(module).open(path, "rb")
    try:
        import zstandard
    except ImportError:
        raise Error(f"{path}: .zst input needs a libchesscodec built with libzstd or the zstandard "
                    "module (apt-get install python3-zstandard)") from None
    return zstandard.ZstdDecompressor().stream_reader(open(path, "rb"), closefd=True)


def read_games(source: Union[str, "os.PathLike[str]", BinaryIO, TextIO], format: Optional[str] = None, *,
               mainline_only: bool = False, comments: bool = True, errors: str = "raise") -> GameReader:
    """Iterates over the games of a file: PGN, one game a line in any game format (san, uci,
    urlsafe, pack-game), or a pack stream; format None detects the input's shape.

    source: a path (.gz, .bz2, .xz and .zst are decompressed) or a file object (binary, or text
    read as UTF-8). Memory stays bounded by the largest game; the GIL is released while the
    library reads. A bad game raises Error (the iterator can go on with the next game); with
    errors="skip" bad games are skipped and their Errors collected in reader.errors.

        for game in chesscodec.read_games("games.pgn"):
            print(game.headers.get("White"), game.result, game.mainline_san())
    """
    return GameReader(_open_source(source), format, mainline_only=mainline_only, comments=comments,
                      errors=errors)


def read_positions(source: Union[str, "os.PathLike[str]", BinaryIO, TextIO], format: Optional[str] = None, *,
                   errors: str = "raise") -> GameReader:
    """Iterates over positions, one a line in any position format (or the records of a pack
    stream); yields Position objects. Blank lines are skipped."""
    return GameReader(_open_source(source), format, errors=errors, positions=True)


def read_position(text: Union[str, bytes], format: Optional[str] = None) -> "tuple[Position, ReadInfo]":
    """(Position, ReadInfo): reads one position in any format and says what it was (covert:
    resigned, found in a message; MSCS: hex; pack: version, legacy)."""
    pos, info = _c.read_position_info(text, format)
    return pos, _read_info(info)


_KINDS = {None: 0, "position": 1, "game": 2}


def detect(text: Union[str, bytes], kind: Optional[str] = None) -> ReadInfo:
    """The format of a text ("position", "game" or None: both). Raises Error with the nearest
    format's diagnostic when the text is in no format."""
    if kind not in _KINDS:
        raise ValueError("kind: 'position', 'game' or None")
    return _read_info(_c.detect(text, _KINDS[kind]))


def formats() -> List[FormatInfo]:
    """The library's format registry."""
    return [FormatInfo(name, label, summary, "position" if kind == 1 else "game", bool(caps & 1),
                       bool(caps & 2), bool(caps & 8))
            for name, label, summary, kind, caps in _c.formats()]


def analyse(board: Union[Position, Game], *, depth: int = 0, nodes: int = 0, time: float = 0.0,
            mate: int = 0, hash_mb: int = 16) -> Dict[str, Any]:
    """Searches with a fresh Engine (see Engine.analyse for the limits and the result's keys).
    No limit given: depth 8."""
    return Engine(hash_mb).analyse(board, depth=depth, nodes=nodes, time=time, mate=mate)


def evaluate(position: Position) -> int:
    """The engine's static evaluation in centipawns, from the side to move's point of view."""
    return _c.evaluate(position)




def render_svg(what: Union[Position, Game], **options: Any) -> str:
    """A Position, or a Game's position (after ``plies`` plies, default its end), as an SVG
    picture (the library's chc_render_svg, no dependency). Options: ``flip``, ``size`` (pixels,
    16 to 8192; 0: 360), ``coordinates``, ``theme`` ("light" or "dark"), ``arrows``
    ("e2e4,g1f3") and ``marks`` ("e4,d5"); the last move is highlighted."""
    return _c.render(what, "svg", **options)


def render_png(what: Union[Position, Game], **options: Any) -> bytes:
    """The same picture as render_svg, as PNG bytes (librsvg; raises Error with code
    CHC_E_UNSUPPORTED when the library was built without it: see build_features())."""
    return _c.render(what, "png", **options)


def render_gif(game: Game, **options: Any) -> bytes:
    """A Game's main line (up to ``plies``) as an animated GIF, one frame per position, the
    players and the state in bands around the board; ``delay_ms`` per move (the last frame
    three times as long). Needs giflib and librsvg (build_features()); options as render_svg."""
    return _c.render(game, "gif", **options)


def build_features() -> Dict[str, bool]:
    """Which optional parts the library was built with: pictures ("png", "gif") and compressed
    files ("gzip", "bzip2", "xz", "zstd"), each a bool."""
    return _c.build_features()


from . import covert, mscs, pack, urlsafe  # noqa: E402  (they import the names above)

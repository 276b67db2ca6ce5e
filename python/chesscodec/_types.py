"""Small value types of the chesscodec package (pure Python)."""
import enum
from dataclasses import dataclass
from typing import NamedTuple, Optional


class Termination(enum.IntEnum):
    """How a game ended by rule (the library's enum chc_outcome; python-chess's names)."""

    CHECKMATE = 1
    STALEMATE = 2
    INSUFFICIENT_MATERIAL = 3
    SEVENTYFIVE_MOVES = 4
    FIVEFOLD_REPETITION = 5
    FIFTY_MOVES = 6
    THREEFOLD_REPETITION = 7


@dataclass(frozen=True)
class Outcome:
    """The end of a game by rule: its termination and winner (True white, False black, None a
    draw), as python-chess's chess.Outcome."""

    termination: Termination
    winner: Optional[bool]

    def result(self) -> str:
        """'1-0', '0-1' or '1/2-1/2'."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner else "0-1"


def _outcome(code: int, winner: Optional[bool]) -> Outcome:
    return Outcome(Termination(code), winner)


def _restore_position(cls: type, fen: str, chess960: bool, moves: list) -> object:
    """Unpickles a Position: its root FEN, Chess960 flag and move stack."""
    pos = cls(fen, chess960=chess960)
    for raw in moves:
        pos._push_raw(raw)
    return pos


def _restore_game(pgn: str, tags: list, result: str) -> object:
    """Unpickles a Game: its PGN, then its own tags in their order, and its result."""
    from ._chesscodec import Game
    game = Game.read(pgn, "pgn")
    for name in list(game.headers):
        game.set_header(name, None)
    for name, value in tags:
        game.set_header(name, value)
    game.result = result
    return game


class ReadInfo(NamedTuple):
    """What a reader found: the format's name, the code's version (pack codes; 0 for an
    unversioned chesscodec 0.1 code) and flags."""

    format: Optional[str]
    version: int
    resigned: bool     # covert: the code carries the resignation flag
    hex: bool          # MSCS: the hex form
    in_message: bool   # covert: the code was found among other text
    legacy: bool       # pack: an unversioned chesscodec 0.1 code
    offset: int        # byte where the item starts in the text


def _read_info(t: tuple) -> ReadInfo:
    fmt, version, flags, offset = t
    return ReadInfo(fmt, version, bool(flags & 1), bool(flags & 2), bool(flags & 4), bool(flags & 8), offset)


class FormatInfo(NamedTuple):
    """One entry of the library's format registry."""

    name: str
    label: str
    summary: str
    kind: str          # "position" or "game"
    readable: bool
    writable: bool
    binary: bool

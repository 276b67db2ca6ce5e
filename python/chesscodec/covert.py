"""Covert chess: a position as 25 emoji (26 with the resignation flag), compatible with
covert-chess-bot; mix/unmix hide a code among the words of a chat message."""
from typing import Tuple, Union

from . import _chesscodec as _c
from ._chesscodec import Position


def encode(position: Position, resigned: bool = False) -> str:
    """The covert code of a position (standard castling only; half-move clock 0..100)."""
    return position.write("covert", resigned=resigned)


def decode(text: str) -> Position:
    """The position of a covert code, also when it is inside other text. Raises Error with the
    emoji at fault."""
    return Position.read(text, "covert")


def decode_resigned(text: str) -> Tuple[Position, bool]:
    """(position, resigned): the resignation flag too."""
    from . import read_position
    pos, info = read_position(text, "covert")
    return pos, info.resigned


def mix(message: str, code: Union[str, Position]) -> str:
    """Hides a covert code (or a Position's code) among the words of `message`."""
    if isinstance(code, Position):
        code = encode(code)
    return _c.covert_mix(message, code)


def unmix(text: str) -> Position:
    """The position of the emoji spread among the words of a message."""
    return _c.covert_unmix(text)[0]

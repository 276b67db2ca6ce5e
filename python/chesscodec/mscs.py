"""MSCS v1: a position's state in 192 bits, as 32 base64 characters, 48 hex digits or 24 bytes
(counters are not stored: a decoded position has 0 1; standard castling only)."""
from typing import Union

from . import _chesscodec as _c
from ._chesscodec import Position


def encode(position: Position, hex: bool = False) -> str:
    """32 base64 characters (48 hex digits with hex=True)."""
    return position.write("mscs-hex" if hex else "mscs")


def decode(text: str) -> Position:
    """Reads base64 (standard or URL-safe alphabet) or hex."""
    return Position.read(text, "mscs-hex" if len(text.strip()) == 48 else "mscs")


def encode_bytes(position: Position) -> bytes:
    """The 24 bytes."""
    return _c.mscs_encode_bytes(position)


def decode_bytes(data: Union[bytes, bytearray, memoryview]) -> Position:
    """The position of 24 bytes."""
    return _c.mscs_decode_bytes(data)

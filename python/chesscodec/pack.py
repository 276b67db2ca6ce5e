"""Pack: chesscodec's own smallest exact codes. A position in 156 bits (version 1) or 153 bits
(version 2): 28 text characters, or 20 bytes; a game (start, main line, result) in about 3.3 bits a ply; pack streams of many
codes. Versioned and frozen: a code once written decodes the same with every later release."""
from typing import BinaryIO, Iterable, Union

from . import _chesscodec as _c
from ._chesscodec import Game, Position

Buffer = Union[bytes, bytearray, memoryview]


def encode_position(position: Position, version: int = 1) -> str:
    """The 28-character text code (version character, 26 base64url, check character) of
    `version`: 1 (156 bits, read by every release) or 2 (153 bits, read from chesscodec 0.2)."""
    return position.write("pack-position", version=version)


def decode_position(text: str) -> Position:
    """Reads a position text code of any version (and chesscodec 0.1's 26-character codes)."""
    return Position.read(text, "pack-position")


def encode_position_bytes(position: Position, version: int = 1) -> bytes:
    """The 20-byte binary form of `version` (the bytes do not say it: keep it with them)."""
    return _c.pack_position_encode(position, version)


def decode_position_bytes(data: Buffer, version: int = 1) -> Position:
    """The position of a 20-byte code of `version`."""
    return _c.pack_position_decode(data, version)


def encode_game(game: Game, level: int = 0) -> str:
    """The text code of a game (level 0: the default, 1; or 2: 0.3% smaller, slower)."""
    return game.write("pack-game", level=level)


def decode_game(text: str) -> Game:
    """Reads a game text code of any version (and chesscodec 0.1's)."""
    return Game.read(text, "pack-game")


def encode_game_bytes(game: Game, level: int = 0) -> bytes:
    """The binary code (a version byte, then the range coder's bytes)."""
    return _c.pack_game_encode(game, level)


def decode_game_bytes(data: Buffer) -> Game:
    return _c.pack_game_decode(data)


def write_stream(items: Iterable[Union[Game, Position]], file: BinaryIO, level: int = 0) -> int:
    """Writes a pack stream (header, then one record per Game or Position) to a binary file
    and returns the number of records. read_games() reads it back."""
    file.write(_c.pack_stream_header())
    n = 0
    for item in items:
        file.write(_c.pack_stream_record(item, level))
        n += 1
    return n

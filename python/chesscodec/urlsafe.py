"""chess_compress_urlsafe: a game from the standard start as URL-safe characters, one or two a
move."""
from typing import Iterable, Union

from ._chesscodec import Game, Move


def encode(game: Union[Game, Iterable[Union[Move, str]]]) -> str:
    """The urlsafe string of a Game's main line, or of moves (Move objects or UCI/SAN text)
    played from the standard start."""
    if not isinstance(game, Game):
        moves = game
        game = Game()
        for m in moves:
            if isinstance(m, str):
                pos = game.position()
                game.push(pos.parse_move(m))
            else:
                game.push(m)
    return game.write("urlsafe")


def decode(text: str) -> Game:
    """The Game of a urlsafe string (only canonical strings are accepted)."""
    return Game.read(text, "urlsafe")

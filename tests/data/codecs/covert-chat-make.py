#!/usr/bin/env python3
"""Writes covert-chat.tsv: chat messages holding covert codes, in the shapes people send them.

    python3 tests/data/codecs/covert-chat-make.py build/release/chesscodec > tests/data/codecs/covert-chat.tsv

The codes and mixed messages come from `chesscodec encode --to covert` and `chesscodec mix`
(the writers, which the golden vectors pin); the shapes around them are written here. The
expected FEN of each row is the FEN the code was made from, not what a reader says."""
import subprocess
import sys

CLI = sys.argv[1]
FENS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "rnbq1bnr/ppppkppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR w - - 2 3",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 7 40",
    "8/8/8/5K1k/8/8/8/6R1 w - - 0 1",
    "2r3k1/pp3ppp/8/3q4/3P4/P4N2/1P3PPP/2RQ2K1 b - - 3 27",
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 31",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
]


def run(*args):
    return subprocess.run([CLI, *args], check=True, capture_output=True, text=True).stdout.rstrip("\n")


def code(fen, resign=False):
    return run("encode", "--to", "covert", *(["--resign"] if resign else []), fen)


def mix(message, fen, resign=False):
    return run("mix", *(["--resign"] if resign else []), message, fen)


def strip_vs16(s):
    return s.replace("\ufe0f", "")


def vs16_after_each(s):
    # a U+FE0F after every emoji (many keyboards add it): after each code point that is not
    # a joiner, a modifier or already a selector, when the next is not a joiner or modifier
    out = []
    for i, ch in enumerate(s):
        out.append(ch)
        nxt = s[i + 1] if i + 1 < len(s) else ""
        if ch in "\u200d\ufe0f" or nxt in ("\u200d", "\ufe0f") or "\U0001f3fb" <= nxt <= "\U0001f3ff":
            continue
        if ord(ch) >= 0x2000 and not ("\U000e0020" <= nxt <= "\U000e007f") and not ("\U0001f1e6" <= nxt <= "\U0001f1ff" and "\U0001f1e6" <= ch <= "\U0001f1ff"):
            out.append("\ufe0f")
    return "".join(out)


def spaced(c):
    # every emoji separated by a space: split after each emoji as mix does
    m = mix("", FENS_CUR[0])
    return m


rows = []


def add(shape, fen, flags, message):
    rows.append((shape, fen, flags, message))


for k, fen in enumerate(FENS):
    FENS_CUR = [fen]
    c = code(fen)
    cr = code(fen, True)
    add("bare code", fen, "-", c)
    if k % 2 == 0:
        add("bare code, white flag", fen, "r", cr)
    if k == 0:
        add("spaced emoji", fen, "-", mix("", fen))
        add("text before", fen, "-", "your move: " + c)
        add("text after", fen, "-", c + " your move")
        add("dice and words before", fen, "-", "🎲 let's play: " + c)
        add("pawn before", fen, "-", "♟️ " + c)
        add("joker attached before", fen, "-", "🃏" + c)
        add("two scheme emoji before", fen, "-", "♟️♟️ " + c)
        add("thumbs up after", fen, "-", "your move " + c + " 👍")
        add("thumbs up attached after", fen, "-", c + "👍")
        add("skin-toned thumbs after", fen, "-", c + " 👍🏽")
        add("smiley and words before", fen, "-", "😀 hi " + c)
    if k == 1:
        add("emoji both sides", fen, "-", "😂😂 " + c + " 🎉")
        add("mixed", fen, "m", mix("see you at eight", fen))
        add("mixed, white flag", fen, "rm", mix("well played, I resign", fen, True))
        add("mixed, dice before", fen, "m", "🎲 " + mix("see you at eight", fen))
        add("mixed, thumbs up after", fen, "m", mix("your turn my friend", fen) + " 👍")
        add("mixed, long message", fen, "m", mix(" ".join("word%d" % i for i in range(40)), fen))
    if k == 2:
        add("VS16 after every emoji", fen, "-", vs16_after_each(c))
        add("no VS16 anywhere", fen, "-", strip_vs16(c))
        add("VS15 after the scheme emoji", fen, "-", c.replace("♟️", "♟\ufe0e", 1))
        add("code on its own line", fen, "-", "Move 12\n" + c + "\n-- sent from my phone")
        add("code broken over two lines", fen, "-", c[:20] + "\n" + c[20:])
        add("in guillemets", fen, "-", "«" + c + "»")
        add("in parentheses", fen, "-", "(" + c + ")")
    if k == 3:
        add("quoted reply", fen, "-", "> " + c + "\nok, thinking")
        add("trailing full stop", fen, "-", "here: " + c + ".")
        add("white flag after a space", fen, "r", c + " 🏳️")
        add("white flag on the next line", fen, "r", c + "\n\n🏳️")
        add("keycap before", fen, "-", "1️⃣ " + c)
        add("flag before", fen, "-", "🇬🇧 " + c)
        add("CRLF lines", fen, "-", "hi\r\n" + c + "\r\n")
    if k == 4:
        add("tab separated", fen, "-", "code:\t" + c + "\tbye")
        add("after long text", fen, "-", "lorem ipsum dolor sit amet " * 20 + c)
        add("two codes, the first wins", fen, "-", "now: " + c + " before: " + code(FENS[0]))
        add("mixed, punctuation and digits", fen, "m", mix("ok, at 8:30? fine!", fen))
        add("mixed, accented words", fen, "m", mix("café à 8h, ça va?", fen))
    if k == 5:
        add("mixed, Cyrillic", fen, "m", mix("твой ход, друг", fen))
        add("mixed, Chinese", fen, "m", mix("轮到你了 朋友", fen))
        add("no-break spaces between emoji", fen, "m", mix("", fen).replace(" ", "\u00a0"))
        add("zero-width spaces between emoji", fen, "m", mix("", fen).replace(" ", "\u200b"))
        add("three dice before", fen, "-", "🎲🎲🎲 " + c)
    if k == 6:
        add("mixed, white flag, thumbs after", fen, "rm", mix("gg", fen, True) + " 👍")
        add("trailing space and newline", fen, "-", c + " \n")
        add("unqualified scheme emoji", fen, "-", strip_vs16(c[:2]) + c[2:] if c.startswith(("♠", "♥", "♦", "♣", "♟")) else "♟ " + c)
        add("fire all around", fen, "-", "🔥🔥 " + c + " 🔥🔥")
    if k == 7:
        add("markdown backticks", fen, "-", "`" + c + "`")
        add("HTML bold", fen, "-", "<b>" + c + "</b>")
        add("heart after", fen, "-", c + " ❤️")
        add("mixed, question", fen, "m", mix("what do you think of this one?", fen))
    if k == 8:
        add("mixed, one word", fen, "m", mix("hi", fen))
        add("code, then a VS16 alone", fen, "-", c + "\ufe0f")
        add("dice right before, flag after", fen, "r", "🎲" + cr)
    if k == 9:
        add("mixed, emoji line after", fen, "m", mix("your move", fen) + "\n😅")
        add("code between two messages", fen, "-", "[12:01] anna: hi\n[12:02] anna: " + c + "\n[12:03] anna: 🙂")

print("# Chat messages holding covert codes, as people send them (issue 14): shape <TAB> FEN <TAB>")
print("# flags (r: the white flag, m: spread among words, -: neither) <TAB> message (\\n \\r \\t escaped).")
print("# Made by covert-chat-make.py from the writers' output; every row must read as its FEN.")
for shape, fen, flags, msg in rows:
    esc = msg.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")
    print(f"{shape}\t{fen}\t{flags}\t{esc}")
print(f"# {len(rows)} messages", file=sys.stderr)

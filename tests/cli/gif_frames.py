#!/usr/bin/env python3
"""Reads a GIF's block structure (GIF89a, written here for the tests): prints
"WIDTHxHEIGHT FRAMES LOOP DELAYS" (delays in hundredths of a second, comma-separated; LOOP is
the NETSCAPE2.0 loop count or -1). Exits 1 with a message on a malformed file: every block
must be well framed, every frame inside the screen, the file must end with the trailer."""
import struct
import sys


def sub_blocks(data, i):
    """Skips a chain of data sub-blocks at i; returns the index after it and the bytes."""
    out = b""
    while True:
        n = data[i]
        i += 1
        if n == 0:
            return i, out
        out += data[i:i + n]
        if len(data[i:i + n]) != n:
            raise ValueError("a sub-block runs past the end")
        i += n


def read(data):
    if data[:6] != b"GIF89a":
        raise ValueError("not a GIF89a file")
    width, height, flags = struct.unpack("<HHB", data[6:11])
    i = 13 + (3 << ((flags & 7) + 1) if flags & 0x80 else 0)
    frames, delays, loop, delay = 0, [], -1, 0
    while True:
        kind = data[i]
        i += 1
        if kind == 0x3B:
            if i != len(data):
                raise ValueError("bytes after the trailer")
            return width, height, frames, loop, delays
        if kind == 0x21:
            label = data[i]
            i, body = sub_blocks(data, i + 1)
            if label == 0xF9:
                delay = struct.unpack("<H", body[1:3])[0]
            elif label == 0xFF and body[:11] == b"NETSCAPE2.0":
                loop = struct.unpack("<H", body[12:14])[0]
        elif kind == 0x2C:
            x, y, w, h, f = struct.unpack("<HHHHB", data[i:i + 9])
            if x + w > width or y + h > height or not w or not h:
                raise ValueError(f"frame {frames + 1} ({x},{y} {w}x{h}) outside the screen")
            i += 9 + (3 << ((f & 7) + 1) if f & 0x80 else 0)
            i, _ = sub_blocks(data, i + 1)  # after the LZW minimum code size
            frames += 1
            delays.append(delay)
        else:
            raise ValueError(f"unknown block 0x{kind:02x} at byte {i - 1}")


try:
    with open(sys.argv[1], "rb") as fh:
        w, h, n, loop, delays = read(fh.read())
except (ValueError, IndexError, struct.error) as e:
    print(f"{sys.argv[1]}: malformed GIF: {e}")
    sys.exit(1)
print(f"{w}x{h} {n} {loop} {','.join(map(str, delays))}")

#!/usr/bin/env python3
"""png_diff.py A.png B.png [TOLERANCE] [MAX_SHARE]: compares two 8-bit RGB or RGBA PNG
pictures pixel by pixel (Python's standard library only). A pixel differs when one of its
channels differs by more than TOLERANCE (default 24 of 255); the pictures match when they
have the same size and at most MAX_SHARE (default 0.005) of the pixels differ. Prints one line;
exit 0 when they match, 1 when not, 2 when a file is no such PNG."""
import struct
import sys
import zlib


def read_png(path):
    with open(path, 'rb') as f:
        data = f.read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        raise ValueError(f'{path}: not a PNG')
    pos, idat, width = 8, b'', None
    while pos + 8 <= len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b'IHDR':
            width, height, depth, color, _, _, interlace = struct.unpack('>IIBBBBB', body)
            if depth != 8 or color not in (2, 6) or interlace:
                raise ValueError(f'{path}: not an 8-bit RGB or RGBA picture without interlacing')
            channels = 3 if color == 2 else 4
        elif kind == b'IDAT':
            idat += body
        elif kind == b'IEND':
            break
    if width is None:
        raise ValueError(f'{path}: no IHDR')
    raw, stride = zlib.decompress(idat), width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        filt, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = prev[i], prev[i - channels] if i >= channels else 0
            if filt == 1:
                line[i] = (line[i] + a) & 255
            elif filt == 2:
                line[i] = (line[i] + b) & 255
            elif filt == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif filt == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    # RGBA pixels, opaque when the picture has no alpha
    pixels = []
    for line in rows:
        for x in range(width):
            px = line[x * channels:(x + 1) * channels]
            pixels.append(tuple(px) + ((255,) if channels == 3 else ()))
    return width, height, pixels


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    tol = int(sys.argv[3]) if len(sys.argv) > 3 else 24
    share = float(sys.argv[4]) if len(sys.argv) > 4 else 0.005
    try:
        wa, ha, pa = read_png(sys.argv[1])
        wb, hb, pb = read_png(sys.argv[2])
    except (OSError, ValueError, zlib.error) as e:
        print(f'png_diff: {e}')
        return 2
    if (wa, ha) != (wb, hb):
        print(f'png_diff: sizes differ: {wa}x{ha} and {wb}x{hb}')
        return 1
    bad = sum(1 for p, q in zip(pa, pb) if max(abs(u - v) for u, v in zip(p, q)) > tol)
    ok = bad <= share * len(pa)
    print(f'png_diff: {bad} of {len(pa)} pixels differ by more than {tol}: {"match" if ok else "DIFFER"}')
    return 0 if ok else 1


sys.exit(main())

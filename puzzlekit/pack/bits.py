"""Grids of small numbers as short text: each value a fixed number of bits, low bit first, six
bits to a character of `ALPHABET` (the page's script reads the same)."""

from __future__ import annotations

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def pack_bits(values: list[int], bits: int) -> str:
    """``values`` (each ``0 <= v < 2**bits``) as text, ``bits`` bits each, six to a character."""
    acc = nbits = 0
    out = []
    for v in values:
        if not 0 <= v < 1 << bits:
            raise ValueError(f"{v} does not fit in {bits} bits")
        acc |= v << nbits
        nbits += bits
        while nbits >= 6:
            out.append(ALPHABET[acc & 63])
            acc >>= 6
            nbits -= 6
    if nbits:
        out.append(ALPHABET[acc & 63])
    return "".join(out)


def unpack_bits(text: str, bits: int, count: int) -> list[int]:
    """The first ``count`` values of `pack_bits` text."""
    acc = nbits = 0
    out: list[int] = []
    chars = iter(text)
    mask = (1 << bits) - 1
    while len(out) < count:
        while nbits < bits:
            acc |= ALPHABET.index(next(chars)) << nbits
            nbits += 6
        out.append(acc & mask)
        acc >>= bits
        nbits -= bits
    return out

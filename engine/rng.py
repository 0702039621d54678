"""The game's own random generator: xorshift64*, small enough to re-implement bit-for-bit in the
fast kernel, so a game played by the readable engine and by the kernel draws the same numbers."""

from __future__ import annotations

MASK = (1 << 64) - 1
MULT = 0x2545F4914F6CDD1D


def seed_state(seed: int, stream: int = 0) -> int:
    """Scramble (seed, stream) into a non-zero 64-bit state (splitmix64 finaliser)."""
    z = (seed * 0x9E3779B97F4A7C15 + stream * 0xD1B54A32D192ED03 + 0x632BE59BD9B4E019) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    z ^= z >> 31
    return z or 1


class Rng:
    """Seeded generator; `below(n)` is the only primitive the rules use."""

    __slots__ = ("s",)

    def __init__(self, seed: int = 0, stream: int = 0) -> None:
        self.s = seed_state(seed, stream)

    def next64(self) -> int:
        x = self.s
        x ^= x >> 12
        x ^= (x << 25) & MASK
        x ^= x >> 27
        self.s = x
        return (x * MULT) & MASK

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) from the top 32 bits of next64() (multiply-shift, no modulo).
        next64's steps are written out here: this is the engine's most frequent call."""
        x = self.s
        x ^= x >> 12
        x ^= (x << 25) & MASK
        x ^= x >> 27
        self.s = x
        return ((((x * MULT) & MASK) >> 32) * n) >> 32

    def die(self) -> int:
        return self.below(6) + 1

    def shuffle(self, items: list) -> None:
        """Fisher-Yates from the end, the order the kernel uses too."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def clone(self) -> Rng:
        r = Rng.__new__(Rng)
        r.s = self.s
        return r

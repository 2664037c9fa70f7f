"""How fast this machine runs plain Python right now: the yardstick the solver bench's times are read against.

The machines the benches run on are virtual, and their speed drifts: the same
100,000-node Shamrocks search took 1.64 s and 2.3 s an hour apart, and one
day's machine ran the whole bench 1.35 times as fast as the day before's. A
time in seconds alone cannot then say whether the solver got faster. So each
bench run also times a fixed piece of work that owes nothing to the solver,
and reports its times against it as well: a search that takes 20 yardsticks
takes 20 on any day, while its seconds move with the machine.

The work is of the kinds a search spends its time on, in the same interpreter:
building small byte strings and looking them up in a dict, a heap of
priorities, sorting short tuples, and bit operations on ints. It is fixed
(seeded), so it does the same steps in every run; only the solver's code can
change the number of yardsticks a search takes.

    PYTHONPATH=py python3 bench/machine_speed.py      # prints the yardstick now, five times
"""

from __future__ import annotations

import heapq
import random
import statistics
import time

ROUNDS = 40_000  # about 0.2 s on the machines seen here


def _work(rounds: int = ROUNDS) -> int:
    """The fixed work: returns a checksum so that nothing can be skipped."""
    chooser = random.Random(2026)
    table: dict[bytes, int] = {}
    heap: list[tuple[int, int]] = []
    total = 0
    cards = list(range(52))
    for step in range(rounds):
        if step % 64 == 0:
            chooser.shuffle(cards)
        fans = tuple(bytes(cards[i:i + 3]) for i in range(step % 7, 52, 3))
        key = b"".join(sorted(fans))
        if key not in table:
            table[key] = step
        heapq.heappush(heap, (len(key) * 7 + step % 13, step))
        if len(heap) > 512:
            total += heapq.heappop(heap)[1]
        bits = (1 << (step % 52)) | (1 << cards[step % 52])
        total += (bits & -bits).bit_length() + (bits >> 13).bit_count()
    return total + len(table)


def yardstick(runs: int = 5) -> float:
    """Processor seconds the fixed work takes now, the median of ``runs`` (as the solver bench times searches)."""
    times = []
    for _ in range(runs):
        started = time.process_time()
        _work()
        times.append(time.process_time() - started)
    return statistics.median(times)


if __name__ == "__main__":
    for _ in range(5):
        print(f"yardstick: {yardstick():.4f} s")

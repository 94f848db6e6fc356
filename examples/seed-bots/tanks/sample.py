#!/usr/bin/env python3
"""Seed bot: the python3 example tank of the "Write a Tank AI" contest, rewritten for koth.
Python 3, standard library only.

Strategy: if another tank shares our column or our row, shoot along that line (the shell
wraps round the torus and destroys the first tank it meets); otherwise move one square in a
random direction. The original shot along the wrong axis (left for a tank in our column, up
for one in our row), so it could only ever hit a tank by luck; koth's builtin:sniper keeps
that slip, this version shoots along the line the tank is on, toward the nearer side.

Protocol (docs/tanks.md): run once per tick; one line on standard input,
    YourUserID;GridWidth;id,x,y;id,x,y;...
(x to the right, y UP); print one command: mu md ml mr (move) or su sd sl sr (shoot).

Run (no build step):
    koth play tanks --workdir . --bot 'sample=cmd:python3 sample.py' --bot builtin:random --json
"""
import random
import sys


def nearer_way(mine, theirs, side, forward, backward):
    """The direction along one axis that reaches `theirs` from `mine` in fewer squares."""
    ahead = (theirs - mine) % side
    return forward if ahead <= side - ahead else backward


def decide(line):
    fields = line.strip().split(";")
    my_id, side = fields[0], int(fields[1])
    tanks = [f.split(",") for f in fields[2:] if f]
    mine = next(t for t in tanks if t[0] == my_id)
    my_x, my_y = int(mine[1]), int(mine[2])
    for tank_id, x, y in tanks:
        if tank_id == my_id:
            continue
        x, y = int(x), int(y)
        if x == my_x:    # same column: shoot up or down
            return nearer_way(my_y, y, side, "su", "sd")
        if y == my_y:    # same row: shoot right or left
            return nearer_way(my_x, x, side, "sr", "sl")
    return random.choice(["mu", "md", "ml", "mr"])


def main():
    try:
        command = decide(sys.stdin.readline())
    except (ValueError, IndexError, StopIteration):
        command = random.choice(["mu", "md", "ml", "mr"])
    print(command, flush=True)


if __name__ == "__main__":
    main()

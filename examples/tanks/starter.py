#!/usr/bin/env python3
"""Tanks starter bot ("Write a Tank AI") for koth. Python 3, standard library only.

Run it (koth runs this file once per tick; paths are relative to koth's working folder):

    koth play tanks --bot 'me=cmd:python3 examples/tanks/starter.py' --bot builtin:random --bot builtin:sniper --json
    koth tournament tanks --bot 'cmd:python3 examples/tanks/starter.py' --all-builtins

Protocol (docs/tanks.md): every tick one line arrives on standard input,
    YourUserID;GridWidth;id,x,y;id,x,y;...
every living tank (this one included) in ascending id order, on a square torus whose side is
GridWidth, x growing to the right and y growing UP. The program prints one command:
    mu md ml mr   move up (+y), down (-y), left (-x), right (+x)
    su sd sl sr   shoot up, down, left, right
An empty or unknown answer is a fault (the tank then does nothing), so always print one.

Strategy:
  * if another tank shares our column or row, shoot it (the shell flies along the line,
    wrapping round the torus, and destroys the first tank it reaches);
  * otherwise move toward the nearest tank, along the axis that lines us up with it soonest,
    into a free square.
"""
import sys

MOVES = {"mu": (0, 1), "md": (0, -1), "ml": (-1, 0), "mr": (1, 0)}


def offset(a, b, side):
    """The shortest signed step count from a to b on a ring of `side` squares."""
    d = (b - a) % side
    return d - side if d > side // 2 else d


def first_hit(me, step, tanks, side):
    """How many squares a shell fired from `me` in direction `step` flies before it meets a
    tank (None when it comes back to us without meeting one)."""
    x, y = me
    for n in range(1, side):
        x, y = (x + step[0]) % side, (y + step[1]) % side
        if (x, y) in tanks:
            return n
    return None


def decide(line):
    fields = line.strip().split(";")
    you, side = int(fields[0]), int(fields[1])
    pos = {}
    for entry in fields[2:]:
        tid, x, y = (int(v) for v in entry.split(","))
        pos[tid] = (x, y)
    me = pos.pop(you)
    others = set(pos.values())
    if not others:                       # nobody left: any shot is harmless
        return "su"

    # 1. Shoot along a line that holds a tank, the nearer hit first.
    shots = []
    for cmd, step in (("su", (0, 1)), ("sd", (0, -1)), ("sl", (-1, 0)), ("sr", (1, 0))):
        n = first_hit(me, step, others, side)
        if n is not None:
            shots.append((n, cmd))
    if shots:
        return min(shots)[1]

    # 2. Move toward the nearest tank (torus Manhattan distance).
    def distance(t):
        return abs(offset(me[0], t[0], side)) + abs(offset(me[1], t[1], side))

    target = min(others, key=distance)
    dx, dy = offset(me[0], target[0], side), offset(me[1], target[1], side)
    # The target shares neither our row nor our column (we would have shot it), so dx and dy
    # are both non-zero. Close the smaller gap first: that lines us up with it soonest.
    horizontal = "mr" if dx > 0 else "ml"
    vertical = "mu" if dy > 0 else "md"
    wanted = [horizontal, vertical] if abs(dx) <= abs(dy) else [vertical, horizontal]
    for cmd in wanted + list(MOVES):     # fall back to any free square
        sx, sy = MOVES[cmd]
        if ((me[0] + sx) % side, (me[1] + sy) % side) not in others:
            return cmd
    return "su"                          # boxed in; no tank in line, so this shot is harmless


if __name__ == "__main__":
    print(decide(sys.stdin.readline()))

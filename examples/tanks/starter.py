#!/usr/bin/env python3
"""Tanks starter bot ("Write a Tank AI") for koth. Python 3, standard library only.

Run it (koth runs this file once per tick; paths are relative to koth's working folder):

    koth play tanks --workdir examples/tanks --bot 'me=cmd:python3 starter.py' --bot builtin:random --bot builtin:sniper --json
    koth tournament tanks --workdir examples/tanks --bot 'cmd:python3 starter.py' --all-builtins

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
  * otherwise move to a free square on no tank's row or column (nobody can shoot us there),
    the one nearest to a tank; with no such square (a crowded board), move toward the
    nearest tank along the axis that lines us up with it soonest.
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

    # 2. Move. First choice: a free square on no tank's row or column (nobody can shoot us
    #    there next tick), the nearest to a tank. On a crowded board there is often none:
    #    then head for the nearest tank, closing the smaller gap first to line up with it.
    def distance(p, t):
        return abs(offset(p[0], t[0], side)) + abs(offset(p[1], t[1], side))

    def dest(cmd):                       # the square a move leads to
        sx, sy = MOVES[cmd]
        return ((me[0] + sx) % side, (me[1] + sy) % side)

    def exposed(p):                      # on some tank's row or column
        return any(t[0] == p[0] or t[1] == p[1] for t in others)

    free = [cmd for cmd in MOVES if dest(cmd) not in others]
    safe = [cmd for cmd in free if not exposed(dest(cmd))]
    if safe:
        return min(safe, key=lambda cmd: min(distance(dest(cmd), t) for t in others))

    target = min(others, key=lambda t: distance(me, t))
    dx, dy = offset(me[0], target[0], side), offset(me[1], target[1], side)
    # The target shares neither our row nor our column (we would have shot it), so dx and dy
    # are both non-zero.
    horizontal = "mr" if dx > 0 else "ml"
    vertical = "mu" if dy > 0 else "md"
    for cmd in ([horizontal, vertical] if abs(dx) <= abs(dy) else [vertical, horizontal]) + free:
        if cmd in free:
            return cmd
    return "su"                          # boxed in; no tank in line, so this shot is harmless


if __name__ == "__main__":
    print(decide(sys.stdin.readline()))

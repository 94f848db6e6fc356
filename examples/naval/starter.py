#!/usr/bin/env python3
"""Naval starter bot ("Hit and sunk") for koth. Python 3, standard library only.

koth runs it in a private copy of its folder (--workdir, default the current one), one per
game, where it keeps its state file.

    koth play naval --workdir examples/naval --bot 'cmd:python3 starter.py' \
        --bot builtin:passive --bot builtin:random --bot builtin:peacemaker --json

Protocol (docs/naval.md):
  * first call, no argument: print the ship class, 1..5 (we choose 3, the Cruiser: 3 cells,
    1 move, 2 shots of range 9, repairs);
  * then one call per turn with one argument, the input line
        Round;PlayerId;X,Y,Direction;Hull;Moves,Shots,Mines,Cooldown;Hits,Sunken,Damage;Underwater,Shield,Scan;Map
    and the program prints its orders, e.g. "F+3-2F+4-2M".
  * the state file <NAME>.txt in its private folder, NAME being the player's name in koth.
    koth creates it empty before each game; this bot also resets it itself on the first call.
    NAME is koth's name for the player: the `NAME=` of the --bot SPEC, or else the last word
    of the command line that does not start with '-' (here "starter.py"). Give the bot
    `--name NAME` first if you name the player yourself: 'cap=cmd:python3 starter.py --name cap'.

Strategy (map offsets: dx to the right, dy DOWN, from our head):
  1. shoot the visible intact enemy cells ('A'), cells of already damaged ships first;
  2. with nothing to shoot: repair if damaged, else scan (S: next turn we see 9 cells away);
  3. move (after firing, so that the targets' offsets were still right) to stay 8 to 9
     cells from the nearest enemy we saw: beyond its normal sight (5) and a Battleship's
     range (7), inside our range (9); with no enemy in memory, cruise toward a random point.
Nothing here ever enters a mine ('M') or fires at one.
"""
import json
import os
import random
import sys

CLASS = 3                     # Cruiser
RANGE = 9                     # the Cruiser's firing range
KEEP_MIN, KEEP_MAX = 8, 9     # the distance band we try to keep from the nearest enemy
FORWARD = [(0, -1), (1, 0), (0, 1), (-1, 0)]   # direction 0 up, 1 right, 2 down, 3 left
ENEMY = "ABCD"                # enemy cells: A intact, B damaged, C/D submerged (scan only)


def parse(line):
    """The input line as a dict; 'map' maps (dx, dy) -> character for the 19 x 19 square."""
    f = line.split(";")
    x, y, d = (int(v) for v in f[2].split(","))
    moves, shots, mines, cooldown = (int(v) for v in f[4].split(","))
    underwater, shield, scan = (v == "1" for v in f[6].split(","))
    cells = f[7]
    sight = {(i % 19 - 9, i // 19 - 9): c for i, c in enumerate(cells)}
    return dict(round=int(f[0]), seat=int(f[1]), x=x, y=y, dir=d, hull=f[3], moves=moves,
                shots=shots, cooldown=cooldown, underwater=underwater, scan=scan, map=sight)


def target(dx, dy):
    """The order text of an offset: F+3-2 fires at (x+3, y-2)."""
    return "%+d%+d" % (dx, dy)


def choose_shots(o):
    """Up to `shots` fire orders at distinct intact enemy cells in range."""
    sight = o["map"]
    def damaged_ship_near(c):                 # a 'B' next to it: probably the same ship
        return any(sight.get((c[0] + a, c[1] + b)) == "B" for a, b in FORWARD)
    cells = [c for c, ch in sight.items()
             if ch == "A" and max(abs(c[0]), abs(c[1])) <= RANGE]
    cells.sort(key=lambda c: (not damaged_ship_near(c), max(abs(c[0]), abs(c[1]))))
    return ["F" + target(*c) for c in cells[:o["shots"]]]


def free(sight, cell, hull_ok=False):
    """Whether our ship may occupy `cell` (water, or our own hull during a rotation)."""
    ch = sight.get(cell, "U")
    return ch == "." or (hull_ok and ch == "O")


def choose_move(o, goal, away):
    """One order (M, B, C, K or "") moving the head toward `goal` (an offset), or away."""
    sight, d, n = o["map"], o["dir"], len(o["hull"])
    fx, fy = FORWARD[d]
    gx, gy = goal

    def score(hx, hy):                         # lower is better: steps left to the goal
        dist = abs(gx - hx) + abs(gy - hy)
        return -dist if away else dist

    now = score(0, 0)
    options = []
    if free(sight, (fx, fy)):                  # M: the head enters the cell ahead
        options.append((score(fx, fy), "M"))
    if free(sight, (-fx * n, -fy * n)):        # B: the tail enters the cell behind it
        options.append((score(-fx, -fy), "B"))
    best = min(options) if options else None
    if best and best[0] < now:
        return best[1]
    # No step helps: turn (about the head) toward the goal, if the new cells are free.
    want = (gx, gy) if not away else (-gx, -gy)
    for turn, nd in (("C", (d + 1) % 4), ("K", (d + 3) % 4)):
        nx, ny = FORWARD[nd]
        if nx * want[0] + ny * want[1] > 0 and all(
                free(sight, (-nx * k, -ny * k), hull_ok=True) for k in range(1, n)):
            return turn
    return ""


def main(argv):
    args = argv[1:]
    name = os.path.basename(argv[0])
    if len(args) >= 2 and args[0] == "--name":
        name, args = args[1], args[2:]
    state_file = name + ".txt"

    if not args:                               # first call: a new game, choose the class
        with open(state_file, "w") as f:
            f.write("{}")
        print(CLASS)
        return

    o = parse(args[0])
    random.seed(args[0])                       # the same input, the same choices: replayable
    try:
        with open(state_file) as f:
            state = json.load(f)
    except (OSError, ValueError):
        state = {}
    mine = state.setdefault(str(o["seat"]), {})  # one entry per seat sharing this file

    # Remember where we last saw enemies (absolute cells), to chase them when out of sight.
    seen = [(o["x"] + c[0], o["y"] + c[1]) for c, ch in o["map"].items() if ch in ENEMY]
    if seen:
        mine["enemies"] = seen
        mine["seen_round"] = o["round"]
    else:
        # Forget what we can see is gone ('U' is out of sight), and anything 10 rounds old.
        mine["enemies"] = [e for e in mine.get("enemies", [])
                           if o["map"].get((e[0] - o["x"], e[1] - o["y"]), "U") == "U"]
        if o["round"] - mine.get("seen_round", -99) > 10:
            mine["enemies"] = []

    orders = choose_shots(o)
    if not orders:
        if "0" in o["hull"] and o["cooldown"] == 0:
            orders = ["R"]                     # repair the damaged cell nearest the head
        else:
            orders = ["S"]                     # scan: next map reaches 9 cells

    # Where to go: keep our distance from the nearest enemy, or cruise to a random point.
    if mine.get("enemies"):
        ex, ey = min(mine["enemies"], key=lambda e: max(abs(e[0] - o["x"]), abs(e[1] - o["y"])))
        goal = (ex - o["x"], ey - o["y"])
        dist = max(abs(goal[0]), abs(goal[1]))
        move = "" if KEEP_MIN <= dist <= KEEP_MAX else choose_move(o, goal, away=dist < KEEP_MIN)
    else:
        wx, wy = mine.get("waypoint") or (random.randrange(30), random.randrange(30))
        if max(abs(wx - o["x"]), abs(wy - o["y"])) <= 2:
            wx, wy = random.randrange(30), random.randrange(30)   # reached: pick another
        mine["waypoint"] = [wx, wy]
        move = choose_move(o, (wx - o["x"], wy - o["y"]), away=False)
        if not move:                           # stuck: try another point next turn
            mine["waypoint"] = None
    if move:
        orders.append(move)

    with open(state_file, "w") as f:
        json.dump(state, f)
    print("".join(orders) or "W")


if __name__ == "__main__":
    main(sys.argv)

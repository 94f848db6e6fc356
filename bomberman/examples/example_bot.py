#!/usr/bin/env python3
"""A complete Bomberman bot: bombs bricks, then hides out of every bomb's line."""
import json
import sys
from collections import deque

for line in sys.stdin:
    obs = json.loads(line)
    rules = obs["rules"]  # every line is complete, the rules included
    me, world, size, n = obs["player"], obs["world"], rules["cellSize"], rules["cells"]
    cell = lambda o: (int(o["x"] // size), int(o["y"] // size))
    centre = lambda c: ((c[0] + 0.5) * size, (c[1] + 0.5) * size)
    walls = {cell(o): o["type"] for o in world["obstacles"]}
    power = {p["playerId"]: p["bombsPower"] for p in world["players"]}
    bombs = [(cell(b), power.get(b["owner"], n)) for b in world["bombs"]]
    fire = {cell(e) for e in world["explosions"]}
    here = cell(me)
    near = lambda c: [(c[0] + dx, c[1] + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
    free = lambda c: 0 <= min(c) and max(c) < n and c not in walls and c not in fire
    def danger(c, extra=()):
        return c in fire or any((c[0] == b[0] and abs(c[1] - b[1]) <= p) or
                                (c[1] == b[1] and abs(c[0] - b[0]) <= p) for b, p in bombs + list(extra))
    def first_step(goal, extra=()):  # breadth-first search; the first cell on the way to a goal
        prev, queue = {here: None}, deque([here])
        while queue:
            c = queue.popleft()
            if goal(c):
                while prev[c] not in (None, here):
                    c = prev[c]
                return c
            for m in near(c):
                if m not in prev and free(m) and all(m != b for b, _ in bombs + list(extra)):
                    prev[m] = c
                    queue.append(m)
        return None
    drop, step = False, None
    if danger(here):
        step = first_step(lambda c: not danger(c))
    elif (me["x"], me["y"]) == centre(here) and me["bombsLeft"] > 0 and \
            any(walls.get(c) == "BrickWall" for c in near(here)):
        mine = [(here, me["bombsPower"])]  # drop only with a way out; stand still to drop here
        drop = first_step(lambda c: not danger(c, mine), mine) is not None
    else:
        step = first_step(lambda c: not danger(c) and any(walls.get(m) == "BrickWall" for m in near(c)))
    tx, ty = centre(step or here)
    if me["x"] != tx and me["y"] != ty:  # off the next cell's row and column: line up first
        tx, ty = centre(here)
    clamp = lambda v: max(-10.0, min(10.0, v))
    print(json.dumps({"speedX": clamp(tx - me["x"]), "speedY": clamp(ty - me["y"]), "drop": drop}), flush=True)

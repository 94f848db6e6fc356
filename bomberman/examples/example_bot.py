#!/usr/bin/env python3
"""A complete Bomberman bot: walks cell to cell, bombs bricks, shuns the lines of bombs."""
import json
import random
import sys

rules, target = {}, None
for line in sys.stdin:
    obs = json.loads(line)
    rules = obs.get("rules", rules)  # only the first line carries the rules
    me, world, size = obs["player"], obs["world"], rules["cellSize"]
    cell = lambda o: (int(o["x"] // size), int(o["y"] // size))
    centre = lambda c: ((c[0] + 0.5) * size, (c[1] + 0.5) * size)
    walls = {cell(o): o["type"] for o in world["obstacles"]}
    bombs = {cell(b) for b in world["bombs"]}
    here = cell(me)
    near = [(here[0] + dx, here[1] + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
    free = lambda c: 0 <= min(c) and max(c) < rules["cells"] and c not in walls and c not in bombs
    danger = lambda c: any(c[0] == b[0] or c[1] == b[1] for b in bombs)
    drop = False
    if target is None or not free(target) or (me["x"], me["y"]) == centre(target):
        drop = me["bombsLeft"] > 0 and not bombs and any(walls.get(c) == "BrickWall" for c in near)
        target = min([c for c in near if free(c)] or [here], key=lambda c: (danger(c), random.random()))
    tx, ty = centre(target)
    if me["x"] != tx and me["y"] != ty:  # off the target's row and column: line up first
        tx, ty = centre(here)
    clamp = lambda v: max(-10.0, min(10.0, v))
    answer = {"speedX": clamp(tx - me["x"]), "speedY": clamp(ty - me["y"]), "drop": drop}
    print(json.dumps(answer), flush=True)

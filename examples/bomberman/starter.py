#!/usr/bin/env python3
"""Bomberman starter bot for koth. Python 3, standard library only.

Run it (koth starts ONE process per player for the whole game; paths are relative to koth's
working folder):

    koth play bomberman --workdir examples/bomberman --bot 'me=cmd:python3 starter.py' \
        --bot builtin:idle --bot builtin:random --bot builtin:brick-breaker --json
    koth tournament bomberman --workdir examples/bomberman --bot 'cmd:python3 starter.py' --all-builtins

Protocol (docs/bomberman.md): before each tick one JSON line arrives on standard input (a
complete object: "tick", "player", "world" and "rules"); answer ONE line
{"speedX": .., "speedY": .., "drop": ..} and flush. Positions are in units, x to the right
and y DOWN; cell (i, j) has its centre at ((i + 0.5) * cellSize, (j + 0.5) * cellSize).

Strategy, on the cell lattice:
  1. danger = every cell an explosion covers now or a bomb's blast will cover;
  2. standing in danger: run to the nearest safe cell;
  3. standing on a cell centre with a bomb to spare: drop one if it would break a brick or
     catch an opponent in its blast, and only if a safe cell stays reachable;
  4. otherwise walk to the nearest safe cell next to a brick, a bonus, or (no bricks left)
     a cell in line with an opponent.
"""
import json
import sys
from collections import deque

STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def decide(obs, rules):
    me, world = obs["player"], obs["world"]
    size, n = rules["cellSize"], rules["cells"]
    cell = lambda o: (int(o["x"] // size), int(o["y"] // size))
    centre = lambda c: ((c[0] + 0.5) * size, (c[1] + 0.5) * size)

    walls = {cell(o): o["type"] for o in world["obstacles"]}   # "BrickWall" / "ConcreteWall"
    fire = {cell(e) for e in world["explosions"]}
    bonuses = {cell(b) for b in world["bonuses"]}
    power = {p["playerId"]: p["bombsPower"] for p in world["players"]}
    bombs = [(cell(b), power.get(b["owner"], max(power.values(), default=1)))
             for b in world["bombs"]]
    bomb_cells = {c for c, _ in bombs}
    enemies = [cell(p) for p in world["players"] if p["playerId"] != me["playerId"]]
    here = cell(me)

    def blast(c, reach):
        """Cells a bomb at c with this power covers: rays stop at (and cover) a wall."""
        covered = {c}
        for dx, dy in STEPS:
            for k in range(1, reach + 1):
                m = (c[0] + dx * k, c[1] + dy * k)
                if not (0 <= m[0] < n and 0 <= m[1] < n):
                    break
                covered.add(m)
                if m in walls:
                    break
        return covered

    def danger_of(extra=()):
        d = set(fire)
        for c, reach in list(bombs) + list(extra):
            d |= blast(c, reach)
        return d

    def walkable(c, blocked):
        return (0 <= c[0] < n and 0 <= c[1] < n and c not in walls and c not in fire
                and (c not in blocked or c == here))

    def path_to(goal, avoid, blocked):
        """First cell on a shortest path from here to a cell where goal(c) holds, never
        stepping on a cell in `avoid` (None: no such cell reachable; here: already there)."""
        prev, queue = {here: None}, deque([here])
        while queue:
            c = queue.popleft()
            if goal(c):
                while prev[c] not in (None, here):
                    c = prev[c]
                return c
            for dx, dy in STEPS:
                m = (c[0] + dx, c[1] + dy)
                if m not in prev and walkable(m, blocked) and m not in avoid:
                    prev[m] = c
                    queue.append(m)
        return None

    danger = danger_of()
    drop, step = False, None
    if here in danger:
        # 2. Flee: any cell but walls, fire and bombs may be crossed on the way out.
        step = path_to(lambda c: c not in danger, set(), bomb_cells)
    else:
        at_centre = (me["x"], me["y"]) == centre(here)
        mine = blast(here, me["bombsPower"])
        useful = any(walls.get(c) == "BrickWall" for c in mine) or any(e in mine for e in enemies)
        stuck = False                          # a useful spot, but no way out of our blast
        if at_centre and me["bombsLeft"] > 0 and useful and here not in bomb_cells:
            # 3. Drop only with a way out that avoids the blast we are about to make.
            after = danger_of([(here, me["bombsPower"])])
            drop = path_to(lambda c: c not in after, set(), bomb_cells | {here}) is not None
            stuck = not drop
        if not drop:
            # 4. Walk to something useful, only through safe cells.
            bricks_left = any(t == "BrickWall" for t in walls.values())
            def goal(c):
                if c in danger or (stuck and c == here):
                    return False
                if c in bonuses:
                    return True
                if bricks_left:
                    return any(walls.get((c[0] + dx, c[1] + dy)) == "BrickWall" for dx, dy in STEPS)
                return any(e[0] == c[0] or e[1] == c[1] for e in enemies)
            step = path_to(goal, danger, bomb_cells)

    # Steer toward the next cell's centre; off its row and column, first centre on our cell
    # (there is no sliding round corners).
    tx, ty = centre(step or here)
    if me["x"] != tx and me["y"] != ty:
        tx, ty = centre(here)
    limit = rules["playerMaxSpeed"]
    clamp = lambda v: max(-limit, min(limit, v))
    return {"speedX": clamp(tx - me["x"]), "speedY": clamp(ty - me["y"]), "drop": drop}


def main():
    rules = None
    for line in sys.stdin:
        obs = json.loads(line)
        # Every line carries the rules; keeping the last ones seen also suits koth builds
        # that sent them on the first line only.
        rules = obs.get("rules", rules)
        try:
            answer = decide(obs, rules)
        except Exception as e:                 # never go silent: stand still instead
            print("starter: %r" % e, file=sys.stderr)
            answer = {"speedX": 0, "speedY": 0, "drop": False}
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()

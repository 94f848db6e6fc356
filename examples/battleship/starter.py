#!/usr/bin/env python3
"""Battleship starter bot (Bots Arena, HTTP) for koth. Python 3, standard library only.

koth does not start HTTP bots: start this server yourself, then point koth at its URL.
The port is the first argument, else the PORT environment variable, else 8080.

    python3 examples/battleship/starter.py 8080 &
    koth play battleship --bot me=http://127.0.0.1:8080/ --bot builtin:random --json
    koth play battleship --bot me=http://127.0.0.1:8080/ --bot builtin:hunter --dialect json --json

It answers all three dialects (docs/battleship.md), told apart by the request:
  * draft (koth's default): form fields, act=init | play | end; the bot must remember its own
    shots, koth only sends the result of the previous one (last_result);
  * form: form fields, act=init | fight, with both strike histories as JSON text;
  * json: a JSON body, action=init | play-turn, with both strike histories.

Strategy: place the fleet at random without ships touching; then hunt on a checkerboard
(every ship of length >= 2 covers a black cell) and, after a hit, target the cells around
the hits of ships not yet sunk, along the line when two hits are in a row.
"""
import json
import os
import random
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

LOCK = threading.Lock()
MATCHES = {}   # draft dialect only: match_id -> {"size": (w, h), "strikes": [((x, y), result)]}


# ---------------------------------------------------------------- the game logic

def place(width, height, counts):
    """Ship strings "x1,y1-x2,y2" for counts[k] ships of length k + 1."""
    lengths = [k + 1 for k in range(5, -1, -1) for _ in range(counts[k])]   # longest first

    def cells(x, y, length, across):
        return [(x + i, y) if across else (x, y + i) for i in range(length)]

    def fits(ship, taken, gap):
        # On the grid, and clear of the ships placed so far (with a one-cell gap if asked).
        return all(0 <= x < width and 0 <= y < height and
                   not any((x + a, y + b) in taken for a in (-gap, 0, gap) for b in (-gap, 0, gap))
                   for x, y in ship)

    # Random spots, first with gaps between ships, then letting them touch.
    for attempt in range(100):
        gap = 1 if attempt < 50 else 0
        taken, ships = set(), []
        for length in lengths:
            for _ in range(200):
                ship = cells(random.randrange(width), random.randrange(height), length,
                             random.random() < 0.5)
                if fits(ship, taken, gap):
                    break
            else:
                break                          # this ship found no spot: start again
            taken |= set(ship)
            ships.append(ship)
        else:
            return ["%d,%d-%d,%d" % (s[0] + s[-1]) for s in ships]
    # Last resort, the packing the rules guarantee: each ship at the first free spot in
    # row-major order, across before down.
    taken, ships = set(), []
    for length in lengths:
        ship = next(sh for y in range(height) for x in range(width)
                    for sh in (cells(x, y, length, True), cells(x, y, length, False))
                    if fits(sh, taken, 0))
        taken |= set(ship)
        ships.append(ship)
    return ["%d,%d-%d,%d" % (s[0] + s[-1]) for s in ships]


def next_shot(width, height, strikes):
    """The next cell to shoot, given our strikes so far: [((x, y), result word), ...]."""
    shot = {c for c, _ in strikes}
    # Hits on ships still afloat: every hit, minus the line of hits each sinking shot ended.
    hits = set()
    for c, result in strikes:
        if result in ("hit", "hit and sunk", "hit sunk and win"):
            hits.add(c)
        if result in ("hit and sunk", "hit sunk and win"):
            # The sunk ship is (most likely) the longer run of hits through c: forget it.
            run = max((line_through(c, hits, d) for d in ((1, 0), (0, 1))), key=len)
            hits -= set(run)
    inside = lambda c: 0 <= c[0] < width and 0 <= c[1] < height

    # Target mode: extend a line of two hits, else try the four neighbours of a hit.
    candidates = []
    for c in hits:
        for d in ((1, 0), (0, 1)):
            run = line_through(c, hits, d)
            if len(run) >= 2:
                ends = [min(run), max(run)]
                candidates += [(ends[0][0] - d[0], ends[0][1] - d[1]), (ends[1][0] + d[0], ends[1][1] + d[1])]
    if not [c for c in candidates if inside(c) and c not in shot]:
        candidates = [(c[0] + dx, c[1] + dy) for c in hits for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
    candidates = [c for c in candidates if inside(c) and c not in shot]
    if candidates:
        return random.choice(candidates)

    # Hunt mode: unshot checkerboard cells first, then any unshot cell.
    free = [(x, y) for x in range(width) for y in range(height) if (x, y) not in shot]
    black = [c for c in free if (c[0] + c[1]) % 2 == 0]
    if black or free:
        return random.choice(black or free)
    return (0, 0)                              # every cell shot: repeat shots are legal


def line_through(c, hits, d):
    """The run of hit cells through c along direction d (c included)."""
    run = [c]
    for sign in (1, -1):
        x, y = c
        while True:
            x, y = x + sign * d[0], y + sign * d[1]
            if (x, y) not in hits:
                break
            run.append((x, y))
    return sorted(run)


# ---------------------------------------------------------------- the three dialects

def xy(text):
    x, y = text.split(",")
    return int(x), int(y)


def answer(content_type, body):
    """(content type, reply body) for one request."""
    if content_type.startswith("application/json"):               # dialect json
        req = json.loads(body)
        board = req["board"]
        width, height = int(board["width"]), int(board["height"])
        if req["action"] == "init":
            counts = [int(board["ship%d" % k]) for k in range(1, 7)]
            return "application/json", json.dumps({"name": "starter", "boats": place(width, height, counts)})
        strikes = [(xy(s["target"]), s["result"]) for s in board["your_strikes"]]
        x, y = next_shot(width, height, strikes)
        return "application/json", json.dumps({"play": "%d,%d" % (x, y)})

    # draft and form: URL-encoded form fields (a repeated field keeps its last value).
    f = {k: v[-1] for k, v in parse_qs(body.decode(), keep_blank_values=True).items()}
    act, match = f.get("act"), f.get("match_id")
    if act == "init":
        width, height = int(f["width"]), int(f["height"])
        counts = [int(f["ship%d" % k]) for k in range(1, 7)]
        with LOCK:
            MATCHES[match] = {"size": (width, height), "strikes": []}
        return "application/json", json.dumps(place(width, height, counts))
    if act == "fight":                                             # dialect form
        width, height = int(f["width"]), int(f["height"])
        strikes = [(xy(s["target"]), s["result"]) for s in json.loads(f["your_strikes"])]
        x, y = next_shot(width, height, strikes)
        return "text/plain", "%d,%d" % (x, y)
    if act == "play":                                              # dialect draft
        with LOCK:
            m = MATCHES[match]
            if "last_result" in f and m["strikes"]:
                m["strikes"][-1] = (m["strikes"][-1][0], f["last_result"])
            x, y = next_shot(*m["size"], m["strikes"])
            m["strikes"].append(((x, y), None))                   # result comes next time
        return "text/plain", "%d,%d" % (x, y)
    if act == "end":                                               # draft: forget the match
        with LOCK:
            MATCHES.pop(match, None)
        return "text/plain", "ok"
    raise ValueError("unknown act %r" % act)


class Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            ctype, reply = answer(self.headers.get("Content-Type", ""), body)
            status = 200
        except Exception as e:          # a malformed request: say why (koth never sends one)
            ctype, reply, status = "text/plain", "bad request: %r" % e, 400
        data = reply.encode()
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):       # keep the terminal quiet
        pass


if __name__ == "__main__":
    port = int(sys.argv[1] if len(sys.argv) > 1 else os.environ.get("PORT", 8080))
    print("battleship starter listening on http://127.0.0.1:%d/" % port, flush=True)
    ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()

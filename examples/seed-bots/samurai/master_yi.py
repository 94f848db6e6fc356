#!/usr/bin/env python3
"""Seed bot "Master Yi" (Python) from the Ultimate Samurai Showdown contest, rewritten for
koth in Python 3, standard library only.

Strategy (the one the original describes: build up honour early, strike when least expected):
  * honour below 1: bow;
  * the enemy guarded last turn: strike at random (I, P or O);
  * with the Sword of the Gods (honour 7 or more): bow if the enemy guarded two turns ago
    and four turns ago (it guards every other turn), guard if the enemy is blessed too,
    else strike at random;
  * without the sword: guard if the enemy is blessed, else bow.

The original ran under Python 2 and never converted its numbers from strings, so every honour
test came out the same way and its attack branch printed a function object instead of a
letter (koth's builtin:master-yi plays that literal behaviour). This version compares the
numbers and plays the strategy as written.

Protocol (docs/samurai.md): run once per turn as
    python3 master_yi.py [<history> <enemy_history>] <health> <enemy_health> <honour> <enemy_honour>
(4 arguments on the first turn, 6 afterwards); prints one letter.

Run (no build step):
    koth play samurai --workdir . --bot 'yi=cmd:python3 master_yi.py' --bot builtin:monk --json
"""
import random
import sys


def decide(args):
    if len(args) >= 6:
        history, enemy_history = args[0], args[1]
        numbers = args[2:6]
    else:
        history, enemy_history = "", ""
        numbers = args[0:4]
    _health, _enemy_health, honour, enemy_honour = (int(v) for v in numbers)

    enemy_last = enemy_history[-1] if enemy_history else "W"
    enemy_guards_every_other = (
        len(enemy_history) > 4 and enemy_history[-4] == "G" and enemy_history[-2] == "G"
    )

    if honour < 1:
        return "B"
    if enemy_last == "G":
        return random.choice("IPO")
    if honour > 6:
        if enemy_guards_every_other:
            return "B"
        if enemy_honour > 6:
            return "G"
        return random.choice("IPO")
    if enemy_honour > 6:
        return "G"
    return "B"


def main():
    try:
        move = decide(sys.argv[1:])
    except (ValueError, IndexError):
        move = "B"
    print(move, flush=True)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Samurai starter bot (Ultimate Samurai Showdown) for koth. Python 3, standard library only.

Run it (koth runs this file once per turn; paths are relative to koth's working folder):

    koth play samurai --workdir examples/samurai --bot 'me=cmd:python3 starter.py' --bot builtin:waiter --json
    koth tournament samurai --workdir examples/samurai --bot 'cmd:python3 starter.py' --all-builtins

Protocol (docs/samurai.md): every turn the program is run as
    starter.py [<my_history> <enemy_history>] <my_health> <enemy_health> <my_honour> <enemy_honour>
(the two histories are left out on the first turn) and prints one letter: W B G I P O.

Strategy:
  * bow (B) to build honour until the Sword of the Gods is ready (honour >= 7 at the start of
    the turn: strikes then do 2 damage instead of 1);
  * guard (G) when the enemy is likely to strike and we can afford it: an enemy that holds the
    Sword of the Gods, or that struck last turn;
  * strike when our sword is blessed, or to finish the enemy, choosing the strike that beats
    the enemy's favourite strike (I beats O, O beats P, P beats I);
  * never let our own honour fall below 0 (the gods kill a samurai with negative honour).
"""
import sys

GOD_SWORD = 7            # honour at the start of a turn from which strikes do 2 damage
STRIKES = "IPO"
BEATS = {"O": "I", "P": "O", "I": "P"}  # BEATS[x] is the strike that beats strike x


def decide(me, enemy, health, enemy_health, honour, enemy_honour):
    """Return one action letter. `me` and `enemy` are history strings, oldest first."""
    last_me = me[-1:]            # "" on the first turn
    my_damage = 2 if honour >= GOD_SWORD else 1

    # The strike that beats the enemy's most frequent strike (I when it never struck).
    counts = {s: enemy.count(s) for s in STRIKES}
    favourite = max(STRIKES, key=lambda s: counts[s])
    strike = BEATS[favourite] if counts[favourite] else "I"

    # Will the enemy strike? Only an enemy with honour >= 1 can strike without dying by the
    # gods; expect it when its sword is blessed or when it struck in 2 of its last 3 turns.
    recent_strikes = sum(1 for a in enemy[-3:] if a in STRIKES)
    threatened = enemy_honour >= 1 and (enemy_honour >= GOD_SWORD or recent_strikes >= 2)

    # 1. Guard against a likely strike, but only when it is free: guarding twice in a row
    #    costs 1 honour.
    if threatened and last_me != "G":
        return "G"
    # 2. Strike with the Sword of the Gods (2 damage; costs 1 honour, so we stay at >= 6).
    if honour >= GOD_SWORD:
        return strike
    # 3. Finish the enemy when one blow is enough and we can pay the honour.
    if honour >= 1 and enemy_health <= my_damage:
        return strike
    # 4. Otherwise build honour.
    return "B"


def main(argv):
    args = argv[1:]
    if len(args) == 4:          # first turn: no histories
        me, enemy = "", ""
        numbers = args
    else:                       # 6 arguments: histories first
        me, enemy = args[0], args[1]
        numbers = args[2:]
    health, enemy_health, honour, enemy_honour = (int(n) for n in numbers)
    print(decide(me, enemy, health, enemy_health, honour, enemy_honour))


if __name__ == "__main__":
    main(sys.argv)

"""Env steps per second: ``koth.Batch`` against a pure-Python loop over single environments.

    python python/scripts/bench.py [--game samurai] [--envs 4096] [--seconds 2]

Both pick a uniformly random legal id for every learner seat each step (the batch with
numpy over all envs at once, the loop env by env) and restart finished games. The batch
runs on 1 thread and on all cores.
"""

import argparse
import os
import time

import numpy as np

import koth


def batch_rate(game, envs, seconds, threads):
    batch = koth.Batch(game, envs, seed=1, threads=threads)
    rng = np.random.default_rng(0)
    _, masks = batch.reset()
    steps, began = 0, time.perf_counter()
    while time.perf_counter() - began < seconds:
        # A random legal id per row: the largest random key among the legal ids.
        keys = rng.random(masks.shape) * masks
        batch.step(keys.argmax(axis=2))
        steps += 1
    return steps * envs / (time.perf_counter() - began)


def loop_rate(game, envs, seconds):
    singles = [koth.parallel_env(game) for _ in range(envs)]
    observations = [env.reset(seed=i)[0] for i, env in enumerate(singles)]
    rng = np.random.default_rng(0)
    steps, began = 0, time.perf_counter()
    while time.perf_counter() - began < seconds:
        for i, env in enumerate(singles):
            actions = {}
            for agent, obs in observations[i].items():
                legal = np.flatnonzero(obs["action_mask"])
                actions[agent] = int(rng.choice(legal)) if legal.size else 0
            observations[i], *_ = env.step(actions)
            if not env.agents:
                observations[i] = env.reset()[0]
        steps += envs
    return steps / (time.perf_counter() - began)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="samurai", choices=koth.games())
    parser.add_argument("--envs", type=int, default=4096)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    rows = [
        ("koth.Batch, 1 thread", batch_rate(args.game, args.envs, args.seconds, 1)),
        (f"koth.Batch, {cores} threads", batch_rate(args.game, args.envs, args.seconds, cores)),
        ("Python loop over parallel_env", loop_rate(args.game, min(args.envs, 64), args.seconds)),
    ]
    print(f"{args.game}, {args.envs} envs (the loop: 64), env steps per second")
    for name, rate in rows:
        print(f"  {name:32} {rate:>14,.0f}")


if __name__ == "__main__":
    main()

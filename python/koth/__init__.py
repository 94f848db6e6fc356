"""koth's five bot-contest games for learners, on koth's Rust engines.

- ``koth.env(game, ...)`` / ``koth.parallel_env(game, ...)``: PettingZoo AEC and Parallel
  environments (every seat an agent, or some seats played by built-in bots).
- ``koth.gym.make("koth/Samurai-v0", opponent="monk")``: single-agent Gymnasium
  environments against built-in bots (registered as ``koth/<Game>-v0``).
- ``koth.Batch(game, num_envs, seed)``: many games stepped at once in Rust, their
  observations, rewards, ends and masks in numpy arrays written in place (no copies).

The games are ``samurai``, ``naval``, ``tanks``, ``bomberman`` and ``battleship`` (as
``koth games`` lists them); ``koth.bots(game)`` lists a game's built-in bots.
"""

from ._koth import bots, games
from .batch import Batch
from .pettingzoo_env import AECEnv, ParallelEnv, env, parallel_env
from . import gym

__all__ = [
    "AECEnv",
    "Batch",
    "ParallelEnv",
    "bots",
    "env",
    "games",
    "gym",
    "parallel_env",
]

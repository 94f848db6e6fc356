"""``koth.Batch``: many games of one kind stepped at once, on numpy arrays."""

from __future__ import annotations

import json
from typing import Optional, Sequence

import numpy as np

from . import _koth


def _config_json(config: Optional[dict]) -> Optional[str]:
    return json.dumps(config) if config else None


class Batch:
    """``num_envs`` games of ``game`` stepped together by koth's Rust batch.

    ``seats`` has one entry per seat: ``None`` for a learner (the caller gives its action
    ids), or a built-in bot's id (``koth.bots(game)``). By default every seat of the game's
    smallest line-up is a learner. ``config`` is the game's config (as ``koth config GAME``
    prints it, a dict). Game ``k`` of env ``i`` plays seed ``episode_seed(seed, i, k)``;
    ``restart(env, seed)`` starts an env's game with an exact seed instead (the game
    ``koth play GAME --seed SEED`` plays).

    The arrays are the batch's own and are rewritten in place by every ``step`` and
    ``reset`` (copy what you keep):

    - ``obs``: ``num_envs x L x shape`` float32, ``L`` the learner seats;
    - ``rewards``: ``num_envs x L`` float32;
    - ``terminated`` / ``truncated``: ``num_envs`` bool;
    - ``masks``: ``num_envs x L x A`` bool, the legal action ids.

    A finished game restarts at once (auto-reset): that step's observation and mask are the
    new game's; ``finished(env)`` gives the final observation and scores until the env's
    next step.
    """

    def __init__(
        self,
        game: str,
        num_envs: int = 1,
        seed: int = 0,
        *,
        seats: Optional[Sequence[Optional[str]]] = None,
        players: Optional[int] = None,
        threads: int = 1,
        max_steps: Optional[int] = None,
        config: Optional[dict] = None,
    ):
        config_json = _config_json(config)
        if seats is None:
            n = players if players is not None else _koth.default_seats(game, config_json)
            seats = [None] * n
        self.game = game
        self._core = _koth.Batch(
            game, list(seats), num_envs, seed, config_json, threads, max_steps
        )
        self.obs = self._core.obs
        self.rewards = self._core.rewards
        self.terminated = self._core.terminated
        self.truncated = self._core.truncated
        self.masks = self._core.masks
        self.num_envs = self._core.num_envs
        self.learners = self._core.learners
        self.num_players = self._core.num_players
        self.num_actions = self._core.num_actions
        self.obs_shape = tuple(self._core.obs_shape)
        self.action_names = self._core.action_names

    def reset(self):
        """Rewrites the arrays with every env's current observation and mask; returns
        ``(obs, masks)``."""
        self._core.reset()
        return self.obs, self.masks

    def step(self, actions):
        """One step of every env with ``actions`` (``num_envs x L`` ids, legal in the
        masks); returns ``(obs, rewards, terminated, truncated, masks)``."""
        ids = np.asarray(actions, dtype=np.int64).reshape(self.num_envs, len(self.learners))
        self._core.step(ids)
        return self.obs, self.rewards, self.terminated, self.truncated, self.masks

    def restart(self, env: int, seed: int):
        """Abandons env ``env``'s game and starts one with ``seed``; rewrites the env's rows
        of the arrays (the other envs' rows stay as they are)."""
        self._core.restart(env, seed)

    def finished(self, env: int) -> Optional[dict]:
        """How env ``env``'s game ended, if it ended in the last step: ``episode``,
        ``seed``, ``steps``, ``scores`` and ``places`` per seat (``None`` when cut at
        ``max_steps``) and ``obs`` (the final observation of each learner seat)."""
        return self._core.finished(env)

    def turn(self, env: int) -> int:
        """Env ``env``'s turn (or tick) in its current game."""
        return self._core.turn(env)

    def render_text(self, env: int, last: bool = False) -> str:
        """Env ``env``'s game as text (``last``: the one that ended in the last step)."""
        return self._core.render_text(env, last)

    def render_rgb(self, env: int, cell: int = 16, last: bool = False) -> np.ndarray:
        """Env ``env``'s game as an ``height x width x 3`` uint8 picture."""
        return self._core.render_rgb(env, cell, last)

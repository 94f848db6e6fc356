"""One game driven seat by seat: what the PettingZoo and Gymnasium environments share."""

from __future__ import annotations

from typing import Dict, Optional, Sequence

import numpy as np

from . import _koth
from .batch import Batch, _config_json


class Single:
    """One game of ``game`` (a ``Batch`` of one env) with its learner seats' latest
    observations, masks and rewards, seeded as ``koth play`` seeds a match.

    ``bots`` maps seat numbers to built-in bot ids; the other seats are learners.
    ``players`` is the seat count (default: the game's smallest line-up).
    """

    def __init__(
        self,
        game: str,
        *,
        bots: Optional[Dict[int, str]] = None,
        players: Optional[int] = None,
        max_steps: Optional[int] = None,
        config: Optional[dict] = None,
    ):
        if game not in _koth.games():
            raise ValueError(f"no game {game!r} (there are: {', '.join(_koth.games())})")
        n = players if players is not None else _koth.default_seats(game, _config_json(config))
        bots = dict(bots or {})
        for seat in bots:
            if not 0 <= seat < n:
                raise ValueError(f"seat {seat} is not among the game's {n} seats")
        seats: Sequence[Optional[str]] = [bots.get(p) for p in range(n)]
        self.batch = Batch(game, 1, 0, seats=seats, max_steps=max_steps, config=config)
        self.seats = list(self.batch.learners)
        self.obs_shape = self.batch.obs_shape
        self.num_actions = self.batch.num_actions
        self.over = False
        self.ending: Optional[dict] = None
        self.illegal = [False] * len(self.seats)

    def reset(self, seed: int) -> None:
        """Starts a game with ``seed``."""
        self.batch.restart(0, seed)
        self.over = False
        self.ending = None

    def obs(self, row: int) -> np.ndarray:
        """Learner ``row``'s observation now (the final one once the game is over), a copy."""
        if self.ending is not None:
            return np.array(self.ending["obs"][row], dtype=np.float32)
        return self.batch.obs[0, row].copy()

    def mask(self, row: int) -> np.ndarray:
        """Learner ``row``'s legal ids as int8 (all 0 while it does not act, or once over)."""
        if self.over:
            return np.zeros(self.num_actions, dtype=np.int8)
        return self.batch.masks[0, row].astype(np.int8)

    def acting(self) -> list:
        """The learner rows that act now."""
        if self.over:
            return []
        return [row for row in range(len(self.seats)) if self.batch.masks[0, row].any()]

    def step(self, ids: Sequence[Optional[int]]) -> None:
        """One step: an id per learner row (ignored for rows that do not act). An id
        outside the row's mask is replaced by the row's lowest legal id (and
        ``self.illegal[row]`` says so)."""
        chosen = np.zeros((1, len(self.seats)), dtype=np.int64)
        for row, id in enumerate(ids):
            mask = self.batch.masks[0, row]
            legal = np.flatnonzero(mask)
            self.illegal[row] = False
            if legal.size == 0:
                continue
            if id is None or not (0 <= int(id) < mask.size) or not mask[int(id)]:
                self.illegal[row] = True
                id = int(legal[0])
            chosen[0, row] = int(id)
        self.batch.step(chosen)
        if self.batch.terminated[0] or self.batch.truncated[0]:
            self.over = True
            self.ending = self.batch.finished(0)

    def rewards(self) -> np.ndarray:
        """The learner rows' rewards of the last step."""
        return self.batch.rewards[0].copy()

    def render(self, mode: Optional[str]):
        """The game as text (``"ansi"``) or an RGB array (``"rgb_array"``)."""
        if mode == "ansi":
            return self.batch.render_text(0, last=self.over)
        if mode == "rgb_array":
            return self.batch.render_rgb(0, last=self.over)
        return None

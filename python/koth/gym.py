"""Single-agent Gymnasium environments: one learner seat against built-in bots.

Registered as ``koth/Samurai-v0``, ``koth/Naval-v0``, ``koth/Tanks-v0``,
``koth/Bomberman-v0`` and ``koth/Battleship-v0``::

    import koth
    env = koth.gym.make("koth/Samurai-v0", opponent="monk")

``opponent`` is a built-in bot id for every other seat, or a list with one per other seat
(default: the game's first built-in bot); ``seat`` is the learner's seat (default 0). The
observation is the game's tensor (a float32 ``Box``), the action an id (``Discrete``);
``info["action_mask"]`` holds the legal ids (int8). An illegal id is replaced by the lowest
legal one (``info["illegal_action"]``). ``reset(seed=S)`` plays the game
``koth play GAME --seed S`` plays with the same bots on the same seats. The reward is the
learner's share of the result (see the engines' ``Learn`` docs), ``info["score"]`` and
``info["place"]`` come with the last step.
"""

from __future__ import annotations

from typing import Optional, Sequence, Union

import gymnasium
import numpy as np
from gymnasium import spaces

from . import _koth
from .batch import _config_json
from .single import Single

#: The registered ids, by game.
IDS = {
    "samurai": "koth/Samurai-v0",
    "naval": "koth/Naval-v0",
    "tanks": "koth/Tanks-v0",
    "bomberman": "koth/Bomberman-v0",
    "battleship": "koth/Battleship-v0",
}


class GymEnv(gymnasium.Env):
    """One learner seat of a koth game against built-in bots (see the module docs)."""

    metadata = {"render_modes": ["ansi", "rgb_array"]}

    def __init__(
        self,
        game: str,
        opponent: Union[None, str, Sequence[str]] = None,
        seat: int = 0,
        players: Optional[int] = None,
        render_mode: Optional[str] = None,
        max_steps: Optional[int] = None,
        **config,
    ):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        n = players if players is not None else _koth.default_seats(game, _config_json(config))
        others = [p for p in range(n) if p != seat]
        if opponent is None:
            opponent = _koth.bots(game)[0]
        if isinstance(opponent, str):
            opponent = [opponent] * len(others)
        if len(opponent) != len(others):
            raise ValueError(f"{len(others)} opponents are needed, {len(opponent)} given")
        self.game = game
        self.render_mode = render_mode
        self._single = Single(
            game,
            bots=dict(zip(others, opponent)),
            players=n,
            max_steps=max_steps,
            config=config,
        )
        self.observation_space = spaces.Box(
            -np.inf, np.inf, shape=self._single.obs_shape, dtype=np.float32
        )
        self.action_space = spaces.Discrete(self._single.num_actions)
        self._started = False

    def _info(self) -> dict:
        info = {"action_mask": self._single.mask(0)}
        ending = self._single.ending
        if ending is not None and ending["scores"] is not None:
            seat = self._single.seats[0]
            info["score"] = ending["scores"][seat]
            info["place"] = ending["places"][seat]
        return info

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(0, 2**63))
        self._single.reset(game_seed)
        self._started = True
        return self._single.obs(0), self._info()

    def step(self, action):
        if self._single.over or not self._started:
            raise RuntimeError("the game is over (or was never begun): call reset() first")
        self._single.step([action])
        info = self._info()
        if self._single.illegal[0]:
            info["illegal_action"] = True
        ending = self._single.ending
        cut = ending is not None and ending["scores"] is None
        terminated = self._single.over and not cut
        return self._single.obs(0), float(self._single.rewards()[0]), terminated, cut, info

    def render(self):
        return self._single.render(self.render_mode)


for _game, _id in IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(id=_id, entry_point="koth.gym:GymEnv", kwargs={"game": _game})


def make(id: str, **kwargs) -> gymnasium.Env:
    """``gymnasium.make`` for the ``koth/<Game>-v0`` ids."""
    return gymnasium.make(id, **kwargs)

"""PettingZoo environments for koth's games: ``koth.env`` (AEC) and ``koth.parallel_env``.

Agents are ``player_<seat>`` for the learner seats (every seat unless ``bots`` gives some to
built-in bots). Each observation is a dict, as PettingZoo's classic games have it:
``"observation"`` (the game's tensor, a float32 ``Box``) and ``"action_mask"`` (int8, 1 for
the legal ids of the ``Discrete`` action space; all 0 while the agent does not act). An
agent acts when its mask allows some id: in samurai, tanks and bomberman every living agent
every step, in battleship and naval the one whose turn it is.

In the parallel API, actions of agents that do not act are ignored; an illegal id (outside
the mask) is replaced by the agent's lowest legal id and ``infos[agent]["illegal_action"]``
is set. All agents end together, when the game does; ``infos`` then holds the ``scores``
and ``places`` per seat.

Seeding: ``reset(seed=S)`` plays the game ``koth play GAME --seed S`` plays (the built-in
bots on the same seats make the same choices); ``reset()`` without a seed draws the next
game's seed from a generator seeded by the last seed given (or by the OS).
"""

from __future__ import annotations

import functools
from typing import Dict, Optional

import numpy as np
import pettingzoo
from gymnasium import spaces

from .single import Single


def _observation_space(single: Single) -> spaces.Dict:
    return spaces.Dict(
        {
            "observation": spaces.Box(-np.inf, np.inf, shape=single.obs_shape, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(single.num_actions,), dtype=np.int8),
        }
    )


class ParallelEnv(pettingzoo.ParallelEnv):
    """A koth game as a PettingZoo Parallel environment (see the module docs)."""

    metadata = {"render_modes": ["ansi", "rgb_array"], "name": "koth_v0", "is_parallelizable": True}

    def __init__(
        self,
        game: str,
        render_mode: Optional[str] = None,
        bots: Optional[Dict[int, str]] = None,
        players: Optional[int] = None,
        max_steps: Optional[int] = None,
        **config,
    ):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.game = game
        self.render_mode = render_mode
        self._single = Single(game, bots=bots, players=players, max_steps=max_steps, config=config)
        self.metadata = dict(self.metadata, name=f"koth_{game}_v0")
        self.possible_agents = [f"player_{seat}" for seat in self._single.seats]
        self.agents = []
        obs_space = _observation_space(self._single)
        # The same space objects every call (PettingZoo's tests require it); an action space
        # per agent, each seeded on its own.
        self._observation_spaces = {a: obs_space for a in self.possible_agents}
        n = self._single.num_actions
        self._action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._seeds = np.random.default_rng()

    def observation_space(self, agent):
        return self._observation_spaces[agent]

    def action_space(self, agent):
        return self._action_spaces[agent]

    def _observe(self, row: int) -> dict:
        return {"observation": self._single.obs(row), "action_mask": self._single.mask(row)}

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None):
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._seeds.integers(0, 2**63))
        self._single.reset(game_seed)
        self.agents = self.possible_agents[:]
        observations = {a: self._observe(row) for row, a in enumerate(self.possible_agents)}
        infos = {a: {} for a in self.agents}
        return observations, infos

    def step(self, actions):
        if not self.agents:
            raise RuntimeError("the game is over (or was never begun): call reset() first")
        ids = [actions.get(a) for a in self.possible_agents]
        self._single.step(ids)
        rewards = self._single.rewards()
        over = self._single.over
        ending = self._single.ending
        cut = over and ending is not None and ending["scores"] is None
        observations, reward, terminations, truncations, infos = {}, {}, {}, {}, {}
        for row, a in enumerate(self.possible_agents):
            if a not in self.agents:
                continue
            observations[a] = self._observe(row)
            reward[a] = float(rewards[row])
            terminations[a] = over and not cut
            truncations[a] = cut
            info = {}
            if self._single.illegal[row]:
                info["illegal_action"] = True
            if over and ending is not None and ending["scores"] is not None:
                info["score"] = ending["scores"][self._single.seats[row]]
                info["place"] = ending["places"][self._single.seats[row]]
            infos[a] = info
        if over:
            self.agents = []
        return observations, reward, terminations, truncations, infos

    def render(self):
        return self._single.render(self.render_mode)

    def close(self):
        pass

    def state(self):
        """The whole game as the engine writes it in text."""
        return self._single.render("ansi")


class AECEnv(pettingzoo.AECEnv):
    """A koth game as a PettingZoo AEC environment: the acting agents act one after the
    other (in seat order), and the game steps once all have (see the module docs)."""

    metadata = ParallelEnv.metadata

    def __init__(self, game: str, render_mode: Optional[str] = None, **kwargs):
        super().__init__()
        self._parallel = ParallelEnv(game, render_mode=render_mode, **kwargs)
        self.render_mode = render_mode
        self.metadata = self._parallel.metadata
        self.possible_agents = self._parallel.possible_agents[:]
        self.agents = []

    def observation_space(self, agent):
        return self._parallel.observation_space(agent)

    def action_space(self, agent):
        return self._parallel.action_space(agent)

    def observe(self, agent):
        return self._observations[agent]

    def _queue_acting(self):
        single = self._parallel._single
        self._queue = [self.possible_agents[row] for row in single.acting()]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None):
        self._observations, infos = self._parallel.reset(seed=seed, options=options)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = infos
        self._pending = {}
        self._queue_acting()
        self.agent_selection = self._queue[0]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._pending[agent] = action
        self._queue.pop(0)
        if self._queue:
            self.agent_selection = self._queue[0]
            self._clear_rewards()
            return
        observations, rewards, terminations, truncations, infos = self._parallel.step(self._pending)
        self._pending = {}
        self._observations.update(observations)
        self.rewards = {a: rewards.get(a, 0.0) for a in self.agents}
        self.terminations = {a: terminations.get(a, False) for a in self.agents}
        self.truncations = {a: truncations.get(a, False) for a in self.agents}
        self.infos = {a: infos.get(a, {}) for a in self.agents}
        self._accumulate_rewards()
        if self._parallel._single.over:
            self.agent_selection = self.agents[0]
        else:
            self._queue_acting()
            self.agent_selection = self._queue[0]

    def render(self):
        return self._parallel.render()

    def close(self):
        pass

    def state(self):
        return self._parallel.state()


def env(game: str, **kwargs) -> AECEnv:
    """A PettingZoo AEC environment of ``game`` (keyword arguments as ``parallel_env``)."""
    return AECEnv(game, **kwargs)


def parallel_env(game: str, **kwargs) -> ParallelEnv:
    """A PettingZoo Parallel environment of ``game``: ``render_mode`` (``"ansi"`` or
    ``"rgb_array"``), ``bots`` ({seat: built-in bot id}), ``players`` (seat count),
    ``max_steps`` (truncation), and the game's config keys (as ``koth config GAME``)."""
    return ParallelEnv(game, **kwargs)

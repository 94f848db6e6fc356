"""``koth.Batch``: numpy arrays written in place, auto-reset, and equality with single envs."""

import numpy as np
import pytest

import koth


@pytest.mark.parametrize("game", koth.games())
def test_batch_equals_single_envs(game):
    n, seeds = 3, [101, 202, 303]
    batch = koth.Batch(game, n, seed=9, max_steps=60)
    singles = [koth.Batch(game, 1, seed=9, max_steps=60) for _ in range(n)]
    for i, seed in enumerate(seeds):
        batch.restart(i, seed)
        singles[i].restart(0, seed)
    rng = np.random.default_rng(0)
    episodes = [0] * n
    for step in range(150):
        ids = np.zeros((n, len(batch.learners)), dtype=np.int64)
        for i in range(n):
            for row in range(len(batch.learners)):
                legal = np.flatnonzero(batch.masks[i, row])
                ids[i, row] = rng.choice(legal) if legal.size else 0
        obs, rewards, terminated, truncated, masks = batch.step(ids)
        for i, single in enumerate(singles):
            single.step(ids[i : i + 1])
            assert np.array_equal(rewards[i], single.rewards[0]), (step, i)
            assert terminated[i] == single.terminated[0] and truncated[i] == single.truncated[0]
            if terminated[i] or truncated[i]:
                # Each went on with its own episode seed (which depends on the env): compare
                # the ends, then restart both with the same seed.
                a, b = batch.finished(i), single.finished(0)
                assert a["scores"] == b["scores"] and np.array_equal(a["obs"], b["obs"])
                episodes[i] += 1
                batch.restart(i, seeds[i] + episodes[i])
                single.restart(0, seeds[i] + episodes[i])
            assert np.array_equal(obs[i], single.obs[0]), (step, i)
            assert np.array_equal(masks[i], single.masks[0])
    assert sum(episodes) > 0, "some game ended"


def test_arrays_are_written_in_place_and_games_restart_by_themselves():
    batch = koth.Batch("samurai", 64, seed=1, threads=2)
    obs, masks = batch.reset()
    same = obs
    ended = 0
    for k in range(40):
        obs, rewards, terminated, truncated, masks = batch.step(np.full((64, 2), k % 6))
        assert obs is same, "the same array every step"
        for i in np.flatnonzero(terminated):
            end = batch.finished(i)
            assert end["scores"] is not None and end["obs"].shape == (2, 47)
            assert batch.turn(i) == 0, "the next game began"
            ended += 1
    assert ended > 0
    assert obs.dtype == np.float32 and masks.dtype == np.bool_ and rewards.shape == (64, 2)


def test_bots_seats_and_refusals():
    batch = koth.Batch("tanks", 8, seed=2, seats=[None, "random", "hunter"])
    assert batch.learners == [0] and batch.num_players == 3
    with pytest.raises(ValueError, match="not legal"):
        bad = np.full((8, 1), batch.num_actions + 5)
        batch.step(bad)
    with pytest.raises(ValueError, match="no built-in bot"):
        koth.Batch("tanks", 1, seats=[None, "nobody"])
    with pytest.raises(ValueError, match="at least one env and one learner"):
        koth.Batch("samurai", 1, seats=["monk", "monk"])

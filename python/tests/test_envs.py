"""The PettingZoo and Gymnasium environments: the libraries' own API checks for every game,
seeding, and the seed rule shared with ``koth play``."""

import hashlib
import json
import os
import subprocess
import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

import koth

GAMES = koth.games()


@pytest.fixture(autouse=True)
def quiet():
    # The checks warn about style (unbounded Box spaces, all-zero masks of agents that do
    # not act); failures are assertions.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("game", GAMES)
def test_aec_api(game):
    api_test(koth.env(game), num_cycles=300)


@pytest.mark.parametrize("game", GAMES)
def test_parallel_api(game):
    parallel_api_test(koth.parallel_env(game), num_cycles=300)


@pytest.mark.parametrize("game", GAMES)
def test_seeds(game):
    seed_test(lambda: koth.env(game), num_cycles=100)
    parallel_seed_test(lambda: koth.parallel_env(game), num_cycles=100)


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_check_env(game):
    check_env(koth.gym.make(koth.gym.IDS[game]).unwrapped, skip_render_check=False)


@pytest.mark.parametrize("game", GAMES)
def test_render_modes(game):
    text = koth.parallel_env(game, render_mode="ansi")
    text.reset(seed=1)
    assert isinstance(text.render(), str) and text.render()
    picture = koth.parallel_env(game, render_mode="rgb_array")
    picture.reset(seed=1)
    rgb = picture.render()
    assert rgb.dtype == np.uint8 and rgb.ndim == 3 and rgb.shape[2] == 3
    assert rgb.shape[0] > 0 and len(np.unique(rgb.reshape(-1, 3), axis=0)) > 1


def play_out(env, seed, policy):
    """Plays a game to its end; the steps, each agent's summed reward, the last infos and
    a digest of every observation."""
    observations, _ = env.reset(seed=seed)
    steps, rewards = 0, {a: 0.0 for a in env.agents}
    digest = hashlib.sha256()
    while env.agents:
        actions = {a: policy(a, observations[a]) for a in env.agents}
        observations, reward, _, _, infos = env.step(actions)
        for a in sorted(observations):
            digest.update(observations[a]["observation"].tobytes())
        for a, r in reward.items():
            rewards[a] += r
        steps += 1
    return steps, rewards, infos, digest.hexdigest()


def first_legal(agent, observation):
    legal = np.flatnonzero(observation["action_mask"])
    return int(legal[0]) if legal.size else 0


@pytest.mark.parametrize("game", GAMES)
def test_a_seed_gives_one_game(game):
    # Four tanks: two on a 2 x 2 torus, each seeing it centred on itself, look alike.
    kwargs = {"max_steps": 200, "players": 4 if game == "tanks" else None}
    a = play_out(koth.parallel_env(game, **kwargs), 11, first_legal)
    assert a == play_out(koth.parallel_env(game, **kwargs), 11, first_legal)
    if game != "samurai":  # the duel draws nothing: every seed gives the same game
        assert a[3] != play_out(koth.parallel_env(game, **kwargs), 12, first_legal)[3]


def koth_binary():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    path = os.environ.get("KOTH_BIN", os.path.join(root, "target", "debug", "koth"))
    if not os.path.exists(path):
        pytest.skip(f"no koth binary at {path} (build it with `cargo build -p koth-cli`)")
    return path


def test_reset_seed_plays_the_game_koth_play_plays():
    # Seat 0 always waits (as builtin:waiter), seat 1 is the built-in bot that acts at
    # random: the same seed gives the same game as `koth play`.
    for seed in (5, 6, 7):
        report = json.loads(
            subprocess.run(
                [koth_binary(), "play", "samurai", "--seed", str(seed), "--json",
                 "--bot", "builtin:waiter", "--bot", "builtin:spork-holder"],
                check=True, capture_output=True, text=True,
            ).stdout
        )
        env = koth.parallel_env("samurai", bots={1: "spork-holder"})
        steps, _, infos, _ = play_out(env, seed, lambda agent, obs: 0)
        assert steps == report["turns"]
        assert infos["player_0"]["place"] == report["players"][0]["place"]
        # Own health is the observation's first entry, over the starting 20.
        final = env._single.obs(0)
        assert round(float(final[0]) * 20) == report["players"][0]["stats"]["health"]


def test_gym_env_against_a_bot_gives_the_result_in_info():
    env = koth.gym.make("koth/Samurai-v0", opponent="monk")
    obs, info = env.reset(seed=3)
    assert obs.shape == (47,) and info["action_mask"].tolist() == [1] * 6
    total, done = 0.0, False
    while not done:
        obs, reward, terminated, truncated, info = env.step(3)
        total += reward
        done = terminated or truncated
    assert "place" in info and total == {1: 1.0, 2: -1.0}.get(info["place"], 0.0)


def test_stepping_a_finished_game_is_an_error():
    env = koth.parallel_env("samurai")
    with pytest.raises(RuntimeError, match="reset"):
        env.step({})
    play_out(env, 1, first_legal)
    with pytest.raises(RuntimeError, match="reset"):
        env.step({"player_0": 0, "player_1": 0})
    single = koth.gym.make("koth/Samurai-v0").unwrapped
    with pytest.raises(RuntimeError, match="reset"):
        single.step(0)


def test_bad_arguments_are_clear_errors():
    with pytest.raises(ValueError, match="no game"):
        koth.parallel_env("chess")
    with pytest.raises(ValueError, match="no built-in bot"):
        koth.gym.make("koth/Samurai-v0", opponent="nobody")
    with pytest.raises(ValueError, match="bad config"):
        koth.parallel_env("samurai", health="lots")


def test_the_readme_random_agent_runs(capsys):
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    section = readme[readme.index("### From Python") :]
    example = section.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(example, "README.md", "exec"), {})
    assert "'place'" in capsys.readouterr().out

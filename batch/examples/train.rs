//! A linear softmax policy learns samurai against a built-in bot through the batch API, by
//! REINFORCE (no ML framework): 64 games at a time, the policy's logits a linear function of
//! the 47-entry observation, each game's return (+1 win, 0 draw, -1 loss) pushing up the log
//! probability of its actions, less a running baseline.
//!
//! ```sh
//! cargo run --release -p koth-batch --example train                 # 100 rounds against warrior-princess
//! cargo run --release -p koth-batch --example train -- --updates 60 --opponent attacker --svg curve.svg
//! ```
//!
//! A round plays until every env has finished a game (the policy learns from each game as it
//! ends). It prints the win rate over the first and the last 10% of the games played and
//! writes the learning curve (the win rate of each round's games, smoothed over 10 rounds) as
//! an SVG (default `target/train-samurai.svg`). It exits with status 1 if the policy did not
//! improve. Against `warrior-princess` (guards until attacked, then parries) the untrained,
//! uniform policy never wins; the learned one wins almost every game. Sparse-reward opponents
//! such as `monk` are beyond this linear learner.

use koth_batch::{Batch, Buffers, Options, SeatKind};
use koth_engine_core::{PlayerId, RngCore, SeedableRng};
use koth_samurai::Samurai;
use plotters::prelude::*;
use rand_pcg::Pcg64Mcg;

/// One decision of a game still running: the observation, the action, its probabilities.
struct Decision {
    obs: Vec<f32>,
    action: usize,
    probs: Vec<f32>,
}

/// A linear softmax policy: `logits = W obs + b`, masked.
struct Policy {
    inputs: usize,
    actions: usize,
    /// `actions x (inputs + 1)`, the bias last.
    weights: Vec<f32>,
}

impl Policy {
    fn probs(&self, obs: &[f32], mask: &[bool]) -> Vec<f32> {
        let row = self.inputs + 1;
        let logits: Vec<f32> = (0..self.actions)
            .map(|a| {
                let w = &self.weights[a * row..(a + 1) * row];
                w[self.inputs] + w.iter().zip(obs).map(|(w, x)| w * x).sum::<f32>()
            })
            .collect();
        let top = logits
            .iter()
            .zip(mask)
            .filter(|(_, m)| **m)
            .map(|(l, _)| *l)
            .fold(f32::NEG_INFINITY, f32::max);
        let exp: Vec<f32> = logits
            .iter()
            .zip(mask)
            .map(|(l, &m)| if m { (l - top).exp() } else { 0.0 })
            .collect();
        let total: f32 = exp.iter().sum();
        exp.iter().map(|e| e / total).collect()
    }

    fn sample(probs: &[f32], rng: &mut Pcg64Mcg) -> usize {
        let u = (rng.next_u64() >> 11) as f32 / (1u64 << 53) as f32;
        let mut acc = 0.0;
        for (a, p) in probs.iter().enumerate() {
            acc += p;
            if u < acc {
                return a;
            }
        }
        probs.iter().rposition(|&p| p > 0.0).unwrap_or(0)
    }

    /// REINFORCE: `lr * advantage * (onehot(a) - probs) x [obs, 1]` for every decision.
    fn learn(&mut self, game: &[Decision], advantage: f32, lr: f32) {
        let row = self.inputs + 1;
        for d in game {
            for a in 0..self.actions {
                let g = lr * advantage * (f32::from(u8::from(a == d.action)) - d.probs[a]);
                let w = &mut self.weights[a * row..(a + 1) * row];
                for (w, x) in w.iter_mut().zip(&d.obs) {
                    *w += g * x;
                }
                w[self.inputs] += g;
            }
        }
    }
}

struct Args {
    updates: usize,
    opponent: String,
    svg: String,
    seed: u64,
}

fn args() -> Args {
    let mut args = Args {
        updates: 100,
        opponent: "warrior-princess".into(),
        svg: "target/train-samurai.svg".into(),
        seed: 1,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().unwrap_or_else(|| panic!("{flag} needs a value"));
        match flag.as_str() {
            "--updates" => args.updates = value.parse().expect("--updates N"),
            "--opponent" => args.opponent = value,
            "--svg" => args.svg = value,
            "--seed" => args.seed = value.parse().expect("--seed N"),
            _ => panic!("unknown flag {flag} (--updates, --opponent, --svg, --seed)"),
        }
    }
    args
}

fn main() {
    let args = args();
    let envs = 64;
    let seats = [SeatKind::Learner, SeatKind::Bot(args.opponent.clone())];
    let options = Options {
        num_envs: envs,
        seed: args.seed,
        threads: 1,
        max_steps: None,
    };
    let mut batch = Batch::<Samurai>::new(Default::default(), &seats, options)
        .unwrap_or_else(|e| panic!("{e}"));
    let (o, a) = (batch.obs_len(), batch.num_actions());
    let mut obs = vec![0f32; envs * o];
    let mut rewards = vec![0f32; envs];
    let mut terminated = vec![false; envs];
    let mut truncated = vec![false; envs];
    let mut masks = vec![false; envs * a];
    let mut out = Buffers {
        obs: &mut obs,
        rewards: &mut rewards,
        terminated: &mut terminated,
        truncated: &mut truncated,
        masks: &mut masks,
    };
    batch.reset(out.reborrow()).expect("reset");
    let mut policy = Policy {
        inputs: o,
        actions: a,
        weights: vec![0.0; a * (o + 1)],
    };
    let mut rng = Pcg64Mcg::seed_from_u64(args.seed);
    let mut games: Vec<Vec<Decision>> = (0..envs).map(|_| Vec::new()).collect();
    let mut baseline = 0.0f32;
    let mut results: Vec<f32> = Vec::new();
    let mut curve: Vec<(usize, f32)> = Vec::new();
    let mut ids = vec![0u32; envs];
    for update in 0..args.updates {
        // Play until each env has finished a game (a whole batch of returns per update).
        let before = results.len();
        let mut done = vec![false; envs];
        while done.iter().any(|d| !d) {
            for (i, id) in ids.iter_mut().enumerate() {
                let row = &out.obs[i * o..(i + 1) * o];
                let probs = policy.probs(row, &out.masks[i * a..(i + 1) * a]);
                let action = Policy::sample(&probs, &mut rng);
                *id = action as u32;
                games[i].push(Decision {
                    obs: row.to_vec(),
                    action,
                    probs,
                });
            }
            batch.step(&ids, out.reborrow()).expect("a step");
            for (i, game) in games.iter_mut().enumerate() {
                if !(out.terminated[i] || out.truncated[i]) {
                    continue;
                }
                let result = batch
                    .finished(i)
                    .and_then(|f| f.outcome())
                    // Half-points: 2 a win, 1 a draw, 0 a loss.
                    .map_or(0.0, |outcome| match outcome.scores()[PlayerId(0)] {
                        2 => 1.0,
                        1 => 0.0,
                        _ => -1.0,
                    });
                policy.learn(game, result - baseline, 0.02 / game.len().max(1) as f32);
                baseline += 0.05 * (result - baseline);
                results.push(result);
                game.clear();
                done[i] = true;
            }
        }
        let wins = results[before..].iter().filter(|&&r| r > 0.0).count();
        curve.push((update, wins as f32 / (results.len() - before) as f32));
    }
    let tenth = (results.len() / 10).max(1);
    let win_rate = |r: &[f32]| r.iter().filter(|&&x| x > 0.0).count() as f32 / r.len() as f32;
    let first = win_rate(&results[..tenth]);
    let last = win_rate(&results[results.len() - tenth..]);
    println!(
        "{} games against {}: win rate {:.1}% over the first {tenth}, {:.1}% over the last {tenth}",
        results.len(),
        args.opponent,
        100.0 * first,
        100.0 * last
    );
    draw(&curve, &args).expect("the SVG");
    println!("learning curve: {}", args.svg);
    if last <= first {
        eprintln!("the policy did not improve");
        std::process::exit(1);
    }
}

/// The win rate per update, smoothed over 10 updates, as an SVG.
fn draw(curve: &[(usize, f32)], args: &Args) -> Result<(), Box<dyn std::error::Error>> {
    let smooth: Vec<(f32, f32)> = curve
        .iter()
        .enumerate()
        .map(|(k, _)| {
            let from = k.saturating_sub(9);
            let window = &curve[from..=k];
            let mean = window.iter().map(|(_, w)| w).sum::<f32>() / window.len() as f32;
            (k as f32, 100.0 * mean)
        })
        .collect();
    let root = SVGBackend::new(&args.svg, (640, 360)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!(
                "samurai: linear softmax policy vs {} (REINFORCE)",
                args.opponent
            ),
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(44)
        .build_cartesian_2d(0f32..curve.len().max(2) as f32, 0f32..100f32)?;
    chart
        .configure_mesh()
        .x_desc("round (every env finishes a game)")
        .y_desc("win rate %")
        .draw()?;
    chart.draw_series(LineSeries::new(smooth, &BLUE))?;
    root.present()?;
    Ok(())
}

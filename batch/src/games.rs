//! The five games as [`BatchGame`]s, and built-in bots as [`Opponent`]s.

use std::collections::VecDeque;

use koth_bomberman::Bomberman;
use koth_engine_core::{Bot, BotEntry, Contest, Game, Learn, PlayerId, RngCore, Tensor};
use koth_http_battleship::Battleship;
use koth_naval::{Naval, NavalOrders, Step};
use koth_samurai::Samurai;
use koth_tanks::Tanks;

/// Who plays a seat that no learner drives: it makes the seat's pre-game choice and then
/// acts whenever the seat is to act.
pub trait Opponent<G: Game>: Send {
    /// Before a game is built: writes the seat's pre-game choice into `config` (naval's ship
    /// class), drawing from `rng`; also forgets any earlier game.
    fn setup(&mut self, config: &mut G::Config, seat: PlayerId, rng: &mut dyn RngCore);

    /// The seat's action now.
    fn act(&mut self, game: &G, seat: PlayerId, rng: &mut dyn RngCore) -> G::Action;
}

/// A game a [`Batch`](crate::Batch) steps: a learning environment with observation tensors,
/// and its built-in bots as opponents.
pub trait BatchGame:
    Learn<Config: Send + Sync, Action: Send, Event: Send> + Tensor + Send + 'static
{
    /// The built-in bot `id` (as `koth bots` lists them) as an opponent, if the game has it.
    fn opponent(id: &str) -> Option<Box<dyn Opponent<Self>>>;

    /// The ids of the built-in bots.
    fn opponent_ids() -> Vec<&'static str>;
}

/// A game's own built-in bot, seeing what the seat observes: a new one each game, as
/// each match of the runner makes its bots (a bot's memory of one game must not play the
/// next).
struct BuiltIn<G: Contest> {
    entry: &'static BotEntry<G>,
    bot: Box<dyn Bot<G>>,
}

impl<G: Contest> Opponent<G> for BuiltIn<G> {
    fn setup(&mut self, config: &mut G::Config, seat: PlayerId, rng: &mut dyn RngCore) {
        self.bot = (self.entry.make)();
        if let Some(setup) = self.bot.setup(config, seat, rng) {
            G::apply_setup(config, seat, setup);
        }
    }

    fn act(&mut self, game: &G, seat: PlayerId, rng: &mut dyn RngCore) -> G::Action {
        self.bot.act(&game.observe(seat), rng)
    }
}

macro_rules! contest_batch_game {
    ($($game:ty),*) => {$(
        impl BatchGame for $game {
            fn opponent(id: &str) -> Option<Box<dyn Opponent<Self>>> {
                let entry = <$game as Contest>::bots().get(id)?;
                Some(Box::new(BuiltIn { entry, bot: (entry.make)() }))
            }

            fn opponent_ids() -> Vec<&'static str> {
                <$game as Contest>::bots().ids().collect()
            }
        }
    )*};
}

contest_batch_game!(Samurai, Tanks, Battleship, Bomberman);

/// A naval bot playing [`NavalOrders`]: at the start of its turn it decides the whole turn
/// on what it observes, as in a match, then gives the orders one per step and ends the turn.
/// A new one each game, as for [`BuiltIn`].
struct NavalBot {
    entry: &'static BotEntry<Naval>,
    bot: Box<dyn Bot<Naval>>,
    queue: VecDeque<Step>,
}

impl Opponent<NavalOrders> for NavalBot {
    fn setup(&mut self, config: &mut koth_naval::Config, seat: PlayerId, rng: &mut dyn RngCore) {
        self.queue.clear();
        self.bot = (self.entry.make)();
        if let Some(setup) = self.bot.setup(config, seat, rng) {
            Naval::apply_setup(config, seat, setup);
        }
    }

    fn act(&mut self, game: &NavalOrders, seat: PlayerId, rng: &mut dyn RngCore) -> Step {
        if game.orders_given() == 0 {
            self.queue.clear();
            let orders = self.bot.act(&game.game().observe(seat), rng);
            self.queue.extend(orders.iter().map(Step::Order));
            self.queue.push_back(Step::EndTurn);
        }
        self.queue.pop_front().unwrap_or(Step::EndTurn)
    }
}

impl BatchGame for NavalOrders {
    fn opponent(id: &str) -> Option<Box<dyn Opponent<Self>>> {
        let entry = Naval::bots().get(id)?;
        Some(Box::new(NavalBot {
            entry,
            bot: (entry.make)(),
            queue: VecDeque::new(),
        }))
    }

    fn opponent_ids() -> Vec<&'static str> {
        Naval::bots().ids().collect()
    }
}

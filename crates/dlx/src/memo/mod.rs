//! # Counting solutions with a memo (issue 41)
//!
//! The other engines visit every solution, so a count costs at least one
//! step per solution: 12,988,816 domino tilings of the 8x8 board take
//! seconds, and the 53,060,477,521,960,000 tilings of 12x12 would take
//! centuries. But most subproblems of such a search are the same subproblem
//! reached along different paths: once the left half of a board is tiled,
//! the number of ways to finish depends only on which cells of the right
//! half are already covered, not on how the left half was tiled. Counting
//! each distinct subproblem once and adding counts is the idea of DXZ,
//! Knuth's DLX6 (Nishino, Yasuda, Minato, Nagata: "Dancing with Decision
//! Diagrams: A Combined Approach to Exact Cover", AAAI 2017), which keys a
//! memo by the set of items still to cover; with an item order that sweeps
//! the board it becomes the transfer-matrix (frontier) method of counting
//! tilings. This module is written here from those ideas; it shares no code
//! with DXZ.
//!
//! ## The recursion
//!
//! A *state* (module `state`) says which *sweep items* (primary items with
//! bounds `1:1` or `0:1`) are decided, how many chosen options hold each
//! *counter* (a primary item with a larger upper bound: a piece with `k`
//! identical copies is a `k:k` item), and whether each secondary item is
//! free, taken without a color, or of which color. The count of a state is
//! the number of sets of further options that complete it; it branches on
//! the *first* undecided sweep item in the sweep order, over that item's
//! options that fit, plus (for a `0:1` item) leaving it uncovered. That
//! choice makes every solution reachable along exactly one path, so each set
//! of options is counted once, exactly as [`Solver::count`](crate::Solver::count)
//! counts them: each primary item covered between its bounds, each
//! secondary item by at most one option or by options agreeing on its
//! color. The walk (module `search`) keeps its stack in vectors, not on the
//! Rust stack. It requires every option to hold a sweep item (otherwise a
//! solution could hold an option that no branch ever offers):
//! [`MemoError::NoSweepItem`] names the first that does not.
//!
//! ## The memo
//!
//! Each state's count is cached under its *key*, the state's words with the
//! fields that can no longer change masked out (module `state`), in an
//! open-addressing hash table with a small multiply-fold hash (module
//! `cache`). The number of entries is bounded ([`MemoOptions::max_states`],
//! by default what fits in about 1 GiB); when the young half is full the
//! older half is dropped, so a count never fails for lack of memory, it only
//! recomputes. Counts are [`Count`]s, exact at any size: the domino tilings
//! of a 20x20 board (49 digits) are one count among others.
//!
//! ## The order
//!
//! States repeat only if the order sweeps the problem with a narrow front:
//! module `order` explains the frontier and gives [`sweep_order`], a
//! Cuthill-McKee order of the item co-occurrence graph, used when the
//! caller gives none. A caller that knows its geometry can do better: for a
//! `k x n` board with `k <= n`, column by column along the long side, the
//! `k` cells of a column in turn ([`MemoOptions::order`]).
//!
//! ## Example
//!
//! ```
//! // Domino tilings of a 2x3 board: 3.
//! let mut b = dlx::MatrixBuilder::new();
//! let cells: Vec<_> = (0..6).map(|k| b.primary(&format!("c{k}")).unwrap()).collect();
//! for (x, y) in [(0, 1), (1, 2), (3, 4), (4, 5), (0, 3), (1, 4), (2, 5)] {
//!     b.option(&[(cells[x], None), (cells[y], None)]).unwrap();
//! }
//! let m = b.build().unwrap();
//! let mut memo = dlx::memo::Memo::new(&m).unwrap();
//! assert_eq!(memo.count(), Ok(dlx::Count::from(3u128)));
//! ```

mod cache;
mod order;
mod search;
mod state;

pub use order::{complete_order, frontier, sweep_order};

use crate::count::Count;
use crate::matrix::{ItemId, Matrix, OptionId};
use cache::{Cache, bytes_per_entry};
use search::{Search, Watch};
use state::Layout;
use std::fmt;
use std::sync::atomic::AtomicBool;

/// Why a memoized count failed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MemoError {
    /// This option holds no primary item with bounds `1:1` or `0:1`, so the
    /// sweep cannot branch on it.
    NoSweepItem(OptionId),
    /// The order names an item that is not primary.
    NotPrimary(ItemId),
    /// The order names an item twice.
    Repeated(ItemId),
    /// Options given as already chosen name an option the matrix lacks.
    UnknownOption(OptionId),
    /// The stop flag was raised.
    Interrupted,
    /// The search's stack would outgrow the budget: it holds a state and
    /// its key for every sweep position, so it grows with the positions
    /// times the width of a state (a board of a million cells filled by
    /// monominoes: hundreds of GB).
    TooDeep {
        /// The stack's bytes at its deepest.
        bytes: usize,
        /// The budget ([`MemoOptions::max_bytes`], 1 GiB by default).
        budget: usize,
    },
}

impl fmt::Display for MemoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MemoError::NoSweepItem(o) => write!(
                f,
                "option {} holds no primary item with bounds 1:1 or 0:1; the memo engine cannot count this matrix",
                o.index() + 1
            ),
            MemoError::NotPrimary(i) => {
                write!(
                    f,
                    "item #{} in the sweep order is not a primary item",
                    i.index()
                )
            }
            MemoError::Repeated(i) => write!(f, "item #{} is twice in the sweep order", i.index()),
            MemoError::UnknownOption(o) => write!(f, "there is no option {}", o.index()),
            MemoError::Interrupted => write!(f, "interrupted"),
            MemoError::TooDeep { bytes, budget } => write!(
                f,
                "the memo engine's search would hold {} MiB of states at its deepest (a state of every sweep position), more than its budget of {} MiB; a search engine counts this matrix",
                bytes.div_ceil(1 << 20),
                budget >> 20
            ),
        }
    }
}

impl std::error::Error for MemoError {}

/// Choices for a [`Memo`]; `Default` gives the heuristic order, a cache of
/// about 1 GiB and a progress call every 2^20 states.
#[derive(Clone, Debug, Default)]
pub struct MemoOptions {
    /// The sweep order: primary items, the first decided first. Sweep items
    /// it leaves out follow in item order; counters in it are ignored.
    /// `None`: [`sweep_order`].
    pub order: Option<Vec<ItemId>>,
    /// The most states cached at once (at least 2). `None`: as many as fit
    /// in [`max_bytes`](Self::max_bytes) ([`Memo::max_states`] tells).
    pub max_states: Option<usize>,
    /// The cache's budget in bytes when `max_states` is `None`, and the
    /// search stack's in any case ([`MemoError::TooDeep`]). `None`: 1 GiB.
    pub max_bytes: Option<usize>,
    /// States entered between two calls of the progress hook (rounded to a
    /// multiple of 1024). `None`: 2^20.
    pub progress_every: Option<u64>,
}

/// The figures of a [`Memo`], cumulative over its counts.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct MemoStats {
    /// States entered (each call of the recursion, cache hits included).
    pub states: u64,
    /// States whose count came from the cache.
    pub hits: u64,
    /// States cached now.
    pub cached: u64,
    /// Times the older half of the cache was dropped.
    pub evictions: u64,
    /// States dropped by those evictions, in all.
    pub evicted: u64,
}

/// The memoized counting engine for one matrix (module doc). The cache is
/// kept from one count to the next: counts of states do not depend on where
/// they were reached from.
#[derive(Clone, Debug)]
pub struct Memo {
    layout: Layout,
    cache: Cache,
    stats: MemoStats,
    max_states: usize,
    progress_every: u64,
    num_options: usize,
}

/// The default budget of the cache (and of the search's stack), in bytes.
const DEFAULT_BYTES: usize = 1 << 30;

/// The bytes of the search's stack at its deepest: a state and its key
/// (`words` words each) for every sweep position.
fn stack_bytes(layout: &Layout) -> usize {
    layout
        .order
        .len()
        .saturating_mul(layout.words)
        .saturating_mul(2 * std::mem::size_of::<u64>())
}

/// Would the memo engine take `matrix` with these options: is its order
/// valid, does every option hold a sweep item, and does its stack fit the
/// budget ([`MemoError::TooDeep`])? What [`Memo::with_options`] checks,
/// without allocating the cache.
pub fn check(matrix: &Matrix, options: &MemoOptions) -> Result<(), MemoError> {
    layout(matrix, options).map(|_| ())
}

/// The state layout of `matrix` in the options' order, if the engine takes
/// it ([`check`]).
fn layout(matrix: &Matrix, options: &MemoOptions) -> Result<Layout, MemoError> {
    let order = match &options.order {
        Some(given) => complete_order(matrix, given)?,
        None => sweep_order(matrix),
    };
    let layout = Layout::new(matrix, order)?;
    let (bytes, budget) = (
        stack_bytes(&layout),
        options.max_bytes.unwrap_or(DEFAULT_BYTES),
    );
    if bytes > budget {
        return Err(MemoError::TooDeep { bytes, budget });
    }
    Ok(layout)
}

impl Memo {
    /// The engine for `matrix` with the default options.
    pub fn new(matrix: &Matrix) -> Result<Memo, MemoError> {
        Memo::with_options(matrix, MemoOptions::default())
    }

    /// The engine for `matrix` with these options. Fails if the order is
    /// not a list of distinct primary items, or if an option holds no sweep
    /// item.
    pub fn with_options(matrix: &Matrix, options: MemoOptions) -> Result<Memo, MemoError> {
        let layout = layout(matrix, &options)?;
        let max_states = options
            .max_states
            .unwrap_or(options.max_bytes.unwrap_or(DEFAULT_BYTES) / bytes_per_entry(layout.words))
            .max(2);
        Ok(Memo {
            cache: Cache::new(layout.words, max_states),
            layout,
            stats: MemoStats::default(),
            max_states,
            progress_every: options.progress_every.unwrap_or(1 << 20),
            num_options: matrix.num_options(),
        })
    }

    /// The sweep order in use: every sweep item once.
    pub fn order(&self) -> &[ItemId] {
        &self.layout.order
    }

    /// The most states cached at once.
    pub fn max_states(&self) -> usize {
        self.max_states
    }

    /// The figures so far.
    pub fn stats(&self) -> MemoStats {
        let mut s = self.stats;
        s.cached = self.cache.len() as u64;
        s.evictions = self.cache.evictions;
        s.evicted = self.cache.evicted;
        s
    }

    /// Empties the cache (the figures stay).
    pub fn clear_cache(&mut self) {
        self.cache.clear();
    }

    /// The number of solutions.
    pub fn count(&mut self) -> Result<Count, MemoError> {
        self.count_with(None, &mut |_| {})
    }

    /// The number of solutions, stopping with [`MemoError::Interrupted`]
    /// soon after `stop` is raised (it is read every 1024 states), calling
    /// `progress` every [`MemoOptions::progress_every`] states.
    pub fn count_with(
        &mut self,
        stop: Option<&AtomicBool>,
        progress: &mut dyn FnMut(&MemoStats),
    ) -> Result<Count, MemoError> {
        self.count_given(&[], stop, progress)
    }

    /// The number of solutions that hold all the options of `chosen` (a
    /// subproblem: a shard of a parallel count, say), taken as a set: 0 if
    /// they conflict.
    /// Stop and progress as [`count_with`](Self::count_with).
    pub fn count_given(
        &mut self,
        chosen: &[OptionId],
        stop: Option<&AtomicBool>,
        progress: &mut dyn FnMut(&MemoStats),
    ) -> Result<Count, MemoError> {
        if let Some(&o) = chosen.iter().find(|o| o.index() >= self.num_options) {
            return Err(MemoError::UnknownOption(o));
        }
        if stop.is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed)) {
            return Err(MemoError::Interrupted);
        }
        let mut state = self.layout.initial();
        let mut sorted = chosen.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        if !self.layout.take_all(&mut state, &sorted) {
            return Ok(Count::ZERO);
        }
        let watch = Watch {
            stop,
            progress,
            every: self.progress_every,
        };
        let result =
            Search::new(&self.layout, &mut self.cache, &mut self.stats, watch, state).run();
        self.stats = self.stats();
        result
    }
}

/// The number of solutions of `matrix`, with the default options.
pub fn count(matrix: &Matrix) -> Result<Count, MemoError> {
    Memo::new(matrix)?.count()
}

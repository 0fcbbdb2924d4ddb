//! The count itself: a depth-first walk of the states with an explicit
//! stack, so that a sweep of thousands of positions needs no deep Rust
//! recursion.
//!
//! `count(state)` is: 0 if a retired counter missed its lower bound; 1 if
//! every position is decided; the cached count if the state's key is in the
//! memo; else the sum, over the options listed under the first undecided
//! position `p` that fit the state, of `count(state + option)`, plus, if the
//! item at `p` is `0:1`, `count(state + p left uncovered)`; that sum is then
//! cached. Every solution is reached by exactly one path: at each state the
//! item at `p` is covered by exactly one option of the solution (an option
//! holding `p` whose positions are all undecided; its first position is `p`
//! since everything before `p` is decided) or, for a `0:1` item, by none.
//!
//! The stack: `frames[d]` is the state being summed at depth `d`, with its
//! state on entry at `snaps[d * words..]` (restored after each branch: that
//! is the whole undo) and its key at `keys[d * words..]`.

use super::cache::{Cache, hash};
use super::state::Layout;
use super::{MemoError, MemoStats};
use crate::count::Count;
use std::sync::atomic::{AtomicBool, Ordering};

/// How often (in states entered) the stop flag is read.
const STOP_EVERY: u64 = 1 << 10;

/// A state being summed.
struct Frame {
    /// Its first undecided position.
    pos: u32,
    /// The next entry of `options_at(pos)` to try.
    cursor: u32,
    /// Is the "leave the `0:1` item uncovered" branch still to take?
    skip: bool,
    /// Its key's hash.
    hash: u64,
    /// The sum so far.
    total: Count,
}

/// What the caller watches: the stop flag, and the progress hook with its
/// period (states entered between calls).
pub(super) struct Watch<'w> {
    pub stop: Option<&'w AtomicBool>,
    pub progress: &'w mut dyn FnMut(&MemoStats),
    pub every: u64,
}

/// One count from a given state (module doc).
pub(super) struct Search<'a, 'w> {
    layout: &'a Layout,
    cache: &'a mut Cache,
    stats: &'a mut MemoStats,
    watch: Watch<'w>,
    state: Vec<u64>,
    frames: Vec<Frame>,
    snaps: Vec<u64>,
    keys: Vec<u64>,
    /// Scratch room for the key of the state being entered.
    key: Vec<u64>,
}

impl<'a, 'w> Search<'a, 'w> {
    pub fn new(
        layout: &'a Layout,
        cache: &'a mut Cache,
        stats: &'a mut MemoStats,
        watch: Watch<'w>,
        state: Vec<u64>,
    ) -> Search<'a, 'w> {
        let words = layout.words;
        Search {
            layout,
            cache,
            stats,
            watch,
            state,
            frames: Vec::new(),
            snaps: Vec::new(),
            keys: Vec::new(),
            key: vec![0; words],
        }
    }

    /// Counts the solutions below the state given to `new`.
    pub fn run(mut self) -> Result<Count, MemoError> {
        let mut ret = self.enter(0)?;
        loop {
            if let Some(v) = ret {
                let Some(top) = self.frames.last_mut() else {
                    return Ok(v);
                };
                top.total.add(&v);
                let w = self.layout.words;
                let d = self.frames.len() - 1;
                self.state.copy_from_slice(&self.snaps[d * w..(d + 1) * w]);
            }
            ret = self.advance()?;
        }
    }

    /// Takes the top frame's next branch and enters it; or, when it has none
    /// left, caches its sum, pops it and returns the sum.
    fn advance(&mut self) -> Result<Option<Count>, MemoError> {
        let layout = self.layout;
        let d = self.frames.len() - 1;
        let f = &mut self.frames[d];
        let p = f.pos as usize;
        let options = layout.options_at(p);
        while (f.cursor as usize) < options.len() {
            let k = options[f.cursor as usize] as usize;
            f.cursor += 1;
            if layout.take(&mut self.state, k) {
                return self.enter(p + 1);
            }
        }
        if f.skip {
            f.skip = false;
            layout.skip(&mut self.state, p);
            return self.enter(p + 1);
        }
        let (h, total) = (f.hash, std::mem::take(&mut f.total));
        let w = layout.words;
        self.cache.insert(&self.keys[d * w..(d + 1) * w], h, &total);
        self.frames.pop();
        self.snaps.truncate(d * w);
        self.keys.truncate(d * w);
        self.stats.cached = self.cache.len() as u64;
        Ok(Some(total))
    }

    /// Enters the current state, whose first undecided position is `from`
    /// or later: returns its count if known at once, else pushes its frame.
    fn enter(&mut self, from: usize) -> Result<Option<Count>, MemoError> {
        self.stats.states += 1;
        if self.stats.states.is_multiple_of(STOP_EVERY) {
            self.check_watch()?;
        }
        let layout = self.layout;
        let p = layout.first_open(&self.state, from);
        if !layout.lows_met(&self.state, p) {
            return Ok(Some(Count::ZERO));
        }
        if p == layout.positions() {
            return Ok(Some(Count::ONE));
        }
        layout.key(&self.state, p, &mut self.key);
        let h = hash(&self.key);
        if let Some(v) = self.cache.get(&self.key, h) {
            self.stats.hits += 1;
            return Ok(Some(v));
        }
        self.frames.push(Frame {
            pos: p as u32,
            cursor: 0,
            skip: layout.optional[p],
            hash: h,
            total: Count::ZERO,
        });
        self.snaps.extend_from_slice(&self.state);
        self.keys.extend_from_slice(&self.key);
        Ok(None)
    }

    /// Reads the stop flag and, when due, calls the progress hook.
    fn check_watch(&mut self) -> Result<(), MemoError> {
        if self.watch.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return Err(MemoError::Interrupted);
        }
        let every = self.watch.every.max(STOP_EVERY);
        if self.stats.states % every < STOP_EVERY {
            self.stats.cached = self.cache.len() as u64;
            self.stats.evictions = self.cache.evictions;
            self.stats.evicted = self.cache.evicted;
            (self.watch.progress)(self.stats);
        }
        Ok(())
    }
}

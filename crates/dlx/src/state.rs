//! Which engine a solver searches with: the choice ([`EngineKind`], public)
//! and, for the engines that run the solver's own loop, the engine's data
//! structure (`EngineState`), one variant per engine and index type. Adding
//! such an engine adds a variant to each and an arm to `with_engine!` and to
//! the solver's `dispatch!`. The cell engine has its own loop (module
//! `cells`) and sits beside the loop in the solver instead.

use crate::bits::Bits;
use crate::cells;
use crate::links::{Index, Links};
use crate::matrix::{Matrix, OptionId};
use std::fmt;

/// The fewest options for which [`EngineKind::best_for`] picks the cell
/// engine. Chosen when the cell engine was slower than the bitset engine on
/// small matrices (1.3-2x its time on 13 queens, 169 options, and Langford
/// pairs for n = 12, 264). It is now faster there too (0.56x;
/// 0.22-0.27x on the puzzles, docs/performance.md), but below this size the
/// default stays the bitset engine, whose updates are DLX1's: lowering it
/// changes the figures small matrices report by default.
pub const CELLS_MIN_OPTIONS: usize = 512;

/// The engine a [`Solver`](crate::Solver) searches with. They differ in
/// speed, in the matrices they take, and in one more way:
///
/// * the links and the bitset engine walk the same tree, DLX1's, node for
///   node, and report the same solutions in the same order, the same
///   subproblems and the same node counts;
/// * the cell engine walks DLX1's tree too (same solutions in the same
///   order, same nodes) when every primary item has bounds `1:1`, but with
///   other bounds (counted items) its tree is its own; and it names the
///   choices of its subproblems its own way (by the option's first node).
///   Its subproblems, and so its checkpoints, mean nothing to the others.
///
/// ```
/// use dlx::{EngineKind, MatrixBuilder, Solver};
/// let mut b = MatrixBuilder::new();
/// for n in ["a", "b", "c"] { b.primary(n).unwrap(); }
/// for o in [&["a", "b"][..], &["c"], &["a"], &["b", "c"]] { b.option_by_names(o).unwrap(); }
/// let m = b.build().unwrap();
/// for engine in EngineKind::ALL {
///     let mut s = Solver::with_engine(&m, engine);
///     assert_eq!(s.engine(), engine);
///     assert_eq!(s.count(), 2);
/// }
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EngineKind {
    /// Knuth's dancing links: any matrix, the only engine for Algorithm M.
    Links,
    /// Sets of options as bit vectors (module `bits`): matrices without
    /// multiplicities and with at most 8192 options; faster there.
    Bits,
    /// The cell engine (module `cells`): occupancy masks, for matrices of at
    /// most 256 items without colors in which every option holds a primary
    /// item with bounds `1:1` (items with other bounds are counted, not
    /// branched on). Its own loop and, with counted items, its own tree.
    Cells,
}

impl EngineKind {
    /// Every engine, in the order of their names.
    pub const ALL: [EngineKind; 3] = [EngineKind::Bits, EngineKind::Cells, EngineKind::Links];

    /// The engine's stable name, for command lines and messages: `"links"`,
    /// `"bits"`, `"cells"`.
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::Links => "links",
            EngineKind::Bits => "bits",
            EngineKind::Cells => "cells",
        }
    }

    /// The engine called `name` (as given by [`name`](Self::name)), if any.
    pub fn from_name(name: &str) -> Option<EngineKind> {
        EngineKind::ALL.into_iter().find(|e| e.name() == name)
    }

    /// The engine [`Solver::new`](crate::Solver::new) picks for `m`: the
    /// cell engine when the matrix suits it and has at least
    /// [`CELLS_MIN_OPTIONS`] options (the polyform puzzles: 3-4x faster
    /// than the bitset engine there), else the bitset engine when it suits,
    /// else the links.
    pub fn best_for(m: &Matrix) -> EngineKind {
        if m.num_options() >= CELLS_MIN_OPTIONS && crate::cells::suits(m) {
            EngineKind::Cells
        } else if Bits::suits(m) {
            EngineKind::Bits
        } else {
            EngineKind::Links
        }
    }

    /// Can this engine search `m`? The links take every matrix.
    pub fn suits(self, m: &Matrix) -> bool {
        match self {
            EngineKind::Links => true,
            EngineKind::Bits => Bits::suits(m),
            EngineKind::Cells => cells::suits(m),
        }
    }

    /// Why this engine cannot search `m`, in words (`"its secondary items
    /// have colors"`, ...); `None` when it [`suits`](Self::suits) `m`. An
    /// option is named by its number in `m`, from 1 (`"option 2 holds
    /// ..."`).
    pub fn refusal(self, m: &Matrix) -> Option<String> {
        self.refusal_naming(m, &|o| format!("option {}", o.index() + 1))
    }

    /// [`refusal`](Self::refusal), with an option named by `option`: a
    /// caller that read `m` from a file names it as the file does (its
    /// number and line there).
    pub fn refusal_naming(self, m: &Matrix, option: &dyn Fn(OptionId) -> String) -> Option<String> {
        match self {
            EngineKind::Links => None,
            EngineKind::Bits if Bits::suits(m) => None,
            EngineKind::Bits if m.has_multiplicities() => {
                Some("it has primary items with bounds other than 1:1".into())
            }
            EngineKind::Bits if m.num_options() > crate::bits::MAX_OPTIONS => Some(format!(
                "it has {} options, the bitset engine takes at most {}",
                m.num_options(),
                crate::bits::MAX_OPTIONS
            )),
            EngineKind::Bits => self.cannot_fit(m),
            EngineKind::Cells => cells::refusal(m, option),
        }
    }

    /// Why this engine, although it could take `m`'s shape, would need too
    /// much memory for it, in words; `None` when it fits (or cannot take
    /// the shape anyway). Only the bitset engine has such a bound: its
    /// frames (one per level, each a bit per option and a counter per
    /// primary item) may take at most 64 MiB per thread.
    pub fn cannot_fit(self, m: &Matrix) -> Option<String> {
        if self != EngineKind::Bits
            || m.has_multiplicities()
            || m.num_options() > crate::bits::MAX_OPTIONS
        {
            return None;
        }
        let bytes = crate::bits::frame_bytes(m);
        (bytes > crate::bits::MAX_FRAME_BYTES).then(|| {
            format!(
                "its {} primary items and {} options would need up to {} MiB of search frames per thread, the bitset engine takes at most {} MiB",
                m.num_primary(),
                m.num_options(),
                bytes.div_ceil(1 << 20),
                crate::bits::MAX_FRAME_BYTES >> 20
            )
        })
    }

    /// The engine [`Solver::with_engine`](crate::Solver::with_engine)`(m,
    /// self)` searches with: `self` when it suits `m`; otherwise the links
    /// for the bitset engine, and [`best_for`](Self::best_for)`(m)` for the
    /// cell engine.
    pub fn resolve(self, m: &Matrix) -> EngineKind {
        match self {
            _ if self.suits(m) => self,
            EngineKind::Cells => EngineKind::best_for(m),
            EngineKind::Links | EngineKind::Bits => EngineKind::Links,
        }
    }
}

impl fmt::Display for EngineKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One search's engine: the links with the narrowest index type that holds
/// the matrix, or the bitset engine (over the matrix's shared tables).
pub(crate) enum EngineState<'m> {
    Small(Links<u16>),
    Large(Links<u32>),
    Bits(Bits<'m>),
}

/// Runs `$body` with `$e` bound to the solver's engine, whatever it is.
macro_rules! with_engine {
    ($state:expr, $e:ident => $body:expr) => {
        match $state {
            $crate::state::EngineState::Small($e) => $body,
            $crate::state::EngineState::Large($e) => $body,
            $crate::state::EngineState::Bits($e) => $body,
        }
    };
}

impl<'m> EngineState<'m> {
    /// The state of `kind` for `m`: the bitset engine when `kind` is it
    /// and `m` suits it, the links otherwise.
    pub fn new(m: &'m Matrix, kind: EngineKind) -> EngineState<'m> {
        if kind == EngineKind::Bits && kind.suits(m) {
            EngineState::Bits(Bits::new(m))
        } else if crate::links::node_count(m) <= u16::CAPACITY {
            EngineState::Small(Links::new(m))
        } else {
            EngineState::Large(Links::new(m))
        }
    }

    /// Which engine this is.
    pub fn kind(&self) -> EngineKind {
        match self {
            EngineState::Small(_) | EngineState::Large(_) => EngineKind::Links,
            EngineState::Bits(_) => EngineKind::Bits,
        }
    }

    /// Knuth's updates made so far: every engine keeps the count in a
    /// field `updates`, which its steps add to.
    pub fn updates(&self) -> u64 {
        with_engine!(self, e => e.updates)
    }

    /// Sets the update count (to zero, or back to a saved figure).
    pub fn set_updates(&mut self, updates: u64) {
        with_engine!(self, e => e.updates = updates)
    }

    /// Checks the engine's data structure (Knuth's `sanity` for the links),
    /// and when the solver is `idle` that it is exactly as built.
    pub fn sanity(&self, m: &Matrix, idle: bool) -> Result<(), String> {
        match self {
            EngineState::Small(l) => links_sanity(l, m, idle),
            EngineState::Large(l) => links_sanity(l, m, idle),
            EngineState::Bits(b) if idle => b.sanity_idle(),
            EngineState::Bits(_) => Ok(()),
        }
    }
}

/// Checks links (Knuth's `sanity`), and when the solver is idle that they
/// are exactly as built.
fn links_sanity<I: Index>(l: &Links<I>, m: &Matrix, idle: bool) -> Result<(), String> {
    l.sanity()?;
    if idle {
        let mut fresh = Links::new(m);
        fresh.updates = l.updates;
        fresh.emptied = l.emptied;
        fresh.zeroed = l.zeroed;
        if fresh != *l {
            return Err("links differ from their initial state after the search".into());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_stable_and_read_back() {
        let names: Vec<_> = EngineKind::ALL.iter().map(|e| e.name()).collect();
        assert_eq!(names, ["bits", "cells", "links"]);
        for e in EngineKind::ALL {
            assert_eq!(EngineKind::from_name(e.name()), Some(e));
            assert_eq!(e.to_string(), e.name());
        }
        assert_eq!(EngineKind::from_name("dlx"), None);
    }

    #[test]
    fn resolve_falls_back_where_an_engine_does_not_apply() {
        // Multiplicities: neither bits nor cells (no option holds a 1:1 item).
        let m = crate::format::parse("2:2|a\na\na\n").unwrap();
        assert_eq!(EngineKind::Bits.resolve(&m), EngineKind::Links);
        assert_eq!(EngineKind::Cells.resolve(&m), EngineKind::Links);
        assert!(EngineKind::Bits.refusal(&m).unwrap().contains("bounds"));
        // Colors: bits, not cells.
        let m = crate::format::parse("a | x\na x:red\n").unwrap();
        assert_eq!(EngineKind::Cells.resolve(&m), EngineKind::Bits);
        assert_eq!(EngineKind::Links.resolve(&m), EngineKind::Links);
        assert_eq!(EngineKind::Links.refusal(&m), None);
    }
}

//! Which engine a solver searches with: the choice ([`EngineKind`], public)
//! and the engine's data structure (`EngineState`), one variant per engine
//! and index type. Adding an engine adds a variant to each and an arm to
//! `with_engine!` and to the solver's `dispatch!`.

use crate::bits::Bits;
use crate::engine::Engine;
use crate::links::{Index, Links};
use crate::matrix::Matrix;

/// The data structure a [`Solver`](crate::Solver) searches with. Every
/// engine walks the same tree, node for node, and reports the same
/// solutions in the same order, the same subproblems and the same node
/// counts; they differ in speed and in the matrices they take.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EngineKind {
    /// Knuth's dancing links: any matrix, the only engine for Algorithm M.
    Links,
    /// Sets of options as bit vectors (module `bits`): matrices without
    /// multiplicities and with at most 8192 options; faster there.
    Bits,
}

impl EngineKind {
    /// The engine [`Solver::new`](crate::Solver::new) picks for `m`: the
    /// bitset engine when the matrix suits it, the links otherwise.
    pub fn best_for(m: &Matrix) -> EngineKind {
        if Bits::suits(m) {
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
        }
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
    /// The state of `kind` for `m`, or of the links when `m` does not suit
    /// `kind`.
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

    /// Knuth's updates made so far.
    pub fn updates(&self) -> u64 {
        with_engine!(self, e => e.updates())
    }

    /// Sets the update count.
    pub fn set_updates(&mut self, updates: u64) {
        with_engine!(self, e => e.set_updates(updates))
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
        if fresh != *l {
            return Err("links differ from their initial state after the search".into());
        }
    }
    Ok(())
}

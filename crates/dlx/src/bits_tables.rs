//! The bitset engine's tables as data: what a [`Matrix`](crate::Matrix)
//! keeps for the engine in `crate::bits`, which builds and reads them. Only
//! the types live here, so that the matrix needs nothing of the engine
//! (which uses the matrix).

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, OnceLock};

/// What the bitset engine knows of a matrix before any search: read-only,
/// shared by every solver of the matrix. See the module documentation.
#[derive(Clone, Debug)]
pub(crate) struct BitsTables {
    /// Words in a set of options: `ceil(options / 64)`, at least 1.
    pub(crate) w: usize,
    /// `N1`, the number of primary items.
    pub(crate) np: usize,
    /// `N`, the number of items (headers are nodes `1..=N`).
    pub(crate) num_items: u32,
    /// Row `o` (`w` words) once made: the options that conflict with option
    /// `o`, `o` itself included ([`conflict_row`](Self::conflict_row)).
    pub(crate) conflict: Vec<OnceLock<Box<[u64]>>>,
    /// Row `i` (`w` words): the options that hold item `i` (0-based), for
    /// every item; the first `np` rows are the primary items'.
    pub(crate) holders: Vec<u64>,
    /// `same[c]` (`w` words): the options that hold one (item, color)
    /// pair, and `colored[x]` that row's `c` for a node `x` of an option
    /// that holds its item in a color (no entry for uncolored nodes).
    pub(crate) same: Vec<u64>,
    pub(crate) colored: HashMap<u32, u32>,
    /// The primary items of option `o` (0-based):
    /// `prim[prim_start[o]..prim_start[o + 1]]`.
    pub(crate) prim_start: Vec<u32>,
    pub(crate) prim: Vec<u32>,
    /// Updates DLX makes to hide option `o`: its size minus one.
    pub(crate) hide_cost: Vec<u32>,
    /// Items whose commit covers them (primary and uncolored secondary), of
    /// option `o`, minus one for the item the option is chosen from.
    pub(crate) cover_cost: Vec<u32>,
    /// The links' node array, as far as names go: `first[o]` is option `o`'s
    /// first node; `top[x]` is node `x`'s item (1-based, 0 for spacers and
    /// headers), `opt[x]` its option.
    pub(crate) first: Vec<u32>,
    pub(crate) top: Vec<u32>,
    pub(crate) opt: Vec<u32>,
    /// The bottom frame: every option alive (`w` words), and each primary
    /// item's number of options (`np` counters).
    pub(crate) alive: Vec<u64>,
    pub(crate) len: Vec<u16>,
}

/// A matrix's slot for its [`BitsTables`]: empty until a bitset solver
/// first asks for them. Cloning a matrix shares the tables (they depend
/// only on the matrix); a matrix made by `retain_options` starts empty.
#[derive(Clone, Default)]
pub(crate) struct TablesCache(pub(crate) OnceLock<Arc<BitsTables>>);

impl fmt::Debug for TablesCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let state = if self.0.get().is_some() {
            "built"
        } else {
            "not built"
        };
        write!(f, "TablesCache({state})")
    }
}

//! The designer's arguments against independent arithmetic and a search.

mod explain;
mod forced;
mod generate;

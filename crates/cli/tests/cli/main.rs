//! The `polycover` binary as a user runs it: one test binary (faster to
//! build than one per file), one module per theme.

mod burr;
mod common;
mod counts;
mod disassemble;
mod dlx;
mod engine;
mod explain;
mod generate;
mod inputs;
mod json;
mod limits;
mod memo;
mod memo_split;
mod outputs;
mod play;
mod puzzle;
mod run;
mod shards;
mod stick_pictures;
mod stl;
mod svg;
mod twisty;
mod twisty_limits;
mod twisty_notation;
mod twisty_refusals;
mod twisty_solver;
mod view;

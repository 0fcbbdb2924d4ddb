//! Polyform puzzles (to come).

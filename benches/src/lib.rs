//! Benchmarks (to come).

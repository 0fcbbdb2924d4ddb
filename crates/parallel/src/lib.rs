//! The parallel driver (to come).

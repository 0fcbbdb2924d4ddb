//! Progress of the long steps (the stabilizer chain, the colour searches,
//! the solver's preparation and a solve), for a caller that shows it.
//!
//! Off until a hook is set; a report then costs one atomic load. The hook
//! is process-wide (the steps are deep in the library and report from
//! wherever they are), so a caller that runs several steps at once on
//! threads (the play server) leaves it unset.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};

/// What a long step says: its name, the work done and the total work (0
/// when not known yet).
pub type Hook = dyn Fn(&str, u64, u64) + Send + Sync;

static ON: AtomicBool = AtomicBool::new(false);
static HOOK: RwLock<Option<Arc<Hook>>> = RwLock::new(None);

/// Sets (or with `None` removes) the hook every report goes to.
pub fn set_hook(hook: Option<Arc<Hook>>) {
    let on = hook.is_some();
    if let Ok(mut h) = HOOK.write() {
        *h = hook;
    }
    ON.store(on, Ordering::SeqCst);
}

/// Reports `done` of `total` units of work of `step` to the hook, if any.
pub fn report(step: &str, done: u64, total: u64) {
    if !ON.load(Ordering::Relaxed) {
        return;
    }
    let hook = HOOK.read().ok().and_then(|h| h.clone());
    if let Some(h) = hook {
        h(step, done, total);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// The long steps report to the hook, with their work done never
    /// past the total they give.
    #[test]
    fn the_chain_and_the_solver_report_their_progress() {
        let seen: Arc<Mutex<Vec<(String, u64, u64)>>> = Arc::default();
        let s = seen.clone();
        set_hook(Some(Arc::new(move |step: &str, done, total| {
            s.lock().unwrap().push((step.to_string(), done, total));
        })));
        let p = crate::named("3x3x3").unwrap();
        crate::count::Counts::new(&p).unwrap();
        let perm = crate::solve::PermPuzzle::from_model(&p);
        crate::solve::Solver::prepare(&perm, &crate::solve::Options::default()).unwrap();
        set_hook(None);
        let seen = seen.lock().unwrap();
        for step in ["stabilizer chain", "preparing the solver"] {
            assert!(seen.iter().any(|r| r.0 == step), "no {step}: {seen:?}");
        }
        assert!(seen.iter().all(|r| r.2 == 0 || r.1 <= r.2), "{seen:?}");
    }
}

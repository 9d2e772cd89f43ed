//! Where a file's analysis time goes: named phases (host evaluation, trace,
//! flags, pairs) and solver stages, each with how often it ran and its time
//! summed over kernels, launch sites and threads.
//!
//! A [`Profile`] is a measurement sink, not a setting: clones share it, it
//! compares equal to every other profile, and nothing the engine decides
//! reads it. Times of parallel work add up, so a phase's time can exceed the
//! file's wall time.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// How often a phase ran and how long it took, in milliseconds.
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Phase {
    pub count: u64,
    pub ms: f64,
}

/// A shared table of phases; see the module documentation.
#[derive(Clone, Default)]
pub struct Profile(Arc<Mutex<BTreeMap<String, Phase>>>);

impl Profile {
    /// Adds one run of `name` that took `ms`.
    pub fn add(&self, name: &str, ms: f64) {
        // A poisoned table only loses measurements.
        if let Ok(mut table) = self.0.lock() {
            let phase = table.entry(name.to_string()).or_default();
            phase.count += 1;
            phase.ms += ms;
        }
    }

    /// Adds `n` events of `name` that take no time of their own (a pruning
    /// rule deciding pairs).
    pub fn count(&self, name: &str, n: u64) {
        if n == 0 {
            return;
        }
        if let Ok(mut table) = self.0.lock() {
            table.entry(name.to_string()).or_default().count += n;
        }
    }

    /// Runs `work` as one run of `name`.
    pub fn time<R>(&self, name: &str, work: impl FnOnce() -> R) -> R {
        let start = Instant::now();
        let out = work();
        self.add(name, start.elapsed().as_secs_f64() * 1000.0);
        out
    }

    /// The phases so far, by name.
    pub fn phases(&self) -> BTreeMap<String, Phase> {
        self.0.lock().map(|t| t.clone()).unwrap_or_default()
    }
}

impl PartialEq for Profile {
    /// Every profile is equal: a measurement does not make two settings
    /// differ.
    fn eq(&self, _: &Profile) -> bool {
        true
    }
}

impl Eq for Profile {}

impl std::fmt::Debug for Profile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.phases()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_one_table_and_runs_add_up() {
        let profile = Profile::default();
        let clone = profile.clone();
        profile.add("trace", 1.5);
        clone.add("trace", 2.0);
        let n = clone.time("pairs", || 7);
        assert_eq!(n, 7);
        let phases = profile.phases();
        assert_eq!(phases["trace"], Phase { count: 2, ms: 3.5 });
        assert_eq!(phases["pairs"].count, 1);
        assert_eq!(Profile::default(), profile);
    }
}

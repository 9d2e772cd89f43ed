//! Robust races: whether a race found with values gpurace does not know
//! (open values, see [`super::plausible`]) happens for every plausible value
//! of them, for some, or only for values no launch can have.
//!
//! The solver decides it, not sampling. A witness gives the two threads, the
//! iterations they are in and the data they read; the question is whether
//! the same threads still race for every other plausible value of the open
//! values: a model of the kernel's shared facts, the plausible domain and
//! the witness's thread-level values (pinned) in which the race's conditions
//! fail is a counterexample ([`smt::Solver::refute`]). None means the race
//! happens for every such value. A counterexample is asked again as a race
//! query with its values fixed: when no race exists there, the open size it
//! sits below becomes a threshold (`for every n >= 2`) and the check is
//! repeated; when the race exists there with other threads, or the
//! threshold grows past [`MAX_THRESHOLD`], the race holds under a condition,
//! which the report states with the witness's values and the
//! counterexample's.
//!
//! Leaves that facts define as functions of others (trip counts, abstracted
//! products) are not pinned: their defining facts are asserted for both
//! threads, so they follow the open values. Ticket facts of atomics are left
//! out (the witness's results are pinned).

use std::collections::{BTreeMap, BTreeSet, HashSet};

use gpurace_core::eval::Valuation;
use gpurace_core::term::{self as t, CmpOp, Leaf, Node, T};
use gpurace_core::Holds;

use super::facts::timeout_ms;
use super::lanes::Worker;
use super::plausible::{Frame, Holding, Kind};
use crate::config::Config;
use crate::smt::{self, Answer, Assignment, Query};

/// The largest threshold that is still "small" for a value: a race that
/// needs more holds under a condition. A size or count of data: 1024 (a
/// race across blocks of 256 threads needs 257 elements); a block: two
/// warps; a grid: two blocks. A block size gpurace does not know is not
/// assumed larger than the kernel's own assumptions about it.
pub(super) fn max_threshold(leaf: Leaf) -> i128 {
    match leaf {
        Leaf::BlockDim(_) => 64,
        Leaf::GridDim(_) => 2,
        _ => 1024,
    }
}

/// How much one check may do: counterexample rounds (each raises a
/// threshold or takes another witness), thresholds raised one past a
/// counterexample before one jumps to the witness's value, and halvings of
/// a threshold that jumped.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Effort {
    rounds: usize,
    steps: usize,
    bisections: usize,
}

/// For a race over values the program computes and gpurace could not: the
/// check decides whether it is a race.
const DECIDE: Effort = Effort { rounds: 8, steps: 3, bisections: 6 };

/// For a race over inputs alone: a race whatever the check says, which only
/// words its condition.
const WORDING: Effort = Effort { rounds: 3, steps: 1, bisections: 3 };

/// Checks per solver lane of each kind; a race left unchecked holds under
/// the condition of its witness, and says so.
const DECIDING_CHECKS: usize = 12;
const WORDING_CHECKS: usize = 3;
/// Checks of races over computed values a lane may still make once one of
/// them holds for every value.
const AFTER_DECIDED: usize = 3;

/// What one counterexample round found.
enum Round {
    Every,
    /// No race at all at these values of the open values.
    NoRaceAt(Box<Assignment>),
    /// A race with other threads at the counterexample's values.
    RaceAt(Box<Assignment>),
    Undecided,
}

/// The kernel-side values a condition names: those bound to the relevant
/// open values, except launch sizes the host code computes from values that
/// a parameter already shows (`(n + 255) / 256` blocks for `n`).
fn shown<'f>(frame: &'f Frame, relevant: &BTreeSet<Leaf>) -> Vec<&'f super::plausible::KernelValue> {
    let depends = |v: &super::plausible::KernelValue| -> BTreeSet<Leaf> {
        frame.open.depends.get(&v.leaf).map(|d| d.intersection(relevant).copied().collect()).unwrap_or_default()
    };
    let geometry = |v: &super::plausible::KernelValue| matches!(v.leaf, Leaf::BlockDim(_) | Leaf::GridDim(_));
    let mut covered = BTreeSet::new();
    for v in frame.open.kernel.iter().filter(|v| !geometry(v)) {
        covered.extend(depends(v));
    }
    frame
        .open
        .kernel
        .iter()
        .filter(|v| {
            let d = depends(v);
            !d.is_empty() && (!geometry(v) || frame.open.values.contains_key(&v.leaf) || !d.is_subset(&covered))
        })
        .collect()
}

/// How many sizes from its threshold up a counterexample is looked for
/// first (`Checks::round`).
const NEAR: i128 = 1;

/// `leaf <= max` for a kernel-side value.
fn at_most(v: &super::plausible::KernelValue, max: i128) -> T {
    let leaf = t::leaf(v.leaf, v.width, t::Deps::default());
    let op = if v.signed { CmpOp::Sle } else { CmpOp::Ule };
    t::cmp(op, &leaf, &t::constant_i(max, v.width))
}

/// `leaf >= min` for a kernel-side value.
fn at_least(v: &super::plausible::KernelValue, min: i128) -> T {
    let leaf = t::leaf(v.leaf, v.width, t::Deps::default());
    let op = if v.signed { CmpOp::Sle } else { CmpOp::Ule };
    t::cmp(op, &t::constant_i(min, v.width), &leaf)
}

/// The size a counterexample without a race sits below the witness in:
/// `(launch size, counterexample's value, witness's value, leaf)`, the
/// parameters first and the least value among them.
fn below(
    frame: &Frame,
    relevant: &BTreeSet<Leaf>,
    cex: &Assignment,
    witness: &Assignment,
) -> Option<(bool, i128, i128, Leaf)> {
    frame
        .open
        .kernel
        .iter()
        .filter(|v| v.size && frame.open.depends.get(&v.leaf).is_some_and(|d| d.iter().any(|l| relevant.contains(l))))
        .filter_map(|v| {
            let c = frame.open.value(cex, v.leaf, v.width, v.signed);
            let w = frame.open.value(witness, v.leaf, v.width, v.signed);
            let geometry = matches!(v.leaf, Leaf::BlockDim(_) | Leaf::GridDim(_));
            (c < w).then_some((geometry, c, w, v.leaf))
        })
        .min()
}

/// A lane's robustness checks: their solver, with only the shared facts
/// below every check, and how many checks of each kind the lane may still
/// make.
pub(crate) struct Checks {
    checker: Option<smt::Solver>,
    /// Robustness checks this lane may still make: of races over values the
    /// program computes (they decide whether the race counts), and of races
    /// over inputs alone (they only word the condition).
    robust_left: usize,
    wording_left: usize,
    /// This lane has found a race for every plausible value: the kernel
    /// races, and later checks only word their conditions.
    decided: bool,
}

impl Checks {
    /// The checks of one lane; no solver when the site leaves no value open.
    pub(crate) fn new(config: &Config, frame: &Frame, block_dims_used: [bool; 3]) -> Checks {
        let checker = (!frame.open.is_empty()).then(|| {
            let mut checker =
                smt::Solver::new(config.solver, config.query_rlimit / 5, timeout_ms(config), &config.debug);
            checker.block_dims_used = block_dims_used;
            checker.block = config.block;
            checker.assert_common(&frame.shared, &[]);
            checker.stage = "robust";
            checker
        });
        Checks { checker, robust_left: DECIDING_CHECKS, wording_left: WORDING_CHECKS, decided: false }
    }

    /// The work units the checks' solver spent.
    pub(crate) fn work(&self) -> u64 {
        self.checker.as_ref().map_or(0, |c| c.work())
    }
}

/// What one check is about: a race query, the open values it depends on,
/// and how it checks them.
#[derive(Clone, Copy)]
struct Subject<'a> {
    frame: &'a Frame,
    q: &'a Query,
    relevant: &'a BTreeSet<Leaf>,
    /// The inputs among the open values keep the witness's values.
    fix_inputs: bool,
    effort: Effort,
}

/// The outcome of one quantified check.
enum Outcome {
    /// The race holds for every plausible value with these lower bounds.
    Every(BTreeMap<Leaf, i128>),
    /// It fails at this model of the open values.
    Counter(Box<Assignment>),
    Undecided,
}

impl Checks {
    /// How the race of `q` (a race query for one relation, with its strict
    /// facts) whose checked model is `witness` depends on the open values.
    pub(crate) fn holding(&mut self, w: &mut Worker<'_>, q: &Query, witness: &Assignment) -> Holding {
        let Some(frame) = w.frame else { return Holding::default() };
        let relevant = frame.relevant(q);
        if relevant.is_empty() {
            return Holding::default();
        }
        let unmodelled = relevant.iter().any(|l| frame.open.values.get(l).is_some_and(|(k, _)| *k == Kind::Unmodelled));
        let inputs = relevant.iter().any(|l| frame.open.values.get(l).is_some_and(|(k, _)| *k == Kind::Input));
        let spent = w.work() + self.work();
        let (left, effort) =
            if unmodelled { (&mut self.robust_left, DECIDE) } else { (&mut self.wording_left, WORDING) };
        // The checks are work of the kernel's lane like its queries: once its
        // budget is spent, no more (a kernel's time is bounded by its work).
        if *left == 0 || spent > w.budget {
            let condition = format!(
                "with {}; gpurace did not check other values (the kernel's budget for such checks is spent)",
                describe(frame, witness, &relevant)
            );
            return Holding { holds: Holds::Conditional, condition: Some(condition), unmodelled, rests_on: None };
        }
        *left -= 1;
        let stage = std::mem::replace(&mut w.solver.stage, "robust");
        let subject = Subject { frame, q, relevant: &relevant, fix_inputs: false, effort };
        let every = self.forall(w, &subject, witness);
        let holding = match every {
            Outcome::Every(thresholds) => Holding {
                holds: Holds::EveryValue,
                condition: Some(every_text(frame, &relevant, &thresholds)),
                unmodelled: false,
                rests_on: None,
            },
            Outcome::Counter(cex) => {
                // Inputs fixed, every value of the computed ones: a race for
                // those inputs, whatever gpurace could not compute.
                let over_unmodelled = unmodelled
                    && !(inputs
                        && matches!(
                            self.forall(w, &Subject { fix_inputs: true, ..subject }, witness),
                            Outcome::Every(_)
                        ));
                let condition = format!(
                    "with {}, not for every value: not with {}",
                    describe(frame, witness, &relevant),
                    describe(frame, &cex, &relevant)
                );
                Holding {
                    holds: Holds::Conditional,
                    condition: Some(condition),
                    unmodelled: over_unmodelled,
                    rests_on: None,
                }
            }
            Outcome::Undecided => Holding {
                holds: Holds::Conditional,
                condition: Some(format!(
                    "with {}; gpurace could not decide whether other values have it",
                    describe(frame, witness, &relevant)
                )),
                unmodelled,
                rests_on: None,
            },
        };
        w.solver.stage = stage;
        // Once the lane has a race for every value, the kernel races: a few
        // more checks word its other races (ScoR's reduction, twenty
        // template instantiations, spent half its solver time here).
        if holding.holds == Holds::EveryValue && !self.decided {
            self.decided = true;
            self.robust_left = self.robust_left.min(AFTER_DECIDED);
        }
        holding
    }

    /// Whether the race of the subject holds for every plausible value of the
    /// open values (the inputs among them fixed to the witness's when
    /// `fix_inputs`), with the witness's threads.
    fn forall(&mut self, w: &mut Worker<'_>, subject: &Subject<'_>, witness: &Assignment) -> Outcome {
        let Some(mut checker) = self.checker.take() else { return Outcome::Undecided };
        let outcome = self.forall_with(w, &mut checker, subject, witness);
        self.checker = Some(checker);
        outcome
    }

    fn forall_with(
        &mut self,
        w: &mut Worker<'_>,
        checker: &mut crate::smt::Solver,
        s: &Subject<'_>,
        witness: &Assignment,
    ) -> Outcome {
        let (frame, relevant, effort) = (s.frame, s.relevant, s.effort);
        let mut thresholds: BTreeMap<Leaf, i128> = BTreeMap::new();
        let mut witness = Box::new(witness.clone());
        // A threshold set to the witness's value, and the least value it may
        // still be lowered to.
        let mut jumped: Option<(Leaf, i128)> = None;
        let mut raised = 0;
        let mut found = false;
        for _ in 0..effort.rounds {
            if w.work() + checker.work() > w.budget {
                return Outcome::Undecided;
            }
            match self.round(w, checker, s, &witness, &thresholds) {
                Round::Every => {
                    found = true;
                    break;
                }
                Round::Undecided => return Outcome::Undecided,
                // The witness's threads do not carry over to the
                // counterexample's values, other threads race there: go on
                // with those.
                Round::RaceAt(other) => witness = other,
                Round::NoRaceAt(cex) => {
                    // No race there: the size it sits below is a threshold;
                    // sizes of parameters before launch sizes.
                    let Some((_, c, w, leaf)) = below(frame, relevant, &cex, &witness) else {
                        return Outcome::Counter(cex);
                    };
                    // Step by step first, then straight to the witness's
                    // value (lowered again once it holds).
                    let next = if raised < effort.steps { c + 1 } else { w };
                    if next > max_threshold(leaf) {
                        return Outcome::Counter(cex);
                    }
                    if raised >= effort.steps {
                        jumped = Some((leaf, c + 1));
                    }
                    raised += 1;
                    thresholds.insert(leaf, next);
                }
            }
        }
        if !found {
            return Outcome::Undecided;
        }
        // Lower a threshold that jumped, by halves, while the race holds.
        if let Some((leaf, mut low)) = jumped {
            let mut high = thresholds[&leaf];
            for _ in 0..effort.bisections {
                if low >= high || w.work() + checker.work() > w.budget {
                    break;
                }
                let mid = low + (high - low) / 2;
                let mut trial = thresholds.clone();
                trial.insert(leaf, mid);
                match self.round(w, checker, s, &witness, &trial) {
                    Round::Every => high = mid,
                    // Other threads race at the lower value: try them once.
                    Round::RaceAt(other) => match self.round(w, checker, s, &other, &trial) {
                        Round::Every => {
                            high = mid;
                            witness = other;
                        }
                        _ => low = mid + 1,
                    },
                    Round::NoRaceAt(_) | Round::Undecided => low = mid + 1,
                }
            }
            thresholds.insert(leaf, high);
        }
        Outcome::Every(thresholds)
    }

    /// One counterexample round: none (the race holds for every value above
    /// `thresholds`), or one with or without a race at its values.
    fn round(
        &mut self,
        w: &mut Worker<'_>,
        checker: &mut crate::smt::Solver,
        s: &Subject<'_>,
        witness: &Assignment,
        thresholds: &BTreeMap<Leaf, i128>,
    ) -> Round {
        let (frame, q) = (s.frame, s.q);
        let mut positive = pins(frame, q, witness, s.relevant, s.fix_inputs);
        for v in &frame.open.kernel {
            if let Some(min) = thresholds.get(&v.leaf) {
                positive.push((at_least(v, *min), 1));
            }
        }
        let negative: Vec<(T, u8)> = frame.per_thread.iter().flat_map(|f| [(f.clone(), 1), (f.clone(), 2)]).collect();
        // A counterexample at the thresholds first: the least sizes are
        // where a race starts to hold, and a solver's model of the unbounded
        // question is any value at all (Bitwuzla's are often far from the
        // boundary, each a race of other threads, and the rounds ran out
        // before a threshold was found: `plausible/truth_param.racy`).
        let near: Vec<(T, u8)> = frame
            .open
            .kernel
            .iter()
            .filter(|v| v.size)
            .map(|v| (at_most(v, thresholds.get(&v.leaf).copied().unwrap_or(1) + NEAR - 1), 1))
            .collect();
        // Near the thresholds first: a counterexample with no race at all
        // there is the threshold's; one where other threads race does not
        // end the round, which asks the unbounded question too (a size where
        // no thread races may lie far above: a multiple of the block).
        let mut raced = None;
        if !near.is_empty() {
            let mut bounded = positive.clone();
            bounded.extend(near);
            if let Answer::Sat(cex) = checker.refute(q, &bounded, &negative) {
                match self.race_at(w, s, &cex) {
                    Round::RaceAt(other) => raced = Some(other),
                    round => return round,
                }
            }
        }
        let cex = match checker.refute(q, &positive, &negative) {
            // Only when some value keeps what the check fixes: a witness's
            // values and thresholds that no launch has would make the claim
            // empty.
            Answer::Unsat => {
                return match checker.satisfiable(&positive) {
                    Answer::Sat(_) => Round::Every,
                    _ => Round::Undecided,
                }
            }
            Answer::Unknown(_) => return Round::Undecided,
            Answer::Sat(cex) => cex,
        };
        match (self.race_at(w, s, &cex), raced) {
            // Other threads race at both: the nearer is the next witness.
            (Round::RaceAt(_), Some(near)) => Round::RaceAt(near),
            (round, _) => round,
        }
    }

    /// Whether a race exists at all with the counterexample's values of the
    /// open values (and with which threads).
    fn race_at(&mut self, w: &mut Worker<'_>, s: &Subject<'_>, cex: &Assignment) -> Round {
        let (frame, q) = (s.frame, s.q);
        let mut at = q.clone();
        at.one.extend(frame.open.shared.iter().map(|(f, _)| f.clone()));
        for leaf in s.relevant {
            let Some((_, width)) = frame.open.values.get(leaf) else { continue };
            let value = t::constant(cex.leaf(*leaf, 0, *width), *width);
            at.one.push(t::eq(&t::leaf(*leaf, *width, t::Deps::default()), &value));
        }
        let rlimit = w.rlimit;
        w.solver.set_rlimit(rlimit / 5);
        let answer = w.ask(&at);
        w.solver.set_rlimit(rlimit);
        match answer {
            Answer::Unsat => Round::NoRaceAt(Box::new(cex.clone())),
            Answer::Sat(other) => Round::RaceAt(other),
            Answer::Unknown(_) => Round::Undecided,
        }
    }
}

/// `n` = 4, `blockDim.x` = 64, for the kernel-side values bound to the
/// relevant open values (or the open values themselves).
fn describe(frame: &Frame, a: &Assignment, relevant: &BTreeSet<Leaf>) -> String {
    let mut parts = Vec::new();
    for v in shown(frame, relevant) {
        parts.push(format!("`{}` = {}", v.name, frame.open.value(a, v.leaf, v.width, v.signed)));
    }
    if parts.is_empty() {
        parts.push("the witness's values".into());
    }
    parts.join(", ")
}

fn every_text(frame: &Frame, relevant: &BTreeSet<Leaf>, thresholds: &BTreeMap<Leaf, i128>) -> String {
    let mut bounds = Vec::new();
    let mut names = Vec::new();
    for v in shown(frame, relevant) {
        match thresholds.get(&v.leaf) {
            Some(min) => bounds.push(format!("`{}` >= {min}", v.name)),
            None => names.push(format!("`{}`", v.name)),
        }
    }
    match (bounds.is_empty(), names.is_empty()) {
        (true, true) => "for every plausible value of the values gpurace does not know".into(),
        (true, false) => format!("for every plausible value of {}", names.join(", ")),
        (false, true) => format!("for every {}", bounds.join(" and ")),
        (false, false) => format!("for every {}, whatever {} is", bounds.join(" and "), names.join(", ")),
    }
}

/// The values a check keeps from the witness, as facts of thread 1 or 2:
/// each thread's ids, iterations and data (every per-thread leaf the facts
/// do not define), the functions' values at the points the witness uses,
/// the shared values a witness fixes, and the inputs when `fix_inputs`;
/// with the defining facts and the domain's shared facts.
fn pins(frame: &Frame, q: &Query, witness: &Assignment, relevant: &BTreeSet<Leaf>, fix_inputs: bool) -> Vec<(T, u8)> {
    let no = t::Deps::default();
    let mut out: Vec<(T, u8)> = Vec::new();
    let mut leaves = BTreeSet::new();
    let mut seen = HashSet::new();
    let terms: Vec<&T> = q.terms().into_iter().chain(&frame.per_thread).chain(&frame.definitions).collect();
    let mut functions: BTreeMap<String, (Vec<u32>, u32)> = BTreeMap::new();
    for term in &terms {
        t::leaves(term, &mut leaves, &mut seen);
    }
    let mut seen = HashSet::new();
    for term in &terms {
        t::visit(term, &mut seen, &mut |n| {
            if let Node::Uf(name, args) = &n.node {
                functions.insert(name.to_string(), (args.iter().map(|a| a.width.max(1)).collect(), n.width));
            }
            true
        });
    }
    for (leaf, width) in &leaves {
        let pinned = match leaf {
            Leaf::Tid(_) | Leaf::Bid(_) => true,
            Leaf::Fresh(i) => !frame.defined.contains(i),
            _ => false,
        };
        if !pinned || *width == 0 {
            continue;
        }
        for th in 0..2 {
            if let Some(v) = witness.values.get(&(*leaf, th)) {
                out.push((t::eq(&t::leaf(*leaf, *width, no), &t::constant(*v, *width)), th as u8 + 1));
            }
        }
    }
    for (leaf, width) in &frame.open.fixed {
        if let Some(v) = witness.values.get(&(*leaf, 0)) {
            out.push((t::eq(&t::leaf(*leaf, *width, no), &t::constant(*v, *width)), 1));
        }
    }
    if fix_inputs {
        for leaf in relevant {
            if let Some((Kind::Input, width)) = frame.open.values.get(leaf) {
                out.push((t::eq(&t::leaf(*leaf, *width, no), &t::constant(witness.leaf(*leaf, 0, *width), *width)), 1));
            }
        }
    }
    for ((name, args), value) in &witness.functions {
        let Some((widths, width)) = functions.get(name.as_ref()) else { continue };
        if widths.len() != args.len() {
            continue;
        }
        let args = args.iter().zip(widths).map(|(v, w)| t::constant(*v, *w)).collect();
        out.push((t::eq(&t::uf(name, args, *width), &t::constant(*value, *width)), 1));
    }
    for f in &frame.definitions {
        out.push((f.clone(), 1));
        out.push((f.clone(), 2));
    }
    out.extend(frame.shared_definitions.iter().map(|f| (f.clone(), 1)));
    out.extend(frame.open.shared.iter().map(|(f, _)| (f.clone(), 1)));
    out
}

//! What the host program says about one launch of a kernel: the facts the
//! host-guided analysis (`gpurace-host`) derived, in the engine's own terms.

use gpurace_ir::Span;

use crate::term::T;

/// One launch site of a kernel, or the hand-written facts of a kernel with
/// no launch in sight.
#[derive(Debug, Clone)]
pub struct Site {
    /// Index of the kernel in [`gpurace_ir::Program::kernels`].
    pub kernel: usize,
    /// Where the launch is; `None` for facts given by hand (`--assume`).
    pub span: Option<Span>,
    /// How a report names the site, e.g. `main.cu:88 (main)`.
    pub label: String,
    /// The launch configuration as written, e.g. `grid (n + 255) / 256, block 256`.
    pub config: String,
    /// Facts over shared leaves ([`crate::term::Leaf::Host`] values, kernel
    /// parameters, `blockDim`, `gridDim`) that hold whenever the launch runs.
    pub facts: Vec<T>,
    /// Those of `facts` that the program (or the user) states: the
    /// conditions the launch runs under (asserts, early exits, enclosing
    /// `if`s) and the facts given by hand, as opposed to what the evaluation
    /// derives (no signed overflow, loop summaries).
    pub tests: Vec<T>,
    /// `blockDim` / `gridDim` when the host code fixes every dimension.
    pub block: Option<[u32; 3]>,
    pub grid: Option<[u32; 3]>,
    /// Whether `facts` constrain the launch geometry: the engine then does not
    /// assume that dimensions the kernel does not read are 1.
    pub geometry: bool,
    /// Per kernel parameter: the host allocation a pointer argument points
    /// into and its byte offset there (64 bits).
    pub pointers: Vec<Option<(u32, T)>>,
    /// Per allocation: its size in bytes (64 bits), when known.
    pub extents: Vec<Option<T>>,
    /// Per allocation: where it was made, for reports.
    pub allocations: Vec<String>,
    /// What the launch binds the kernel's launch sizes (`BlockDim`,
    /// `GridDim`) and integer parameters (`Param`) to, in host terms: what a
    /// race that uses one of them rests on in the host code.
    pub bindings: Vec<(crate::term::Leaf, T)>,
    /// What the launch binds integer fields of by-value `struct` parameters
    /// to: `(parameter, ".rows", value)`. The engine numbers field leaves
    /// per trace, so these become facts and bindings once it has traced.
    pub fields: Vec<(u32, String, T)>,
    /// Names of the host values, by [`crate::term::Leaf::Host`] index, with
    /// their width and signedness.
    pub values: Vec<HostValue>,
    /// Where the site stands in a host loop of a few constant iterations
    /// that the host evaluation ran both ways; `None` for any other site.
    pub unrolling: Option<Unrolling>,
}

/// The two ways of running a host loop of a few constant iterations around
/// a launch (`gpurace-host`, `loops.rs`), each numbered by the loop's run:
/// its summary (every iteration at once, the counter one unknown value) and
/// each iteration on its own. A kernel is checked at the summary first;
/// at the iterations only when the summary leaves it undecided, in place of
/// the summary (`gpurace-static`, `check_sites`): the file's budget is not
/// split over iterations that one check decides together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Unrolling {
    Summary(u32),
    Iteration(u32),
}

/// A host value the witness reports, e.g. `n` = `atoi(argv[1])`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostValue {
    pub name: String,
    pub width: u32,
    pub signed: bool,
    pub origin: Origin,
    /// Where the host evaluation made it (the statement it was at).
    pub span: Option<Span>,
}

/// Where a value a witness rests on comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// A genuine input of the program: `argv`, a file, `rand`, the
    /// environment, a value the CUDA runtime picks (a pitch, a status).
    Input,
    /// The value of a host loop's counter at the iteration that launches (or
    /// after the loop), for a loop whose iterations gpurace summarised
    /// exactly (`for (i = a; i < n; i += c)`, `for (s = 1; s < n; s *= 2)`):
    /// fixed by the program, one value per iteration.
    Iteration,
    /// A value the program computes but gpurace did not: a host expression,
    /// call or construct it does not model. A race that rests on one is
    /// `approximate`.
    Unmodelled,
}

impl Site {
    /// A site that says nothing.
    pub fn empty(kernel: usize) -> Site {
        Site {
            kernel,
            span: None,
            label: String::new(),
            config: String::new(),
            facts: Vec::new(),
            tests: Vec::new(),
            block: None,
            grid: None,
            geometry: false,
            pointers: Vec::new(),
            extents: Vec::new(),
            allocations: Vec::new(),
            bindings: Vec::new(),
            fields: Vec::new(),
            values: Vec::new(),
            unrolling: None,
        }
    }
}

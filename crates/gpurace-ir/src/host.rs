use serde::{Deserialize, Serialize};

use crate::{Block, Expr, LoopPattern, Param, Span, Var, VarId};

/// A host function that launches kernels or leads to one (full body kept, so
/// host-guided analysis can evaluate it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HostFunction {
    pub name: String,
    pub span: Span,
    pub params: Vec<Param>,
    pub vars: Vec<Var>,
    pub body: Block,
}

impl HostFunction {
    /// Whether this is a program's `main`: `main`, or `main@UNIT` where the
    /// linker joined units of several programs (each keeps its own).
    pub fn is_main(&self) -> bool {
        source_name(&self.name) == "main"
    }
}

/// A host function's name as the source spells it: without the `@UNIT` the
/// linker adds to a second definition of one name.
pub fn source_name(name: &str) -> &str {
    name.split_once('@').map_or(name, |(base, _)| base)
}

/// How the launch was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum LaunchForm {
    /// `kernel<<<grid, block, shmem, stream>>>(args)`
    Chevrons,
    /// `cudaLaunchKernel(kernel, grid, block, args, shmem, stream)`
    LaunchKernel,
    /// `cudaLaunchCooperativeKernel(...)`
    Cooperative,
}

/// How memory was obtained.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum AllocKind {
    CudaMalloc,
    CudaMallocManaged,
    CudaMallocHost,
    CudaMallocPitch,
    Malloc,
    Calloc,
    New,
    Vector,
}

/// One allocation call seen before a launch in the same host function.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Alloc {
    pub kind: AllocKind,
    /// The host variable that receives the pointer, when it is a plain variable.
    pub target: Option<VarId>,
    /// Bytes (or elements for `new[]`/`std::vector`, see `kind`).
    pub size: Expr,
    pub span: Span,
}

/// A fact the host code establishes at a launch site, recorded for the
/// host-guided analysis.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum HostFact {
    /// The launch runs only when `cond` is `holds` (an enclosing `if`, or an
    /// early exit `if (c) return;` before it, recorded with `holds: false`).
    Guard {
        cond: Expr,
        holds: bool,
        span: Span,
    },
    /// An `assert(cond)` that dominates the launch.
    Assert {
        cond: Expr,
        span: Span,
    },
    /// An enclosing loop; `pattern` when its shape is recognised.
    Loop {
        pattern: Option<LoopPattern>,
        span: Span,
    },
    Alloc(Alloc),
    /// A call to another host function before the launch.
    Call {
        callee: String,
        args: Vec<Expr>,
        span: Span,
    },
}

/// One launch site.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Launch {
    pub form: LaunchForm,
    /// Index into [`crate::Program::kernels`], `None` when the launched kernel
    /// could not be resolved (a function pointer, a kernel from another file).
    pub kernel: Option<usize>,
    /// The kernel's name as written at the site.
    pub kernel_name: String,
    /// The host function that contains the site.
    pub host_function: String,
    pub span: Span,
    pub grid: [Expr; 3],
    pub block: [Expr; 3],
    pub shmem: Option<Expr>,
    pub stream: Option<Expr>,
    pub args: Vec<Expr>,
    pub facts: Vec<HostFact>,
    /// The value of the kernel pointer launched, when the site launches
    /// through a pointer the lowering could not follow (a parameter:
    /// `template <class... A> void launch(void (*k)(A...), ...) {
    /// k<<<g, b>>>(...); }`): the host evaluation resolves it at each call
    /// to the kernel it holds (a kernel's address is `&NAME`, see
    /// [`crate::FUNCTION_VALUE_PREFIX`]).
    #[serde(default)]
    pub callee: Option<Expr>,
}

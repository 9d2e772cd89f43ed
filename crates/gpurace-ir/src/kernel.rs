use serde::{Deserialize, Serialize};

use crate::{Block, Diagnostic, HostFunction, Launch, Record, Space, Span, Type};

/// Index into a function's [`Kernel::vars`] (or [`HostFunction::vars`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct VarId(pub u32);

/// Index into [`Kernel::shared`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct SharedId(pub u32);

/// Index into [`Program::globals`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct GlobalId(pub u32);

/// What a variable stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum VarKind {
    /// A local variable of the source (or a parameter of an inlined function).
    Local,
    /// The value of one memory read: a per-thread unknown for the static engine.
    Read,
    /// A temporary introduced by the lowering (short-circuit results, ...).
    Temp,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Var {
    pub name: String,
    pub ty: Type,
    pub kind: VarKind,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Param {
    pub name: String,
    pub ty: Type,
}

/// A `__shared__` variable: declared in the kernel (or an inlined function),
/// one copy per block.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SharedVar {
    pub name: String,
    pub ty: Type,
    /// `extern __shared__ T x[]`: sized by the launch's dynamic shared memory.
    pub is_extern: bool,
    pub span: Span,
}

/// A variable at namespace scope: in device memory (`__device__`,
/// `__constant__`, `__managed__`, `__shared__`), or a host variable
/// (`Space::Host`) that host code reads and writes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Global {
    pub name: String,
    pub ty: Type,
    pub space: Space,
    /// `extern __shared__ T x[]` at namespace scope: sized by each launch's
    /// dynamic shared memory, one copy per block like any shared variable.
    pub is_extern: bool,
    pub span: Span,
    /// A host variable's value when the program starts, when it is a
    /// constant (static storage without an initializer starts at 0).
    pub init: Option<i128>,
    /// A device or constant variable's bytes when the kernel starts.
    #[serde(default)]
    pub initial: Initial,
    /// A host variable's function pointers when the program starts, by byte
    /// offset: a table of handlers (`{{"scale", run_scale}, ...}`) the host
    /// code calls through, each the name of a host function or kernel
    /// (the pure call `&NAME`, [`crate::FUNCTION_VALUE_PREFIX`], would be its
    /// value).
    #[serde(default)]
    pub functions: Vec<(u64, String)>,
}

/// What a device or `__constant__` variable holds when a kernel starts.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub enum Initial {
    /// Zero (no initializer; the host code's copies are not followed).
    #[default]
    Zero,
    /// The bytes of an initializer of constants, little-endian (the rest of
    /// the variable is zero).
    Bytes(Vec<u8>),
    /// An initializer the front-end does not evaluate.
    Unknown,
}

/// One kernel: a `__global__` function, or one template instantiation of one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Kernel {
    /// The name as written, e.g. `reduce`.
    pub name: String,
    /// Template arguments of this instantiation, e.g. `<256, float>`; empty otherwise.
    pub template_args: String,
    pub span: Span,
    pub params: Vec<Param>,
    pub vars: Vec<Var>,
    pub shared: Vec<SharedVar>,
    pub body: Block,
    /// Set when lowering had to approximate (unknown constructs, recursion).
    pub approximate: bool,
    /// Device functions the user's program declares without a body (an
    /// external library's) that the kernel calls: what they return is an
    /// input of the program, like a library kernel's parameter.
    pub externals: Vec<String>,
}

impl Kernel {
    /// `name<args>` for instantiations, `name` otherwise.
    pub fn display_name(&self) -> String {
        format!("{}{}", self.name, self.template_args)
    }
}

/// Everything the front-end produced for one translation unit.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Program {
    /// Source files, indexed by [`crate::FileId`].
    pub files: Vec<String>,
    pub records: Vec<Record>,
    pub globals: Vec<Global>,
    pub kernels: Vec<Kernel>,
    pub host_functions: Vec<HostFunction>,
    pub launches: Vec<Launch>,
    /// Functions the user's files declare without a body here that host code
    /// calls: another translation unit of the program may define them (a
    /// launch wrapper in `kernels.cu` called from `main.cpp`).
    pub externals: Vec<String>,
    /// The program has no `main`, but a source beside it (in its folder or
    /// the one above) defines one that gpurace did not link: it is part of
    /// an executable, and a function nothing here calls is called from code
    /// gpurace did not see, not an entry point of a library. Set by the
    /// caller that finds the units (the CLI).
    #[serde(default)]
    pub main_elsewhere: bool,
}

impl Program {
    pub fn file_name(&self, span: Span) -> &str {
        self.files.get(span.file.0 as usize).map(String::as_str).unwrap_or("<unknown>")
    }

    /// Diagnostic-friendly location of a span.
    pub fn locate(&self, span: Span) -> (String, u32, u32) {
        (self.file_name(span).to_string(), span.line, span.col)
    }

    /// A diagnostic placed at `span`.
    pub fn diag_at(&self, diag: Diagnostic, span: Span) -> Diagnostic {
        diag.at(self.file_name(span), span.line, span.col)
    }
}

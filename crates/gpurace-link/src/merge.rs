//! Joins the IR of several translation units into one [`Program`], as a
//! linker joins object files: one copy of each file, record and global; a
//! kernel or host function a header defines in several units once; a
//! launch of a kernel another unit defines bound to it.

use std::collections::HashMap;

use gpurace_ir::{FileId, GlobalId, Program, Span};

use crate::remap::Remap;

/// A linked program and where its kernels came from.
#[derive(Debug, Default)]
pub struct Linked {
    pub program: Program,
    /// The unit (index into the linker's input) that defined each kernel
    /// first.
    pub kernel_unit: Vec<usize>,
}

/// Links `units` in order. Every kernel and host function of the first
/// unit keeps its index relative to the other kernels of that unit, so the
/// first unit's kernels are `0..units[0].kernels.len()` of the result.
///
/// Host functions two units define at different places (a `static` helper
/// in each, or `main` of two programs) are both kept: the later is renamed
/// `NAME@UNIT` and the calls inside its own unit follow it; a call from a
/// unit that does not define the name reaches the first definition.
pub fn link(units: Vec<Program>) -> Linked {
    let mut out = Linked::default();
    let mut files: HashMap<String, FileId> = HashMap::new();
    let mut globals: HashMap<String, GlobalId> = HashMap::new();
    let mut kernels: HashMap<(String, String, String, u32, u32), usize> = HashMap::new();
    // Host functions by name: where the kept definition is.
    let mut functions: HashMap<String, (String, u32)> = HashMap::new();
    for (u, mut unit) in units.into_iter().enumerate() {
        let file_ids: Vec<FileId> = unit
            .files
            .iter()
            .map(|name| {
                *files.entry(name.clone()).or_insert_with(|| {
                    out.program.files.push(name.clone());
                    FileId(out.program.files.len() as u32 - 1)
                })
            })
            .collect();
        let place = |span: Span| -> (String, u32) {
            let file = unit.files.get(span.file.0 as usize).cloned().unwrap_or_default();
            (file, span.line)
        };
        for record in std::mem::take(&mut unit.records) {
            if !out.program.records.iter().any(|r| r.name == record.name) {
                out.program.records.push(record);
            }
        }
        let mut global_ids = Vec::new();
        for global in &unit.globals {
            let id = *globals.entry(global.name.clone()).or_insert_with(|| {
                out.program.globals.push(global.clone());
                GlobalId(out.program.globals.len() as u32 - 1)
            });
            global_ids.push(id);
        }
        let mut kernel_ids = Vec::new();
        let mut fresh_kernels = Vec::new();
        for (k, kernel) in unit.kernels.iter().enumerate() {
            let (file, line) = place(kernel.span);
            let key = (kernel.name.clone(), kernel.template_args.clone(), file, line, kernel.span.col);
            let next = out.program.kernels.len() + fresh_kernels.len();
            let id = *kernels.entry(key).or_insert_with(|| {
                fresh_kernels.push(k);
                next
            });
            kernel_ids.push(id);
        }
        let mut renames = HashMap::new();
        let mut keep = Vec::new();
        for f in &unit.host_functions {
            let here = place(f.span);
            match functions.get(&f.name) {
                None => {
                    functions.insert(f.name.clone(), here);
                    keep.push(true);
                }
                // One definition in a header every unit includes.
                Some(first) if *first == here => keep.push(false),
                Some(_) => {
                    renames.insert(f.name.clone(), format!("{}@{u}", f.name));
                    keep.push(true);
                }
            }
        }
        let remap = Remap {
            files: file_ids,
            globals: global_ids,
            launch_base: out.program.launches.len(),
            kernels: kernel_ids,
            renames,
        };
        for (k, mut kernel) in std::mem::take(&mut unit.kernels).into_iter().enumerate() {
            if fresh_kernels.contains(&k) {
                remap.kernel(&mut kernel);
                out.program.kernels.push(kernel);
                out.kernel_unit.push(u);
            }
        }
        // The launches of a duplicate host function stay (their indices are
        // the unit's), unreachable: the kept copy's launches are the same.
        for (mut f, keep) in std::mem::take(&mut unit.host_functions).into_iter().zip(keep) {
            if keep {
                remap.host_function(&mut f);
                out.program.host_functions.push(f);
            }
        }
        for mut launch in std::mem::take(&mut unit.launches) {
            remap.launch(&mut launch);
            out.program.launches.push(launch);
        }
    }
    resolve_launches(&mut out.program);
    out
}

/// Binds each launch whose kernel its unit only declares (`kernel<<<g,
/// b>>>(...)` with the body in another unit) to the kernel of that name,
/// when exactly one kernel has it.
fn resolve_launches(program: &mut Program) {
    for launch in program.launches.iter_mut().filter(|l| l.kernel.is_none()) {
        let written = launch.kernel_name.trim_start_matches("::");
        let matching: Vec<usize> = program
            .kernels
            .iter()
            .enumerate()
            .filter(|(_, k)| {
                let shown = k.display_name();
                written == shown || written == k.name || written.ends_with(&format!("::{shown}"))
            })
            .map(|(i, _)| i)
            .collect();
        if let [only] = matching[..] {
            launch.kernel = Some(only);
        }
    }
}

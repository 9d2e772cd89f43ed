//! The library calls the program's run models: memory (the C library's
//! and CUDA's allocations, copies and fills), the C library's random
//! numbers, number parsing, the algorithms of `<algorithm>` and `<numeric>`
//! on raw pointers, and the end of the program. Any other call returns a
//! value the run does not know and makes unknown what it may write: the
//! host variables it gets pointers to, and the whole buffer behind a
//! pointer into one (a CUDA runtime call writes only host variables: it
//! returns `cudaSuccess`).

use gpurace_ir::{Span, Type};

use super::taint::Kind;
use super::{End, Exec, Val, INPUT, UNKNOWN};
use crate::code::Scalar;
use crate::funcs::{bits_of, float_of};

/// Calls inside expressions that the executor runs (the rest are the
/// compiler's: math, intrinsics).
pub fn hoisted(func: &str) -> bool {
    matches!(
        base(func),
        "atoi"
            | "atol"
            | "atoll"
            | "atof"
            | "strtol"
            | "strtoul"
            | "strtoll"
            | "strtoull"
            | "strtod"
            | "strtof"
            | "new"
            | "rand"
            | "random"
            | "drand48"
            | "lrand48"
            | "time"
            | "clock"
            | "strcmp"
            | "strncmp"
            | "strlen"
    )
}

/// The callee that makes a string literal's bytes: this, then the literal
/// as clang spells it (`"-n"`).
pub const LITERAL: &str = "__gpurace_literal ";

/// The bytes of a C string literal as clang spells it, NUL-terminated.
fn literal_bytes(text: &str) -> Vec<u8> {
    let inner = text.trim().trim_start_matches('"').trim_end_matches('"');
    let mut out = Vec::with_capacity(inner.len() + 1);
    let mut chars = inner.bytes().peekable();
    while let Some(c) = chars.next() {
        if c != b'\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some(b'n') => out.push(b'\n'),
            Some(b't') => out.push(b'\t'),
            Some(b'r') => out.push(b'\r'),
            Some(b'0') => out.push(0),
            Some(other) => out.push(other),
            None => {}
        }
    }
    out.push(0);
    out
}

/// A name without its namespaces.
fn base(name: &str) -> &str {
    name.rsplit("::").next().unwrap_or(name)
}

/// What a call returns, before the conversion to the result's type.
enum Ret {
    Int(u128),
    Float(f64),
    Unknown,
    /// An input: what the program reads from outside.
    Input,
}

/// Runs library call `callee` with `args`; `want` the type of the variable that receives the result.
pub(super) fn call(
    x: &mut Exec,
    callee: &str,
    args: &[(Val, Type)],
    want: Option<Scalar>,
    span: Span,
) -> Result<Val, End> {
    let ret = dispatch(x, callee, args, span)?;
    let want = want.unwrap_or(Scalar { bits: 64, float: false, signed: false });
    Ok(match ret {
        Ret::Unknown => Err(UNKNOWN),
        Ret::Input => Err(INPUT),
        Ret::Int(v) if want.float => Ok(bits_of(v as i128 as f64, want.bits)),
        Ret::Int(v) => Ok(v),
        Ret::Float(f) if want.float => Ok(bits_of(f, want.bits)),
        Ret::Float(f) => Ok((f as i128) as u128),
    })
}

fn int(args: &[(Val, Type)], i: usize) -> Option<u128> {
    args.get(i).and_then(|(v, _)| v.ok())
}

fn pointee(args: &[(Val, Type)], i: usize) -> Option<Type> {
    match args.get(i).map(|(_, t)| t) {
        Some(Type::Ptr(t)) => Some((**t).clone()),
        _ => None,
    }
}

fn dispatch(x: &mut Exec, callee: &str, args: &[(Val, Type)], span: Span) -> Result<Ret, End> {
    if let Some(text) = callee.strip_prefix(LITERAL) {
        return Ok(Ret::Int(u128::from(x.allocate_bytes("a string literal", literal_bytes(text), span)?)));
    }
    let name = base(callee);
    let a = |i: usize| int(args, i);
    let need = |x: &Exec, i: usize| -> Result<u64, End> {
        match int(args, i) {
            Some(v) => Ok(v as u64),
            None => x.stop(format!("an argument of `{name}` depends on a value the run does not know"), span),
        }
    };
    match name {
        "malloc" | "valloc" | "new" => {
            let n = need(x, 0)?;
            let size = if name == "new" { n.saturating_mul(a(1).unwrap_or(1) as u64) } else { n };
            Ok(Ret::Int(u128::from(x.allocate(name, size, span)?)))
        }
        "calloc" => {
            let n = need(x, 0)?.saturating_mul(need(x, 1)?);
            Ok(Ret::Int(u128::from(x.allocate(name, n, span)?)))
        }
        "aligned_alloc" | "memalign" => {
            let n = need(x, 1)?;
            Ok(Ret::Int(u128::from(x.allocate(name, n, span)?)))
        }
        "posix_memalign" => {
            let n = need(x, 2)?;
            let p = x.allocate(name, n, span)?;
            store(x, need(x, 0)?, 8, u128::from(p), span)?;
            Ok(Ret::Int(0))
        }
        "cudaMalloc" | "cudaMallocManaged" | "cudaMallocHost" | "cudaHostAlloc" | "cudaMallocAsync" | "hipMalloc" => {
            let n = need(x, 1)?;
            let p = x.allocate(name, n, span)?;
            store(x, need(x, 0)?, 8, u128::from(p), span)?;
            Ok(Ret::Int(0))
        }
        "cudaMallocPitch" => {
            let (w, h) = (need(x, 2)?, need(x, 3)?);
            let pitch = w.div_ceil(512).max(1) * 512;
            let p = x.allocate(name, pitch.saturating_mul(h), span)?;
            store(x, need(x, 0)?, 8, u128::from(p), span)?;
            store(x, need(x, 1)?, 8, u128::from(pitch), span)?;
            Ok(Ret::Int(0))
        }
        "free" | "cudaFree" | "cudaFreeHost" | "cudaFreeAsync" | "delete" | "operator delete" => Ok(Ret::Int(0)),
        "memcpy" | "memmove" | "cudaMemcpy" | "cudaMemcpyAsync" | "hipMemcpy" => {
            copy(x, args, 0, 1, 2, span)?;
            Ok(Ret::Int(if name.starts_with("mem") { a(0).unwrap_or(0) } else { 0 }))
        }
        "cudaMemcpyToSymbol" | "cudaMemcpyToSymbolAsync" => {
            let (sym, src, n, off) = (need(x, 0)?, args.get(1).and_then(|v| v.0.ok()), need(x, 2)?, a(3).unwrap_or(0));
            copy_bytes(x, sym + off as u64, src.map(|s| s as u64), n, span)?;
            Ok(Ret::Int(0))
        }
        "cudaMemcpyFromSymbol" | "cudaMemcpyFromSymbolAsync" => {
            let (dst, sym, n, off) = (need(x, 0)?, need(x, 1)?, need(x, 2)?, a(3).unwrap_or(0));
            copy_bytes(x, dst, Some(sym + off as u64), n, span)?;
            Ok(Ret::Int(0))
        }
        "cudaGetSymbolAddress" => {
            store(x, need(x, 0)?, 8, u128::from(need(x, 1)?), span)?;
            Ok(Ret::Int(0))
        }
        "cudaMemcpy2D" | "cudaMemcpy2DAsync" => {
            let (d, dp, sp, w, h) = (need(x, 0)?, need(x, 1)?, need(x, 3)?, need(x, 4)?, need(x, 5)?);
            let s = a(2).map(|s| s as u64);
            for row in 0..h {
                copy_bytes(x, d + row * dp, s.map(|s| s + row * sp), w, span)?;
            }
            Ok(Ret::Int(0))
        }
        "memset" | "cudaMemset" | "cudaMemsetAsync" => {
            let (d, n) = (need(x, 0)?, need(x, 2)?);
            match a(1) {
                Some(v) => fill(x, d, n, v as u8, span)?,
                None => x.taint.add(d, d.saturating_add(n), Kind::Unmodelled),
            }
            Ok(Ret::Int(if name == "memset" { u128::from(d) } else { 0 }))
        }
        "srand" | "srandom" => {
            match args.first().map(|v| v.0) {
                Some(Ok(s)) => (x.glibc, x.glibc_unknown) = (super::rand::Glibc::new(s as u32), None),
                Some(Err(k)) => x.glibc_unknown = Some(k == INPUT),
                None => {}
            }
            Ok(Ret::Int(0))
        }
        "rand" | "random" if x.glibc_unknown.is_some() => {
            Ok(if x.glibc_unknown == Some(true) { Ret::Input } else { Ret::Unknown })
        }
        "rand" | "random" => Ok(Ret::Int(u128::from(x.glibc.next()))),
        "srand48" => {
            match args.first().map(|v| v.0) {
                Some(Ok(s)) => (x.rand48, x.rand48_unknown) = (super::rand::Rand48::new(s as u32), None),
                Some(Err(k)) => x.rand48_unknown = Some(k == INPUT),
                None => {}
            }
            Ok(Ret::Int(0))
        }
        "drand48" | "lrand48" if x.rand48_unknown.is_some() => {
            Ok(if x.rand48_unknown == Some(true) { Ret::Input } else { Ret::Unknown })
        }
        "drand48" => Ok(Ret::Float(x.rand48.next_f64())),
        "lrand48" => Ok(Ret::Int(u128::from(x.rand48.next_long()))),
        "atoi" | "atol" | "atoll" | "strtol" | "strtoul" | "strtoll" | "strtoull" | "stoi" | "stol" | "stoul" => {
            if args.get(1).is_some_and(|(v, _)| v != &Ok(0)) && name.starts_with("strto") {
                return Ok(Ret::Unknown);
            }
            let radix = if name.starts_with("strto") { a(2).unwrap_or(10) as u32 } else { 10 };
            Ok(string(x, a(0)).and_then(|s| parse_int(&s, radix)).map_or(Ret::Unknown, |v| Ret::Int(v as u128)))
        }
        "atof" | "strtod" | "strtof" | "stof" | "stod" => {
            if args.get(1).is_some_and(|(v, _)| v != &Ok(0)) && name.starts_with("strto") {
                return Ok(Ret::Unknown);
            }
            Ok(string(x, a(0)).and_then(|s| parse_float(&s)).map_or(Ret::Unknown, Ret::Float))
        }
        "exit" | "abort" | "_Exit" | "quick_exit" => Err(End::Finished),
        "printf" | "puts" | "putchar" | "fflush" | "fputs" | "fputc" | "fprintf" | "perror" => Ok(Ret::Int(0)),
        "strcmp" | "strncmp" => {
            let (l, r) = (string(x, a(0)), string(x, a(1)));
            let (Some(l), Some(r)) = (l, r) else { return Ok(Ret::Unknown) };
            let n = if name == "strncmp" { a(2).map_or(usize::MAX, |n| n as usize) } else { usize::MAX };
            let (l, r): (Vec<u8>, Vec<u8>) = (l.bytes().take(n).collect(), r.bytes().take(n).collect());
            Ok(Ret::Int(match l.cmp(&r) {
                std::cmp::Ordering::Less => (-1i128) as u128,
                std::cmp::Ordering::Equal => 0,
                std::cmp::Ordering::Greater => 1,
            }))
        }
        "strlen" => Ok(string(x, a(0)).map_or(Ret::Unknown, |s| Ret::Int(s.len() as u128))),
        _ if reads_input(name) => {
            input_effects(x, args);
            Ok(Ret::Input)
        }
        "iota" | "fill" | "sort" | "stable_sort" | "partial_sum" | "inclusive_scan" | "exclusive_scan" | "copy"
        | "random_shuffle" => algorithm(x, name, args, span),
        _ => {
            unknown_effects(x, name, args);
            let cuda = name.starts_with("cuda") || name.starts_with("cu") || name.starts_with("hip");
            Ok(if cuda { Ret::Int(0) } else { Ret::Unknown })
        }
    }
}

/// Calls that read from outside the program: files, streams, the clock.
fn reads_input(name: &str) -> bool {
    matches!(
        name,
        "fopen"
            | "fread"
            | "fscanf"
            | "scanf"
            | "sscanf"
            | "fgets"
            | "fgetc"
            | "getc"
            | "getchar"
            | "getline"
            | "read"
            | "ifstream"
            | "open"
            | "operator>>"
            | "time"
            | "clock"
            | "gettimeofday"
            | "clock_gettime"
            | "now"
            | "random_device"
            | "getenv"
    )
}

/// What a call that reads an input writes comes from the input: the host
/// variables it gets pointers to, and the buffers.
fn input_effects(x: &mut Exec, args: &[(Val, Type)]) {
    effects(x, args, Kind::Input, true);
}

/// What an unmodelled call may write becomes unknown: the host variables it
/// gets pointers to, and (unless it is a CUDA runtime call, which writes
/// only those) the buffers behind its other pointers.
fn unknown_effects(x: &mut Exec, name: &str, args: &[(Val, Type)]) {
    let cuda = name.starts_with("cuda") || name.starts_with("cu") || name.starts_with("hip");
    effects(x, args, Kind::Unmodelled, !cuda);
}

fn effects(x: &mut Exec, args: &[(Val, Type)], kind: Kind, buffers: bool) {
    for (i, (v, ty)) in args.iter().enumerate() {
        let (Ok(p), Type::Ptr(_)) = (v, ty) else { continue };
        let p = *p as u64;
        if x.memory.allocation_of(p).is_some_and(|(b, _)| x.frames.contains(&b)) {
            let size = pointee(args, i).and_then(|t| t.size()).filter(|s| *s > 0).unwrap_or(8);
            x.taint.add(p, p + size, kind);
        } else if buffers {
            x.taint_allocation(p, kind);
        }
    }
}

fn store(x: &mut Exec, addr: u64, size: u64, v: u128, span: Span) -> Result<(), End> {
    let at = x.memory.resolve(addr, 0, 0);
    if let Err(o) = x.memory.store(at, size, v) {
        return x.stop(o.message, span);
    }
    x.taint.clear(addr, addr + size);
    Ok(())
}

fn copy(x: &mut Exec, args: &[(Val, Type)], d: usize, s: usize, n: usize, span: Span) -> Result<(), End> {
    let (Some(dst), Some(len)) = (int(args, d), int(args, n)) else {
        return x.stop("a copy to a place or of a size the run does not know", span);
    };
    copy_bytes(x, dst as u64, int(args, s).map(|v| v as u64), len as u64, span)
}

/// Copies `len` bytes from `src` (unknown bytes when `None`) to `dst`.
fn copy_bytes(x: &mut Exec, dst: u64, src: Option<u64>, len: u64, span: Span) -> Result<(), End> {
    if len == 0 {
        return Ok(());
    }
    let Some(src) = src else {
        x.taint.add(dst, dst.saturating_add(len), Kind::Unmodelled);
        return Ok(());
    };
    let bytes = match x.memory.bytes_mut(x.memory.resolve(src, 0, 0), len) {
        Ok(b) => b.to_vec(),
        Err(o) => return x.stop(format!("a copy reads outside memory: {}", o.message), span),
    };
    match x.memory.bytes_mut(x.memory.resolve(dst, 0, 0), len) {
        Ok(b) => b.copy_from_slice(&bytes),
        Err(o) => return x.stop(format!("a copy writes outside memory: {}", o.message), span),
    }
    x.taint.copy(dst, src, len);
    Ok(())
}

fn fill(x: &mut Exec, dst: u64, len: u64, v: u8, span: Span) -> Result<(), End> {
    match x.memory.bytes_mut(x.memory.resolve(dst, 0, 0), len) {
        Ok(b) => b.fill(v),
        Err(o) => return x.stop(format!("a fill writes outside memory: {}", o.message), span),
    }
    x.taint.clear(dst, dst.saturating_add(len));
    Ok(())
}

/// The NUL-terminated string at `p`, if the run knows it.
fn string(x: &mut Exec, p: Option<u128>) -> Option<String> {
    let p = p? as u64;
    let mut out = Vec::new();
    for i in 0..4096 {
        if x.taint.overlaps(p + i, p + i + 1).is_some() {
            return None;
        }
        let b = x.memory.peek(p + i, 1)? as u8;
        if b == 0 {
            return String::from_utf8(out).ok();
        }
        out.push(b);
    }
    None
}

/// C's `strtol`: leading blanks, a sign, digits of the radix; 0 without any.
fn parse_int(s: &str, radix: u32) -> Option<i128> {
    let t = s.trim_start();
    let (neg, t) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let (radix, t) = match (radix, t.strip_prefix("0x").or_else(|| t.strip_prefix("0X"))) {
        (0 | 16, Some(rest)) => (16, rest),
        (0, None) if t.starts_with('0') && t.len() > 1 => (8, &t[1..]),
        (0, None) => (10, t),
        (r, _) => (r, t),
    };
    let digits: String = t.chars().take_while(|c| c.is_digit(radix)).collect();
    let v = if digits.is_empty() { 0 } else { i128::from_str_radix(&digits, radix).ok()? };
    Some(if neg { -v } else { v })
}

/// C's `strtod` on the longest prefix that is a number; 0 without any.
fn parse_float(s: &str) -> Option<f64> {
    let t = s.trim_start();
    let end = (1..=t.len()).rev().find(|&n| t.is_char_boundary(n) && t[..n].parse::<f64>().is_ok()).unwrap_or(0);
    Some(if end == 0 { 0.0 } else { t[..end].parse().ok()? })
}

/// `<algorithm>` and `<numeric>` on raw pointers to integers or floats.
fn algorithm(x: &mut Exec, name: &str, args: &[(Val, Type)], span: Span) -> Result<Ret, End> {
    let elem = pointee(args, 0).filter(|t| matches!(t, Type::Int { .. } | Type::Float { .. }));
    let (Some(first), Some(last), Some(elem)) = (int(args, 0), int(args, 1), elem) else {
        unknown_effects(x, name, args);
        return Ok(Ret::Unknown);
    };
    let size = elem.size().unwrap_or(4).max(1);
    let (first, last) = (first as u64, last as u64);
    if last < first || (last - first) % size != 0 {
        return x.stop(format!("`{name}` over a range the run does not understand"), span);
    }
    let n = (last - first) / size;
    let scalar = crate::expr::scalar(&elem);
    let read = |x: &mut Exec, i: u64| -> Option<u128> {
        let at = first + i * size;
        x.taint.overlaps(at, at + size).is_none().then(|| x.memory.peek(at, size)).flatten()
    };
    let mut vals = Vec::with_capacity(n as usize);
    let needs_input = !matches!(name, "iota" | "fill");
    if needs_input {
        for i in 0..n {
            match read(x, i) {
                Some(v) => vals.push(v),
                None => {
                    x.taint.add(first, last, Kind::Unmodelled);
                    return Ok(Ret::Unknown);
                }
            }
        }
    }
    let key = |v: u128| -> f64 {
        if scalar.float {
            float_of(v, scalar.bits)
        } else if scalar.signed {
            gpurace_core::arith::signed(v, scalar.bits) as f64
        } else {
            v as f64
        }
    };
    let out: Vec<u128> = match name {
        "iota" | "fill" => {
            let Some(v0) = int(args, 2) else {
                x.taint.add(first, last, Kind::Unmodelled);
                return Ok(Ret::Unknown);
            };
            let arg_float = matches!(args.get(2).map(|a| &a.1), Some(Type::Float { .. }));
            (0..n)
                .map(|i| {
                    let step = if name == "iota" { i } else { 0 };
                    match (scalar.float, arg_float) {
                        (true, true) => bits_of(float_of(v0, 64) + step as f64, scalar.bits),
                        (true, false) => bits_of(v0 as i128 as f64 + step as f64, scalar.bits),
                        (false, _) => v0.wrapping_add(u128::from(step)) & gpurace_core::arith::mask(scalar.bits),
                    }
                })
                .collect()
        }
        "sort" | "stable_sort" if args.len() == 2 => {
            let mut v = vals;
            v.sort_by(|a, b| key(*a).total_cmp(&key(*b)));
            v
        }
        "partial_sum" | "inclusive_scan" | "exclusive_scan" if !scalar.float && args.len() == 3 => {
            let mut acc = 0u128;
            let m = gpurace_core::arith::mask(scalar.bits);
            vals.iter()
                .map(|v| {
                    let before = acc;
                    acc = acc.wrapping_add(*v) & m;
                    if name == "exclusive_scan" {
                        before
                    } else {
                        acc
                    }
                })
                .collect()
        }
        "copy" if args.len() == 3 => vals,
        "random_shuffle" if args.len() == 2 => {
            // libstdc++: for i in 1..n, swap(v[i], v[rand() % (i + 1)]).
            if x.glibc_unknown.is_some() {
                x.taint.add(first, last, Kind::Unmodelled);
                return Ok(Ret::Unknown);
            }
            let mut v = vals;
            for i in 1..v.len() {
                let j = x.glibc.next() as usize % (i + 1);
                v.swap(i, j);
            }
            v
        }
        _ => {
            unknown_effects(x, name, args);
            return Ok(Ret::Unknown);
        }
    };
    let dst = if matches!(name, "partial_sum" | "inclusive_scan" | "exclusive_scan" | "copy") {
        match int(args, 2) {
            Some(d) => d as u64,
            None => return x.stop(format!("`{name}` writes where the run does not know"), span),
        }
    } else {
        first
    };
    for (i, v) in out.iter().enumerate() {
        store(x, dst + i as u64 * size, size, *v, span)?;
    }
    Ok(Ret::Int(u128::from(dst + n * size)))
}

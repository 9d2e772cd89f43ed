//! The bytes whose value the program's run does not know, and why: an
//! input from outside the program (a file it reads, the clock), or what a
//! call gpurace does not model may have written. A read of them gives no
//! value; a concrete write makes them known again; a copy carries them.

use std::collections::BTreeMap;

/// Why bytes or a value are unknown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Read from outside the program: any value its reader accepts.
    Input,
    /// What gpurace does not model.
    Unmodelled,
}

/// Disjoint byte ranges `start -> (end, kind)`.
#[derive(Debug, Default, Clone)]
pub struct Taint {
    ranges: BTreeMap<u64, (u64, Kind)>,
}

impl Taint {
    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    /// Why some byte of `[start, end)` is unknown (an input first).
    pub fn overlaps(&self, start: u64, end: u64) -> Option<Kind> {
        if self.ranges.is_empty() || start >= end {
            return None;
        }
        let mut found = None;
        for (_, (e, kind)) in self.ranges.range(..end).rev() {
            if *e <= start {
                break;
            }
            if *kind == Kind::Input {
                return Some(Kind::Input);
            }
            found = Some(*kind);
        }
        found
    }

    /// Marks `[start, end)` unknown for `kind`.
    pub fn add(&mut self, start: u64, end: u64, kind: Kind) {
        if start >= end {
            return;
        }
        self.clear(start, end);
        let (mut s, mut e) = (start, end);
        if let Some((&ps, &(pe, pk))) = self.ranges.range(..start).next_back() {
            if pe == start && pk == kind {
                self.ranges.remove(&ps);
                s = ps;
            }
        }
        if let Some(&(ne, nk)) = self.ranges.get(&end) {
            if nk == kind {
                self.ranges.remove(&end);
                e = ne;
            }
        }
        self.ranges.insert(s, (e, kind));
    }

    /// Marks `[start, end)` known.
    pub fn clear(&mut self, start: u64, end: u64) {
        if self.ranges.is_empty() || start >= end {
            return;
        }
        let hit: Vec<(u64, u64, Kind)> = self
            .ranges
            .range(..end)
            .rev()
            .take_while(|(_, (re, _))| *re > start)
            .map(|(a, (b, k))| (*a, *b, *k))
            .collect();
        for (a, b, k) in hit {
            self.ranges.remove(&a);
            if a < start {
                self.ranges.insert(a, (start, k));
            }
            if b > end {
                self.ranges.insert(end, (b, k));
            }
        }
    }

    /// Copies what is unknown of `[src, src + len)` onto `dst`, which
    /// becomes known elsewhere.
    pub fn copy(&mut self, dst: u64, src: u64, len: u64) {
        let end = src.saturating_add(len);
        let moved: Vec<(u64, u64, Kind)> = self
            .ranges
            .range(..end)
            .filter(|(_, (e, _))| *e > src)
            .map(|(a, (b, k))| ((*a).max(src) - src, (*b).min(end) - src, *k))
            .collect();
        self.clear(dst, dst.saturating_add(len));
        for (a, b, k) in moved {
            self.add(dst + a, dst + b, k);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Kind, Taint};

    #[test]
    fn add_clear_and_copy_keep_ranges_disjoint() {
        let mut t = Taint::default();
        t.add(10, 20, Kind::Unmodelled);
        t.add(15, 30, Kind::Unmodelled);
        assert_eq!(t.overlaps(29, 31), Some(Kind::Unmodelled));
        assert!(t.overlaps(30, 40).is_none() && t.overlaps(0, 10).is_none());
        t.clear(12, 14);
        assert!(t.overlaps(10, 12).is_some() && t.overlaps(12, 14).is_none() && t.overlaps(14, 15).is_some());
        t.add(16, 17, Kind::Input);
        assert_eq!(t.overlaps(10, 20), Some(Kind::Input), "an input wins");
        t.copy(100, 8, 10);
        assert!(t.overlaps(102, 104).is_some() && t.overlaps(104, 106).is_none());
        assert_eq!(t.overlaps(108, 109), Some(Kind::Input));
        t.clear(0, 1000);
        assert!(t.is_empty());
    }

    #[test]
    fn element_by_element_writes_make_one_range() {
        let mut t = Taint::default();
        for i in 0..1000 {
            t.add(i * 4, i * 4 + 4, Kind::Input);
        }
        assert_eq!(t.ranges.len(), 1);
    }
}

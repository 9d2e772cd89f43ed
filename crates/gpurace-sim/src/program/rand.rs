//! The C library's random numbers as glibc computes them, so that data a
//! program builds with `srand(seed)` and `rand()` are the data its run has.

/// glibc's `random_r` (TYPE_3: an additive feedback generator over 34
/// words seeded by a Lehmer generator, its first 310 outputs discarded),
/// which `rand` and `random` share.
#[derive(Debug, Clone)]
pub struct Glibc {
    r: [i32; 34],
    /// The index of the oldest word.
    k: usize,
}

impl Glibc {
    pub fn new(seed: u32) -> Glibc {
        let mut r = [0i32; 34];
        r[0] = if seed == 0 { 1 } else { seed as i32 };
        for i in 1..31 {
            let hi = i64::from(r[i - 1]) / 127_773;
            let lo = i64::from(r[i - 1]) % 127_773;
            let mut word = 16_807 * lo - 2_836 * hi;
            if word < 0 {
                word += 2_147_483_647;
            }
            r[i] = word as i32;
        }
        for i in 31..34 {
            r[i] = r[i - 31];
        }
        let mut g = Glibc { r, k: 0 };
        for _ in 34..344 {
            g.step();
        }
        g
    }

    fn step(&mut self) -> i32 {
        // r[i] = r[i - 31] + r[i - 3], over a ring of 34 words.
        let k = self.k;
        let v = self.r[(k + 3) % 34].wrapping_add(self.r[(k + 31) % 34]);
        self.r[k] = v;
        self.k = (k + 1) % 34;
        v
    }

    /// The next `rand()`: in `[0, RAND_MAX]`.
    pub fn next(&mut self) -> u32 {
        (self.step() as u32) >> 1
    }
}

/// The 48-bit generator of `drand48`, `lrand48` and `srand48`.
#[derive(Debug, Clone)]
pub struct Rand48 {
    x: u64,
}

impl Rand48 {
    pub fn new(seed: u32) -> Rand48 {
        Rand48 { x: (u64::from(seed) << 16) | 0x330e }
    }

    fn step(&mut self) -> u64 {
        self.x = (0x5_deec_e66d_u64.wrapping_mul(self.x).wrapping_add(0xb)) & ((1 << 48) - 1);
        self.x
    }

    pub fn next_f64(&mut self) -> f64 {
        self.step() as f64 / (1u64 << 48) as f64
    }

    pub fn next_long(&mut self) -> u64 {
        self.step() >> 17
    }
}

impl Default for Rand48 {
    fn default() -> Rand48 {
        Rand48 { x: 0x1234_abcd_330e }
    }
}

#[cfg(test)]
mod tests {
    use super::Glibc;

    #[test]
    fn glibc_rand_sequences() {
        // `srand(1); rand()` and `srand(42); rand()` on glibc.
        let mut g = Glibc::new(1);
        assert_eq!([g.next(), g.next(), g.next()], [1_804_289_383, 846_930_886, 1_681_692_777]);
        let mut g = Glibc::new(42);
        assert_eq!(g.next(), 71_876_166);
    }
}

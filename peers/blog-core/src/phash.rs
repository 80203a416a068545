//! `POST /phash` (contract section 4.6): full 64×64 DCT-II in f64, a 64-bit hash of the top-left 8×8
//! coefficients against their median, and the 5 nearest of 2 000 reference hashes by Hamming distance.

use std::hint::black_box;
use std::sync::LazyLock;

use crate::Failure;

pub const SIDE: usize = 64;
pub const IMAGE_BYTES: usize = SIDE * SIDE;
const HASH_SIDE: usize = 8;
const REFERENCE_COUNT: usize = 2_000;
const REFERENCE_SEED: u64 = 2026;
const MATCHES: usize = 5;

type Matrix = [[f64; SIDE]; SIDE];

/// The splitmix64 generator of the contract, in wrapping (unsigned 64-bit) arithmetic.
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// What is computed once per process: the cosine table (and its transpose) and the reference hashes.
struct Tables {
    /// `cos[k][n] = cos(π(2n+1)k/128)`.
    cos: Box<Matrix>,
    /// `cos_t[n][k] = cos[k][n]`, so both passes below run over contiguous rows.
    cos_t: Box<Matrix>,
    /// Reference hash `id` at index `id - 1`.
    reference: Vec<u64>,
}

static TABLES: LazyLock<Tables> = LazyLock::new(|| {
    let mut cos = Box::new([[0.0; SIDE]; SIDE]);
    let mut cos_t = Box::new([[0.0; SIDE]; SIDE]);
    for k in 0..SIDE {
        for n in 0..SIDE {
            // Same operation order as the reference implementation, so the table is bit-identical.
            let c =
                (std::f64::consts::PI * (2 * n + 1) as f64 * k as f64 / (2.0 * SIDE as f64)).cos();
            cos[k][n] = c;
            cos_t[n][k] = c;
        }
    }
    let mut rng = SplitMix64::new(REFERENCE_SEED);
    let reference = (0..REFERENCE_COUNT).map(|_| rng.next_u64()).collect();
    Tables {
        cos,
        cos_t,
        reference,
    }
});

/// Builds the tables now rather than on the first request.
pub fn init() {
    LazyLock::force(&TABLES);
}

/// Reference hash `id` (1..=2000).
pub fn reference_hash(id: usize) -> u64 {
    TABLES.reference[id - 1]
}

/// The full unnormalized 2-D DCT-II, `F[u][v]`, rows first. Each coefficient is summed in increasing index
/// order, as the contract requires; the loops are arranged so the innermost one runs across independent sums,
/// which lets the compiler vectorize without reordering any single sum.
pub fn dct(pixels: &[u8; IMAGE_BYTES]) -> Box<Matrix> {
    let t = &*TABLES;
    // R[y][v] = Σx p[y][x]·C[v][x]
    let mut rows = Box::new([[0.0; SIDE]; SIDE]);
    for (y, r) in rows.iter_mut().enumerate() {
        for x in 0..SIDE {
            let p = f64::from(pixels[y * SIDE + x]);
            for (acc, c) in r.iter_mut().zip(&t.cos_t[x]) {
                *acc += p * c;
            }
        }
    }
    // F[u][v] = Σy C[u][y]·R[y][v]
    let mut f = Box::new([[0.0; SIDE]; SIDE]);
    for (u, out) in f.iter_mut().enumerate() {
        for y in 0..SIDE {
            let c = t.cos[u][y];
            for (acc, r) in out.iter_mut().zip(&rows[y]) {
                *acc += c * r;
            }
        }
    }
    f
}

/// The 64-bit hash: bit `63 − (8u + v)` is set when `F[u][v]` (u, v < 8) is above the median of those 64.
pub fn hash(pixels: &[u8; IMAGE_BYTES]) -> u64 {
    // black_box: the route measures the whole transform; without it the optimizer may skip the 4 032
    // coefficients that are never read.
    let f = black_box(dct(pixels));
    let mut low = [0.0; HASH_SIDE * HASH_SIDE];
    for u in 0..HASH_SIDE {
        low[u * HASH_SIDE..(u + 1) * HASH_SIDE].copy_from_slice(&f[u][..HASH_SIDE]);
    }
    let mut sorted = low;
    sorted.sort_by(f64::total_cmp);
    let median = (sorted[31] + sorted[32]) / 2.0;
    low.iter()
        .enumerate()
        .filter(|(_, &c)| c > median)
        .fold(0, |h, (i, _)| h | 1 << (63 - i))
}

/// The ids and distances of the 5 reference hashes nearest to `hash`, nearest first, ties by lower id.
pub fn nearest(hash: u64) -> [(usize, u32); MATCHES] {
    let mut best = [(0, u32::MAX); MATCHES];
    for (i, r) in TABLES.reference.iter().enumerate() {
        let d = (hash ^ r).count_ones();
        if d >= best[MATCHES - 1].1 {
            continue;
        }
        let mut at = MATCHES - 1;
        while at > 0 && best[at - 1].1 > d {
            best[at] = best[at - 1];
            at -= 1;
        }
        best[at] = (i + 1, d);
    }
    best
}

/// The response body for an image, e.g. `{"hash":"c524c31c0c5cfbe7","matches":[{"id":177,"distance":19},...]}`.
pub fn json(pixels: &[u8; IMAGE_BYTES]) -> String {
    let hash = hash(pixels);
    let matches: Vec<String> = nearest(hash)
        .iter()
        .map(|(id, d)| format!(r#"{{"id":{id},"distance":{d}}}"#))
        .collect();
    format!(
        r#"{{"hash":"{hash:016x}","matches":[{}]}}"#,
        matches.join(",")
    )
}

/// The whole route: a body of any other length than 4 096 bytes is a 400.
pub fn answer(body: &[u8]) -> Result<String, Failure> {
    let pixels = body.try_into().map_err(|_| Failure::BadImageSize)?;
    Ok(json(pixels))
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::Engine;

    #[test]
    fn splitmix64_reference_values() {
        // Vigna's splitmix64 with seed 0 starts with these outputs.
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    fn vectors() -> serde_json::Value {
        let path = format!(
            "{}/../../workload/src/test/resources/phash-vectors.json",
            env!("CARGO_MANIFEST_DIR")
        );
        serde_json::from_str(
            &std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}")),
        )
        .unwrap()
    }

    #[test]
    fn reference_hashes_match_vectors() {
        let v = vectors();
        let first: Vec<String> = v["reference_hashes_first_3"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h.as_str().unwrap().to_owned())
            .collect();
        let ours: Vec<String> = (1..=3)
            .map(|id| format!("{:016x}", reference_hash(id)))
            .collect();
        assert_eq!(ours, first);
        assert_eq!(
            format!("{:016x}", reference_hash(2000)),
            v["reference_hash_2000"].as_str().unwrap()
        );
    }

    #[test]
    fn every_vector_gives_its_exact_response() {
        let v = vectors();
        let vectors = v["vectors"].as_array().unwrap();
        assert!(vectors.len() >= 6);
        for vector in vectors {
            let image = base64::engine::general_purpose::STANDARD
                .decode(vector["image_base64"].as_str().unwrap())
                .unwrap();
            assert_eq!(
                answer(&image).unwrap(),
                vector["response"].as_str().unwrap(),
                "{}",
                vector["name"]
            );
        }
    }

    #[test]
    fn wrong_sizes_are_rejected() {
        for len in [0, 100, 4095, 4097] {
            assert_eq!(answer(&vec![0; len]), Err(Failure::BadImageSize));
        }
    }

    #[test]
    fn dct_of_a_flat_image_is_only_dc() {
        let f = dct(&[1; IMAGE_BYTES]);
        assert_eq!(f[0][0], 4096.0);
        assert!(f.iter().flatten().skip(1).all(|c| c.abs() < 1e-9));
    }
}

//! `GET /compute` (contract section 4.4).

use std::hint::black_box;

pub const LIMIT: i64 = 20_000;

/// The sum of the primes below `limit`, by trial division in signed 64-bit integers (the contract's `int64`:
/// signed and unsigned division are different instructions, and this loop is what the route measures).
pub fn sum_primes_below(limit: i64) -> i64 {
    let mut sum = 0;
    for n in 2..limit {
        let mut d = 2;
        let mut prime = true;
        while d * d <= n {
            if n % d == 0 {
                prime = false;
                break;
            }
            d += 1;
        }
        if prime {
            sum += n;
        }
    }
    sum
}

/// The response body, computed on every call: `black_box` keeps the compiler from folding it to a constant.
pub fn answer() -> String {
    sum_primes_below(black_box(LIMIT)).to_string()
}

#[cfg(test)]
mod tests {
    #[test]
    fn sum_below_limit() {
        assert_eq!(super::answer(), "21171191");
        assert_eq!(super::sum_primes_below(10), 2 + 3 + 5 + 7);
        assert_eq!(super::sum_primes_below(2), 0);
    }
}

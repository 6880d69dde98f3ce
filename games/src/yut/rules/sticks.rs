//! The four sticks: how likely each shows its front, and throwing them.
//!
//! Four fair sticks by default: each lands front up with probability 1/2,
//! independently, so do 4/16, gae 6/16, geol 4/16, yut 1/16, mo 1/16.
//! Real sticks (flat on one side, round on the other) land front up more
//! often, about 0.6 of the time; `set sticks 0.6` models them. The
//! probability is kept in millionths so that it compares exactly and a
//! seed replays the same throws on every platform.

use std::fmt;
use std::str::FromStr;

use super::rng::Rng;
use super::roll::Roll;
use super::throw::Throw;

/// Four sticks, each showing its front with the same probability.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sticks {
    /// The probability of a front, in millionths (100_000..=900_000).
    ppm: u32,
}

/// The least and most front probability accepted, in millionths: nearer 0
/// or 1 nearly every throw is a mo or a yut, and turns would go on almost
/// forever.
const MIN_PPM: u32 = 100_000;
const MAX_PPM: u32 = 900_000;

impl Default for Sticks {
    fn default() -> Sticks {
        Sticks::FAIR
    }
}

impl Sticks {
    /// Four fair sticks: a front half of the time.
    pub const FAIR: Sticks = Sticks { ppm: 500_000 };

    /// Sticks showing a front with probability `ppm` / 1,000,000, if that
    /// is within 0.1..=0.9.
    pub const fn from_ppm(ppm: u32) -> Option<Sticks> {
        if ppm >= MIN_PPM && ppm <= MAX_PPM {
            Some(Sticks { ppm })
        } else {
            None
        }
    }

    /// The probability of a front, in millionths.
    pub const fn ppm(self) -> u32 {
        self.ppm
    }

    /// The probability of a front.
    pub fn front(self) -> f64 {
        f64::from(self.ppm) / 1e6
    }

    /// The probability of each result, in [`Roll::ALL`] order: the
    /// binomial law of four sticks, with no front (mo) counted as 5.
    pub fn odds(self) -> [f64; 5] {
        let p = self.front();
        let q = 1.0 - p;
        [
            4.0 * p * q * q * q, // do: one front
            6.0 * p * p * q * q, // gae: two
            4.0 * p * p * p * q, // geol: three
            p * p * p * p,       // yut: four
            q * q * q * q,       // mo: four backs
        ]
    }

    /// Throw the four sticks: one draw of `rng` per stick, a front when
    /// the draw falls below the probability's share of 2^64.
    pub fn throw(self, rng: &mut Rng) -> Throw {
        let threshold = ((u128::from(self.ppm) << 64) / 1_000_000) as u64;
        let mut faces = [false; 4];
        for face in &mut faces {
            *face = rng.next_u64() < threshold;
        }
        Throw::from_faces(faces)
    }

    /// Throw and name the result.
    pub fn roll(self, rng: &mut Rng) -> (Throw, Roll) {
        let t = self.throw(rng);
        (t, Roll::of(t))
    }
}

impl fmt::Display for Sticks {
    /// The probability as a decimal with no trailing zeros: `0.5`, `0.625`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = format!("{:06}", self.ppm);
        write!(f, "0.{}", digits.trim_end_matches('0'))
    }
}

/// A front probability that is not a decimal between 0.1 and 0.9.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a front probability from 0.1 to 0.9 (at most 6 decimals), found `{0}`")]
pub struct ParseSticksError(pub String);

impl FromStr for Sticks {
    type Err = ParseSticksError;

    /// `0.6`, `.55`, `0.500000`: read digit by digit, no floating point,
    /// so the same text always gives the same sticks.
    fn from_str(s: &str) -> Result<Sticks, ParseSticksError> {
        let err = || ParseSticksError(s.to_string());
        let frac = s
            .strip_prefix("0.")
            .or_else(|| s.strip_prefix('.'))
            .ok_or_else(err)?;
        if frac.is_empty() || frac.len() > 6 || !frac.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err());
        }
        let mut ppm = 0u32;
        for b in frac.bytes().chain(std::iter::repeat(b'0')).take(6) {
            ppm = ppm * 10 + u32::from(b - b'0');
        }
        Sticks::from_ppm(ppm).ok_or_else(err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fair_odds_are_sixteenths() {
        let o = Sticks::FAIR.odds();
        let sixteenths: Vec<f64> = o.iter().map(|x| x * 16.0).collect();
        assert_eq!(sixteenths, [4.0, 6.0, 4.0, 1.0, 1.0]);
        let biased = Sticks::from_ppm(600_000).unwrap().odds();
        assert!((biased.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        // 0.6^4 = 0.1296 yut, 0.4^4 = 0.0256 mo.
        assert!((biased[3] - 0.1296).abs() < 1e-12 && (biased[4] - 0.0256).abs() < 1e-12);
    }

    #[test]
    fn fair_throws_match_the_odds() {
        // 16,000 throws: each result within 5 standard deviations.
        let mut rng = Rng::new(1);
        let mut n = [0f64; 5];
        for _ in 0..16_000 {
            n[Sticks::FAIR.roll(&mut rng).1.index()] += 1.0;
        }
        for (count, p) in n.iter().zip(Sticks::FAIR.odds()) {
            let mean = 16_000.0 * p;
            let sd = (mean * (1.0 - p)).sqrt();
            assert!((count - mean).abs() < 5.0 * sd, "{n:?}");
        }
    }

    #[test]
    fn parse_and_display() {
        assert_eq!("0.6".parse::<Sticks>().map(Sticks::ppm), Ok(600_000));
        assert_eq!(
            ".55".parse::<Sticks>().map(|s| s.to_string()),
            Ok("0.55".into())
        );
        assert_eq!(Sticks::FAIR.to_string(), "0.5");
        for bad in ["0.05", "0.95", "1", "0.", "0.1234567", "x", "0.-1", "1.5"] {
            assert_eq!(
                bad.parse::<Sticks>(),
                Err(ParseSticksError(bad.into())),
                "{bad}"
            );
        }
        assert_eq!("0.1".parse::<Sticks>().map(Sticks::ppm), Ok(100_000));
        assert_eq!("0.9".parse::<Sticks>().map(Sticks::ppm), Ok(900_000));
    }
}

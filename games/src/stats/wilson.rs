//! A proportion with its 95% Wilson score interval: how often one side
//! won, for the Yut simulations (`odds`, `hint`) and the strength runs.

/// A proportion with its 95% (Wilson score) interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Share {
    /// The observed proportion.
    pub p: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

impl Share {
    /// `k` successes in `n` trials. The Wilson interval stays inside
    /// 0..=1 and behaves at 0 and n, unlike the plain normal one.
    pub fn new(k: u64, n: u64) -> Share {
        if n == 0 {
            return Share {
                p: 0.0,
                low: 0.0,
                high: 1.0,
            };
        }
        let (k, n) = (k as f64, n as f64);
        let z = 1.959_963_984_540_054_f64;
        let p = k / n;
        let denom = 1.0 + z * z / n;
        let centre = (p + z * z / (2.0 * n)) / denom;
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
        Share {
            p,
            low: (centre - half).max(0.0),
            high: (centre + half).min(1.0),
        }
    }
}

impl std::fmt::Display for Share {
    /// `61.2% (60.3-62.2%)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:.1}% ({:.1}-{:.1}%)",
            self.p * 100.0,
            self.low * 100.0,
            self.high * 100.0
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval() {
        // 50 of 100: centre 0.5, half-width z*sqrt(.25/100 + z^2/40000)/(1+z^2/100)
        // = 1.96 * 0.05095 / 1.0384 = 0.0962.
        let s = Share::new(50, 100);
        assert!((s.p - 0.5).abs() < 1e-12);
        assert!((s.low - 0.4038).abs() < 1e-3 && (s.high - 0.5962).abs() < 1e-3);
        let all = Share::new(10, 10);
        assert!(all.high > 0.999_999 && all.high <= 1.0);
        assert!(all.low > 0.65 && all.low < 0.75); // 0.722
        assert_eq!(s.to_string(), "50.0% (40.4-59.6%)");
    }
}

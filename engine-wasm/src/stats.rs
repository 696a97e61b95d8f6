//! Statistics over replications (the same scenario run with several seeds; docs/results.md): the sample
//! mean and the half-width of its 95 % confidence interval from Student's t distribution with k − 1
//! degrees of freedom, which is what a mean over a handful of independent runs calls for.

use std::collections::BTreeMap;

use serde_json::{json, Value};

use crate::metrics::Summary;

/// t_{0.975, ν} for ν = 1 … 30 (two-sided 95 %), to six decimals; checked against a numerical
/// integration of the t density.
const T975: [f64; 30] = [
    12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624, 2.306004, 2.262157, 2.228139, 2.200985,
    2.178813, 2.160369, 2.144787, 2.131450, 2.119905, 2.109816, 2.100922, 2.093024, 2.085963, 2.079614, 2.073873,
    2.068658, 2.063899, 2.059539, 2.055529, 2.051831, 2.048407, 2.045230, 2.042272,
];

/// The 0.975 quantile of Student's t with `df` degrees of freedom (NaN for df = 0). Beyond the table,
/// the Cornish–Fisher expansion in 1/ν around the normal quantile (Abramowitz & Stegun 26.7.5), within
/// 1e-6 of the exact value for ν > 30.
pub fn student_t975(df: usize) -> f64 {
    match df {
        0 => f64::NAN,
        1..=30 => T975[df - 1],
        _ => {
            let z = 1.959_963_984_540_054_f64;
            let v = df as f64;
            let z2 = z * z;
            let (z3, z5, z7, z9) = (z2 * z, z2 * z2 * z, z2 * z2 * z2 * z, z2 * z2 * z2 * z2 * z);
            z + (z3 + z) / 4.0 / v
                + (5.0 * z5 + 16.0 * z3 + 3.0 * z) / 96.0 / (v * v)
                + (3.0 * z7 + 19.0 * z5 + 17.0 * z3 - 15.0 * z) / 384.0 / (v * v * v)
                + (79.0 * z9 + 776.0 * z7 + 1482.0 * z5 - 1920.0 * z3 - 945.0 * z) / 92160.0 / (v * v * v * v)
        }
    }
}

/// Mean and 95 % confidence half-width t_{0.975, k−1} · s/√k of a sample of k values, s the sample
/// standard deviation (divisor k − 1). One value: its mean and a NaN half-width (no spread to estimate).
pub fn mean_ci95(x: &[f64]) -> (f64, f64) {
    let k = x.len();
    if k == 0 {
        return (f64::NAN, f64::NAN);
    }
    if x.iter().all(|v| *v == x[0]) {
        // No spread: exactly the value, not a sum's rounding of it (k identical fair shares, counts, …).
        return (x[0], if k == 1 { f64::NAN } else { 0.0 });
    }
    let mean = x.iter().sum::<f64>() / k as f64;
    let var = x.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (k - 1) as f64;
    (mean, student_t975(k - 1) * libm::sqrt(var) / libm::sqrt(k as f64))
}

/// Every number in a summary by its dotted path (`delay_ms.p95`, `flows.3.goodput_payload_mbps`), without
/// the histogram (merged apart); serde's null (a NaN) reads as NaN.
fn numbers(v: &Value, path: &str, out: &mut BTreeMap<String, f64>) {
    let key = |k: &str| if path.is_empty() { k.to_string() } else { format!("{path}.{k}") };
    match v {
        Value::Number(n) => {
            out.insert(path.to_string(), n.as_f64().unwrap_or(f64::NAN));
        }
        Value::Null => {
            out.insert(path.to_string(), f64::NAN);
        }
        Value::Object(m) => {
            m.iter().filter(|(k, _)| *k != "delay_histogram").for_each(|(k, x)| numbers(x, &key(k), out))
        }
        Value::Array(a) => a.iter().enumerate().for_each(|(i, x)| numbers(x, &key(&i.to_string()), out)),
        Value::String(_) | Value::Bool(_) => {}
    }
}

/// The replications of one scenario (one summary per seed) as `aqm-cli sweep --seeds k` prints them:
/// `{"seeds", "mean": {metric: …}, "ci95": {metric: …}, "delay_histogram"}`, every metric of the summary by
/// its dotted path with its mean and 95 % half-width over the runs (null where a run has none, e.g. a
/// delay with no departures), and the runs' delay histograms merged by adding counts. A cause of drops or
/// marks a run did not see counts 0 in that run.
pub fn replications(seeds: &[u64], runs: &[Summary]) -> Value {
    let per_run: Vec<BTreeMap<String, f64>> = runs
        .iter()
        .map(|s| {
            let mut m = BTreeMap::new();
            numbers(&serde_json::to_value(s).unwrap_or(Value::Null), "", &mut m);
            m
        })
        .collect();
    let keys: std::collections::BTreeSet<&String> = per_run.iter().flat_map(|m| m.keys()).collect();
    let (mut mean, mut ci95) = (serde_json::Map::new(), serde_json::Map::new());
    for k in keys {
        let absent =
            if k.starts_with("drops_by_reason.") || k.starts_with("marks_by_reason.") { 0.0 } else { f64::NAN };
        let x: Vec<f64> = per_run.iter().map(|m| m.get(k).copied().unwrap_or(absent)).collect();
        let (m, h) = mean_ci95(&x);
        mean.insert(k.clone(), json!(m));
        ci95.insert(k.clone(), json!(h));
    }
    let mut hist = runs.first().map(|s| s.delay_histogram.clone());
    if let Some(h) = hist.as_mut() {
        for s in &runs[1..] {
            debug_assert_eq!(s.delay_histogram.edges_ms, h.edges_ms);
            h.counts.iter_mut().zip(&s.delay_histogram.counts).for_each(|(a, b)| *a += b);
        }
    }
    json!({ "seeds": seeds, "mean": mean, "ci95": ci95, "delay_histogram": hist })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ci_of_a_known_sample_matches_a_hand_computation() {
        // 5 runs: 9.1, 9.5, 9.3, 9.8, 9.3. Mean 47/5 = 9.4. Deviations −0.3, 0.1, −0.1, 0.4, −0.1;
        // squares 0.09 + 0.01 + 0.01 + 0.16 + 0.01 = 0.28; s² = 0.28/4 = 0.07; s/√5 = √0.014 = 0.1183216;
        // t_{0.975,4} = 2.776445; half-width 2.776445 · 0.1183216 = 0.328513.
        let (m, h) = mean_ci95(&[9.1, 9.5, 9.3, 9.8, 9.3]);
        assert!((m - 9.4).abs() < 1e-12, "{m}");
        assert!((h - 0.328513).abs() < 1e-6, "{h}");
        // Two runs 1 and 3: s = √2, s/√2 = 1, half-width t_{0.975,1} = 12.706205.
        let (m, h) = mean_ci95(&[1.0, 3.0]);
        assert_eq!(m, 2.0);
        assert!((h - 12.706205).abs() < 1e-12);
        // Identical runs: no spread.
        assert_eq!(mean_ci95(&[4.0; 3]), (4.0, 0.0));
        let (m, h) = mean_ci95(&[7.0]);
        assert!(m == 7.0 && h.is_nan());
        assert!(mean_ci95(&[]).0.is_nan());
    }

    #[test]
    fn t_quantiles_beyond_the_table_follow_the_expansion_to_the_normal() {
        // Exact values: ν = 40: 2.021075, 60: 2.000298, 120: 1.979930; the table's ν = 30 from the series too.
        for (df, t) in [(40, 2.021075), (60, 2.000298), (120, 1.979930)] {
            assert!((student_t975(df) - t).abs() < 2e-6, "{df}: {}", student_t975(df));
        }
        assert!((student_t975(1_000_000) - 1.959964).abs() < 1e-5);
        assert!(student_t975(0).is_nan());
        assert!(student_t975(31) < student_t975(30) && student_t975(31) > student_t975(32));
    }
}

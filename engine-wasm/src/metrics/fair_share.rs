//! Max-min fair shares of the bottleneck (Bertsekas & Gallager, *Data Networks*, ch. 6; docs/results.md):
//! the allocation in which no flow can get more without taking from a flow that has no more than it.
//! Found by water-filling: flows that ask for less than an equal split of what is left get what they ask
//! for, and the rest share the remainder equally.

/// Each flow's max-min fair share of `capacity`, given its demand (`f64::INFINITY` for a flow that takes
/// whatever it gets, e.g. a bulk TCP transfer; 0 for a flow that sends nothing). Same units as `capacity`.
pub fn max_min_fair_shares(capacity: f64, demands: &[f64]) -> Vec<f64> {
    let mut share = vec![0.0; demands.len()];
    // Satisfy the smallest demands first; ties keep their input order (a stable sort).
    let mut order: Vec<usize> = (0..demands.len()).collect();
    order.sort_by(|a, b| demands[*a].total_cmp(&demands[*b]));
    let mut left = capacity;
    for (k, i) in order.iter().enumerate() {
        let equal = left / (demands.len() - k) as f64;
        share[*i] = demands[*i].max(0.0).min(equal);
        left -= share[*i];
    }
    share
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn greedy_flows_split_the_link_equally() {
        assert_eq!(max_min_fair_shares(10.0, &[f64::INFINITY; 4]), vec![2.5; 4]);
    }

    #[test]
    fn a_small_demand_is_met_and_its_unused_part_goes_to_the_others() {
        // 10 Mbit/s, a 1 Mbit/s UDP flow and two greedy TCP flows: 1, then (10 − 1)/2 = 4.5 each.
        assert_eq!(max_min_fair_shares(10.0, &[f64::INFINITY, 1.0, f64::INFINITY]), vec![4.5, 1.0, 4.5]);
        // Demands 2, 2.6, 4, 5 on 10: 2; then 8/3 = 2.67 > 2.6 so 2.6; then 5.4/2 = 2.7 for both others.
        let s = max_min_fair_shares(10.0, &[4.0, 2.0, 5.0, 2.6]);
        let want = [2.7, 2.0, 2.7, 2.6];
        assert!(s.iter().zip(want).all(|(a, b)| (a - b).abs() < 1e-12), "{s:?}");
    }

    #[test]
    fn an_unresponsive_flow_above_its_share_is_held_to_the_equal_split() {
        // An unresponsive flow: 12 Mbit/s of UDP beside one TCP flow on 10 Mbit/s: 5 and 5.
        assert_eq!(max_min_fair_shares(10.0, &[12.0, f64::INFINITY]), vec![5.0, 5.0]);
        // Everyone asks for less than the link: everyone gets what they ask.
        assert_eq!(max_min_fair_shares(10.0, &[1.0, 0.0, 3.0]), vec![1.0, 0.0, 3.0]);
        assert!(max_min_fair_shares(10.0, &[]).is_empty());
    }
}

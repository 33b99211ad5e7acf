//! The ICI model against the analytic ring-on-torus formulas, and topology mapping.

use super::*;
use crate::chips::{preset, Wraparound};

fn params(chip: &str) -> IciParams {
    IciParams::from_chip(&preset(chip).unwrap())
}

/// The textbook bidirectional ring all-reduce on a torus axis of n chips, in seconds:
/// 2 (n-1)/n x bytes / (link_bw x 2 links) + 2 (n-1) hops x latency.
fn analytic_all_reduce_s(bytes: f64, n: f64, link_bw: f64, hop_s: f64) -> f64 {
    2.0 * (n - 1.0) / n * bytes / (link_bw * 2.0) + 2.0 * (n - 1.0) * hop_s
}

const SIZES: [u64; 6] = [1 << 10, 1 << 14, 1 << 20, 1 << 24, 1 << 28, 1 << 30];

#[test]
fn validation_ring_all_reduce_matches_the_analytic_formula() {
    for chip in ["v5e", "v5p"] {
        let spec = preset(chip).unwrap();
        let p = IciParams::from_chip(&spec);
        let hop_s = spec.ici.hop_latency_ns as f64 * 1e-9;
        for n in [4u32, 8, 16] {
            for bytes in SIZES {
                let model = p.seconds(collective_cycles(Collective::AllReduce, bytes, &[Ring::new(n, true)], &p));
                let want =
                    analytic_all_reduce_s(bytes as f64, f64::from(n), spec.ici_link_bw_unidir_bytes_per_s, hop_s);
                let err = (model - want).abs() / want;
                println!("{chip} ring {n:>2} all-reduce {bytes:>10} B: model {model:.9e} s, formula {want:.9e} s, error {err:.2e}");
                // Whole cycles: at most a few cycles of rounding.
                assert!((model - want).abs() <= 4.0 / p.clock_hz as f64, "{chip} n={n} {bytes}: {model} vs {want}");
            }
        }
    }
}

#[test]
fn a_line_is_slower_than_a_ring() {
    let p = params("v5e");
    for bytes in SIZES {
        let ring = collective_cycles(Collective::AllGather, bytes, &[Ring::new(8, true)], &p);
        let line = collective_cycles(Collective::AllGather, bytes, &[Ring::new(8, false)], &p);
        assert!(line > ring, "{bytes}");
        if bytes >= 1 << 28 {
            // Bandwidth-bound: a line moves everything through one link direction.
            let ratio = line as f64 / ring as f64;
            assert!((1.95..=2.05).contains(&ratio), "{bytes}: {ratio}");
        }
    }
}

#[test]
fn kinds_relate_as_expected() {
    let p = params("v6e");
    let rings = [Ring::new(16, true), Ring::new(16, true)];
    let b = 1 << 28;
    let ag = collective_cycles(Collective::AllGather, b, &rings, &p);
    let rs = collective_cycles(Collective::ReduceScatter, b, &rings, &p);
    let ar = collective_cycles(Collective::AllReduce, b, &rings, &p);
    assert_eq!(ag, rs);
    assert_eq!(ar, 2 * ag);
    // Two axes used at once: close to B / (2 axes x 2 directions x link_bw).
    let ideal = b as f64 / (4.0 * 9.0e10) * p.clock_hz as f64;
    let ratio = ag as f64 / ideal;
    assert!((0.95..=1.05).contains(&ratio), "2D all-gather / ideal = {ratio}");
    // All-to-all on a ring: the busiest link carries about n/8 x B.
    let a2a = collective_cycles(Collective::AllToAll, b, &rings[..1], &p);
    let ideal = 16.0 * b as f64 / (8.0 * 9.0e10) * p.clock_hz as f64;
    let ratio = a2a as f64 / ideal;
    assert!((0.99..=1.05).contains(&ratio), "all-to-all / ideal = {ratio}");
    // A permute moves B over one link.
    let perm = collective_cycles(Collective::Permute, b, &rings, &p);
    assert_eq!(perm, p.hop_cycles + p.stream_cycles(u128::from(b), 1, 1));
    // Nothing to do on one chip.
    assert_eq!(collective_cycles(Collective::AllReduce, b, &[Ring::new(1, false)], &p), 0);
    assert_eq!(collective_cycles(Collective::AllReduce, b, &[], &p), 0);
}

#[test]
fn strided_rings_share_their_links() {
    let p = params("v5e");
    let b = 1 << 26;
    let dense = collective_cycles(Collective::AllGather, b, &[Ring::new(4, true)], &p);
    let strided = collective_cycles(Collective::AllGather, b, &[Ring { len: 4, wrap: true, stride: 4 }], &p);
    assert!(strided > 3 * dense && strided <= 4 * dense, "{dense} {strided}");
}

#[test]
fn slices_get_the_published_shapes_and_wraparound() {
    let t = Torus::for_slice(256, 2, Wraparound::Axis16);
    assert_eq!(t.axes, vec![Axis { len: 16, wrap: true }; 2]);
    let t = Torus::for_slice(64, 2, Wraparound::Axis16);
    assert_eq!(t.axes, vec![Axis { len: 8, wrap: false }; 2]);
    let t = Torus::for_slice(32, 2, Wraparound::Axis16);
    assert_eq!(t.axes.iter().map(|a| a.len).collect::<Vec<_>>(), [4, 8]);
    let t = Torus::for_slice(512, 3, Wraparound::Cube);
    assert_eq!(t.axes, vec![Axis { len: 8, wrap: true }; 3]);
    let t = Torus::for_slice(8, 3, Wraparound::Cube);
    assert_eq!(t.axes, vec![Axis { len: 2, wrap: false }; 3]);
    assert_eq!(Torus::for_slice(128, 3, Wraparound::Cube).describe(), "4x4x8 (wraparound on 3 of 3 axes)");
    assert_eq!(Torus::parse("4x4x8", Wraparound::Cube).unwrap().chips(), 128);
    assert!(Torus::parse("4xx8", Wraparound::Cube).is_err());
}

#[test]
fn mesh_axes_are_laid_innermost_first() {
    let t = Torus::for_slice(256, 2, Wraparound::Axis16);
    // tp = 4 takes a segment of the first axis; fsdp = 64 the strided rest and the second.
    let m = map_axes(&t, &[4, 64]).unwrap();
    assert_eq!(m[0], vec![Ring { len: 4, wrap: false, stride: 1 }]);
    assert_eq!(m[1], vec![Ring { len: 4, wrap: true, stride: 4 }, Ring { len: 16, wrap: true, stride: 1 }]);
    // Sizes of 1 get no rings.
    let m = map_axes(&t, &[1, 256, 1]).unwrap();
    assert!(m[0].is_empty() && m[2].is_empty());
    assert_eq!(m[1].len(), 2);
    let err = map_axes(&t, &[3, 85]).unwrap_err();
    assert!(err.contains("cannot be laid"), "{err}");
}

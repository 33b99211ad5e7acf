//! Parsing a slice, chip coordinates, the rings of process groups, and collective and
//! point-to-point times.

use super::*;
use crate::timing::ici::{collective_cycles, Axis};

fn slice(spec: &str) -> Slice {
    Slice::parse(spec).unwrap()
}

fn lens(s: &Slice) -> Vec<(u32, bool)> {
    s.torus.axes.iter().map(|a| (a.len, a.wrap)).collect()
}

fn ring(len: u32, wrap: bool, stride: u32) -> Ring {
    Ring { len, wrap, stride }
}

#[test]
fn parses_chip_and_shape() {
    let s = slice("v5e:2x4");
    assert_eq!(s.chip.key, "v5e");
    assert_eq!(lens(&s), [(2, false), (4, false)]);
    assert_eq!(s.chips(), 8);
    assert_eq!(s.describe(), "v5e 2x4 (8 chips, wraparound on 0 of 2 axes)");
    assert_eq!(slice("v5p:2x2x2").describe(), "v5p 2x2x2 (8 chips, wraparound on 0 of 3 axes)");
    assert_eq!(slice("v4:4x4x4").describe(), "v4 4x4x4 (64 chips, wraparound on 3 of 3 axes)");
    assert_eq!(slice("v5e:16x16").describe(), "v5e 16x16 (256 chips, wraparound on 2 of 2 axes)");
    // Forgiving about spaces, case and the chip's spelling.
    assert_eq!(lens(&slice(" TPU v5e : 2X4 ")), [(2, false), (4, false)]);
}

#[test]
fn short_shapes_are_padded_with_ones() {
    let s = slice("v5p:8");
    assert_eq!(lens(&s), [(8, false), (1, false), (1, false)], "8x1x1 is not whole cubes: no wraparound");
    assert_eq!(s.chips(), 8);
    assert_eq!(lens(&slice("v5e:16")), [(16, true), (1, false)]);
    assert_eq!(lens(&slice("v5p:4x4")), [(4, false), (4, false), (1, false)]);
}

#[test]
fn bad_specs_say_what_is_wrong_and_how_to_fix_it() {
    let err = |spec: &str| Slice::parse(spec).unwrap_err();
    assert_eq!(err("v5e"), "TPUDEV_TOPOLOGY='v5e' has no shape: write it like v5e:2x4 or v5p:2x2x2");
    assert_eq!(err("v5e:"), "TPUDEV_TOPOLOGY='v5e:' has no shape: write it like v5e:2x4 or v5p:2x2x2");
    assert_eq!(err(":2x4"), "TPUDEV_TOPOLOGY=':2x4' has no chip: write it like v5e:2x4 or v5p:2x2x2");
    let e = err("v9:2x4");
    assert!(e.starts_with("TPUDEV_TOPOLOGY='v9:2x4': unknown chip 'v9': use one of v4, v5e, v5p"), "{e}");
    let e = err("v5e:2xx4");
    assert!(e.contains("'2xx4' is not a slice shape (write it like 16x16 or 4x4x8)"), "{e}");
    assert!(err("v5e:0x4").contains("is not a slice shape"));
    assert_eq!(
        err("v5e:2x2x2"),
        "TPUDEV_TOPOLOGY='v5e:2x2x2': v5e slices are a torus of 2 axes but the shape has 3: write at most 2 lengths"
    );
}

#[test]
fn from_env_reads_the_topology() {
    // The only test that touches TPUDEV_TOPOLOGY.
    std::env::set_var(ENV_TOPOLOGY, "v5p:2x2x2");
    let got = Slice::from_env();
    std::env::set_var(ENV_TOPOLOGY, "  ");
    let blank = Slice::from_env();
    std::env::set_var(ENV_TOPOLOGY, "v5p");
    let bad = Slice::from_env();
    std::env::remove_var(ENV_TOPOLOGY);
    assert_eq!(got.unwrap().unwrap().chips(), 8);
    assert!(blank.unwrap().is_none());
    assert!(bad.unwrap_err().contains("has no shape"));
    assert!(Slice::from_env().unwrap().is_none());
}

#[test]
fn a_single_chip_has_nothing_to_talk_to() {
    let s = Slice::single(crate::chips::preset("v5p").unwrap());
    assert_eq!(s.chips(), 1);
    assert_eq!(s.torus.axes, vec![Axis { len: 1, wrap: false }; 3]);
    assert_eq!(s.coords(0).unwrap(), [0, 0, 0]);
    assert!(s.rings_of(&[0]).unwrap().is_empty());
    assert_eq!(s.collective_cycles(Collective::AllReduce, 1 << 20, &[0]).unwrap(), 0);
    assert_eq!(s.p2p_cycles(1 << 20, 0, 0).unwrap(), 0);
}

#[test]
fn coordinates_run_first_axis_fastest_and_round_trip() {
    let s = slice("v5e:2x4");
    assert_eq!(s.coords(0).unwrap(), [0, 0]);
    assert_eq!(s.coords(1).unwrap(), [1, 0]);
    assert_eq!(s.coords(2).unwrap(), [0, 1]);
    assert_eq!(s.coords(7).unwrap(), [1, 3]);
    assert_eq!(s.index_of(&[1, 2]).unwrap(), 5);
    for spec in ["v5e:2x4", "v5p:4x4x4", "v5e:16x16", "v4:2x3x5"] {
        let s = slice(spec);
        for i in 0..s.chips() {
            assert_eq!(s.index_of(&s.coords(i).unwrap()).unwrap(), i, "{spec} chip {i}");
        }
    }
    let e = s.coords(8).unwrap_err();
    assert_eq!(e, "chip 8 is not in the slice v5e 2x4 (8 chips, wraparound on 0 of 2 axes) (its chips are 0 to 7)");
    assert!(s.index_of(&[2, 0]).unwrap_err().contains("axis 0 has positions 0 to 1"));
    assert!(s.index_of(&[0]).unwrap_err().contains("have 1 entries but the slice"));
}

#[test]
fn the_whole_slice_runs_on_the_torus_axes() {
    for spec in ["v5e:2x4", "v5p:2x2x2", "v5p:4x4x4", "v5e:16x16", "v5e:16x1", "v4:4x4x8"] {
        let s = slice(spec);
        let all: Vec<u32> = (0..s.chips()).collect();
        let want: Vec<Ring> = s.torus.axes.iter().filter(|a| a.len > 1).map(|a| Ring::new(a.len, a.wrap)).collect();
        assert_eq!(s.rings_of(&all).unwrap(), want, "{spec}");
        // Rank order does not change a grid's rings.
        let reversed: Vec<u32> = all.iter().rev().copied().collect();
        assert_eq!(s.rings_of(&reversed).unwrap(), want, "{spec}");
        for bytes in [1 << 10, 1 << 26] {
            let got = s.collective_cycles(Collective::AllReduce, bytes, &all).unwrap();
            assert_eq!(got, collective_cycles(Collective::AllReduce, bytes, &want, &s.ici()), "{spec}");
            assert!(got > 0, "{spec}");
        }
    }
}

#[test]
fn device_mesh_groups_get_their_rows_columns_and_strides() {
    // A (dp = 2, tp = 4) mesh over 2x4 v5e: [[0, 1, 2, 3], [4, 5, 6, 7]].
    let s = slice("v5e:2x4");
    let rings = |g: &[u32]| s.rings_of(g).unwrap();
    // A row holds chips (0..2, 0..2): two 2-chip rings.
    assert_eq!(rings(&[0, 1, 2, 3]), [ring(2, false, 1), ring(2, false, 1)]);
    assert_eq!(rings(&[4, 5, 6, 7]), [ring(2, false, 1), ring(2, false, 1)]);
    // A column is chips 2 apart on the second axis.
    assert_eq!(rings(&[0, 4]), [ring(2, false, 2)]);
    assert_eq!(rings(&[3, 7]), [ring(2, false, 2)]);
    // Every second chip is one whole second axis.
    assert_eq!(rings(&[0, 2, 4, 6]), [ring(4, false, 1)]);
    assert_eq!(rings(&[1, 3, 5, 7]), [ring(4, false, 1)]);

    let s = slice("v5e:16x16");
    let rings = |g: &[u32]| s.rings_of(g).unwrap();
    // Every fourth chip of a wrapped axis goes all the way round it; every second of the
    // first eight does not.
    assert_eq!(rings(&[0, 4, 8, 12]), [ring(4, true, 4)]);
    assert_eq!(rings(&[0, 2, 4, 6]), [ring(4, false, 2)]);
    let column: Vec<u32> = (0..16).map(|i| 3 + 16 * i).collect();
    assert_eq!(rings(&column), [ring(16, true, 1)]);
    // A 4x4 block: two segments.
    let block: Vec<u32> = (0..4).flat_map(|y| (0..4).map(move |x| x + 16 * y)).collect();
    assert_eq!(rings(&block), [ring(4, false, 1), ring(4, false, 1)]);

    // Strided rings share links, so they take longer than a dense one of the same length.
    let b = 1 << 24;
    let dense = s.collective_cycles(Collective::AllGather, b, &[0, 1, 2, 3]).unwrap();
    let strided = s.collective_cycles(Collective::AllGather, b, &[0, 2, 4, 6]).unwrap();
    assert!(strided > dense, "{strided} vs {dense}");
}

#[test]
fn irregular_groups_fall_back_to_a_conservative_line() {
    let s = slice("v5e:2x4");
    // Three corners of a square: (0,0), (1,0), (0,1); the longest step is 2 hops.
    assert_eq!(s.rings_of(&[0, 1, 2]).unwrap(), [ring(3, false, 2)]);
    let s = slice("v5e:16x16");
    // Unevenly spaced on one axis.
    assert_eq!(s.rings_of(&[0, 1, 3]).unwrap(), [ring(3, false, 2)]);
    // Hop distance takes the wraparound: 15 -> 0 is one hop.
    assert_eq!(s.rings_of(&[0, 15, 14]).unwrap(), [ring(3, false, 1)]);
    let b = 1 << 24;
    let irregular = s.collective_cycles(Collective::AllReduce, b, &[0, 1, 3]).unwrap();
    let line = collective_cycles(Collective::AllReduce, b, &[ring(3, false, 1)], &s.ici());
    assert!(irregular > line, "{irregular} vs {line}");
}

#[test]
fn groups_are_checked() {
    let s = slice("v5e:2x4");
    assert_eq!(s.collective_cycles(Collective::AllReduce, 1 << 20, &[5]).unwrap(), 0);
    assert!(s.rings_of(&[5]).unwrap().is_empty());
    assert_eq!(s.rings_of(&[0, 1, 0]).unwrap_err(), "chip 0 appears twice in the group [0, 1, 0]");
    assert!(s.rings_of(&[0, 8]).unwrap_err().starts_with("chip 8 is not in the slice v5e 2x4"));
    assert!(s.rings_of(&[]).unwrap_err().contains("empty"));
    assert!(s.collective_cycles(Collective::AllGather, 1, &[9]).is_err());
}

#[test]
fn point_to_point_takes_the_shortest_way_round() {
    let s = slice("v5e:16x16");
    let p = s.ici();
    let b = 1u64 << 20;
    let copy = |hops: u64| hops * p.hop_cycles + p.stream_cycles(u128::from(b), 1, 1);
    // 1 MiB over a 45 GB/s link at 1.5 GHz: 34953 cycles; one hop 1 us: 1500 cycles.
    assert_eq!(s.p2p_cycles(b, 0, 1).unwrap(), 1500 + 34953);
    // The first axis wraps: chip 15 is chip 0's neighbour, chip 8 the farthest.
    assert_eq!(s.p2p_cycles(b, 0, 15).unwrap(), copy(1));
    assert_eq!(s.p2p_cycles(b, 0, 8).unwrap(), copy(8));
    assert_eq!(s.p2p_cycles(b, 0, 255).unwrap(), copy(2));
    assert_eq!(s.p2p_cycles(b, 255, 0).unwrap(), copy(2));
    assert_eq!(s.p2p_cycles(b, 7, 7).unwrap(), 0);
    // No wraparound on 8x8 v5e: straight along each axis.
    let s = slice("v5e:8x8");
    assert_eq!(s.p2p_cycles(b, 0, 7).unwrap(), copy(7));
    assert_eq!(s.p2p_cycles(b, 0, 63).unwrap(), copy(14));
    let s = slice("v5e:2x4");
    assert_eq!(s.p2p_cycles(b, 0, 7).unwrap(), copy(4));
    assert!(s.p2p_cycles(b, 0, 8).unwrap_err().contains("chip 8 is not in the slice"));
    // More bytes take longer.
    assert!(s.p2p_cycles(2 * b, 0, 1).unwrap() > s.p2p_cycles(b, 0, 1).unwrap());
}

#[test]
fn times_are_deterministic() {
    let run = || {
        let s = slice("v5p:4x4x4");
        let groups: [Vec<u32>; 4] = [(0..64).collect(), (0..4).collect(), (0..64).step_by(4).collect(), vec![0, 5, 9]];
        let kinds = [
            Collective::AllGather,
            Collective::ReduceScatter,
            Collective::AllReduce,
            Collective::AllToAll,
            Collective::Permute,
        ];
        let mut out = Vec::new();
        for g in &groups {
            for kind in kinds {
                out.push(s.collective_cycles(kind, 3 << 20, g).unwrap());
            }
        }
        out.push(s.p2p_cycles(12345, 0, 63).unwrap());
        out
    };
    let first = run();
    assert!(first.iter().all(|&c| c > 0));
    assert_eq!(first, run());
}

/// A DeviceMesh (dp, tp) over the slice's ranks, tp innermost, gives each tp group the rings
/// `tpudev estimate` lays its tp axis on (`map_axes`, innermost first): the runtime and the
/// estimate time the same collective alike.
#[test]
fn device_mesh_groups_match_the_estimates_mesh_axes() {
    use crate::timing::ici::map_axes;
    for (spec, tp) in [("v5e:2x4", 2u32), ("v5e:2x4", 4), ("v5p:2x2x2", 4), ("v5e:16x16", 16), ("v4:4x4x4", 16)] {
        let s = slice(spec);
        let estimate = map_axes(&s.torus, &[tp]).unwrap().remove(0);
        for first in (0..s.chips()).step_by(tp as usize) {
            let group: Vec<u32> = (first..first + tp).collect();
            let mut rings = s.rings_of(&group).unwrap();
            rings.retain(|r| r.len > 1);
            assert_eq!(rings, estimate, "{spec}, tp group {group:?}");
            assert_eq!(
                s.collective_cycles(Collective::AllReduce, 1 << 20, &group).unwrap(),
                collective_cycles(Collective::AllReduce, 1 << 20, &estimate, &s.ici()),
            );
        }
    }
}

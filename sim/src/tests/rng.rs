use tpudev_core::DType::{self, *};

use super::*;

fn draw(dtype: DType, n: usize, seed: i64, offset: i64) -> Vec<f64> {
    let mut b = GraphBuilder::new();
    let s = b.rng_state();
    let r = b.rng_uniform(s, dtype, vec![n]).unwrap();
    let g = b.finish(vec![r]);
    run1(&g, &[In::Rng(seed, offset)])
}

#[test]
fn deterministic_and_counter_based() {
    let a = draw(F32, 1000, 42, 0);
    assert_eq!(a, draw(F32, 1000, 42, 0));
    assert_ne!(a, draw(F32, 1000, 43, 0));
    // Element i uses counter offset + i: a shifted offset shifts the stream.
    let b = draw(F32, 1000, 42, 10);
    assert_eq!(&a[10..], &b[..990]);
    assert_ne!(a[..10], b[..10]);
    // Independent of the thread count.
    let big = draw(F64, 100_000, 1, 5);
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    assert_eq!(big, one.install(|| draw(F64, 100_000, 1, 5)));
}

#[test]
fn uniform_in_unit_interval_for_every_float_dtype() {
    for dtype in [F32, F64, BF16, F16] {
        let xs = draw(dtype, 200_000, 7, 0);
        assert!(xs.iter().all(|&x| (0.0..1.0).contains(&x)), "{dtype}");
        let mean = xs.iter().sum::<f64>() / xs.len() as f64;
        let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / xs.len() as f64;
        assert!((mean - 0.5).abs() < 0.01, "{dtype} mean {mean}");
        assert!((var - 1.0 / 12.0).abs() < 0.01, "{dtype} variance {var}");
        // Roughly equal counts in 10 bins.
        let mut bins = [0usize; 10];
        for &x in &xs {
            bins[(x * 10.0) as usize] += 1;
        }
        for b in bins {
            assert!((b as f64 - 20_000.0).abs() < 1_000.0, "{dtype} bins {bins:?}");
        }
    }
    // Many distinct values (24 bits for f32).
    let xs = draw(F32, 10_000, 3, 0);
    let mut sorted: Vec<u64> = xs.iter().map(|x| x.to_bits()).collect();
    sorted.sort_unstable();
    sorted.dedup();
    assert!(sorted.len() > 9_990);
}

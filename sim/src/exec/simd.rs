//! Which build of the simulator's vector loops runs: AVX2 or baseline x86-64.

/// Whether the vector loops (the fused row loop, sums) run in their AVX2 builds. Both builds
/// use only IEEE adds, multiplies, divides and compares (Rust never contracts to fused
/// multiply-adds), so they give identical bits; AVX2 does more lanes at once.
/// `TPUDEV_SIMD=baseline` turns it off.
pub fn use_avx2() -> bool {
    static AVX2: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *AVX2.get_or_init(|| {
        let allowed = std::env::var("TPUDEV_SIMD").map_or(true, |v| v.trim() != "baseline");
        #[cfg(target_arch = "x86_64")]
        let has = std::arch::is_x86_feature_detected!("avx2");
        #[cfg(not(target_arch = "x86_64"))]
        let has = false;
        allowed && has
    })
}

//! Buffers on the real XLA CPU plugin: every tpudev dtype round-trips bit-exactly, metadata,
//! and bad arguments give errors (never panics).

mod common;

use tpudev_core::dtype::DType;
use tpudev_hw::{Buffer, HwError};

/// Bytes for `n` elements of `dtype`: a spread of bit patterns (0/1 for bool).
fn pattern(dtype: DType, n: usize) -> Vec<u8> {
    let bytes = n * dtype.size_bytes();
    (0..bytes).map(|i| if dtype == DType::Bool { (i % 3 == 0) as u8 } else { (i as u32 * 37 + 11) as u8 }).collect()
}

#[test]
fn every_dtype_round_trips_bit_exactly() {
    let Some(client) = common::client("every_dtype_round_trips_bit_exactly") else { return };
    for dtype in DType::ALL {
        for dims in [vec![], vec![5], vec![2, 3, 4]] {
            let n: usize = dims.iter().product();
            let host = pattern(dtype, n);
            let buffer = Buffer::from_host(&client, &host, dtype, &dims, 0).unwrap();
            // Packed 4-bit pairs are uint8 bytes to PJRT.
            assert_eq!(buffer.dtype().unwrap(), if dtype.is_packed() { DType::U8 } else { dtype });
            assert_eq!(buffer.dims().unwrap(), dims);
            assert!(buffer.on_device_size().unwrap() >= host.len(), "{dtype} {dims:?}");
            assert_eq!(buffer.to_host().unwrap(), host, "{dtype} {dims:?}");
            let mut out = vec![0u8; host.len()];
            buffer.to_host_into(&mut out).unwrap();
            assert_eq!(out, host);
        }
    }
}

#[test]
fn buffers_on_every_device() {
    let Some(client) = common::client("buffers_on_every_device") else { return };
    let host = common::f32_bytes(&[1.5, -2.0]);
    for d in 0..client.devices().len() {
        let b = Buffer::from_host(&client, &host, DType::F32, &[2], d).unwrap();
        assert_eq!(b.to_host().unwrap(), host);
    }
}

#[test]
fn buffers_move_between_threads() {
    let Some(client) = common::client("buffers_move_between_threads") else { return };
    let host = common::f32_bytes(&[3.0; 8]);
    let b = Buffer::from_host(&client, &host, DType::F32, &[8], 0).unwrap();
    let back = std::thread::spawn(move || b.to_host().unwrap()).join().unwrap();
    assert_eq!(back, host);
}

#[test]
fn wrong_sizes_and_devices_are_errors() {
    let Some(client) = common::client("wrong_sizes_and_devices_are_errors") else { return };
    let err = Buffer::from_host(&client, &[0u8; 7], DType::F32, &[2], 0).unwrap_err();
    assert_eq!(err.to_string(), "a float32 buffer of shape [2] needs 8 bytes, got 7");
    let n = client.devices().len();
    let err = Buffer::from_host(&client, &[0u8; 4], DType::F32, &[1], n).unwrap_err();
    assert!(matches!(err, HwError::InvalidArgument(_)));
    assert!(err.to_string().contains("out of range"), "{err}");
    let b = Buffer::from_host(&client, &[0u8; 8], DType::F32, &[2], 0).unwrap();
    let err = b.to_host_into(&mut [0u8; 4]).unwrap_err();
    assert_eq!(err.to_string(), "reading a device buffer of 8 bytes into a host buffer of 4 bytes");
}

//! Shapes and strides. Dimensions are static here; bounded dynamic dims come with the compiler.

pub type Shape = Vec<usize>;

pub fn numel(shape: &[usize]) -> usize {
    shape.iter().product()
}

/// Row-major strides (in elements) of a contiguous tensor.
pub fn contiguous_strides(shape: &[usize]) -> Vec<isize> {
    let mut strides = vec![0isize; shape.len()];
    let mut acc = 1isize;
    for (s, &d) in strides.iter_mut().zip(shape).rev() {
        *s = acc;
        acc *= d.max(1) as isize;
    }
    strides
}

pub fn is_contiguous(shape: &[usize], strides: &[isize]) -> bool {
    if numel(shape) <= 1 {
        return true;
    }
    let mut expected = 1isize;
    for (&d, &s) in shape.iter().zip(strides).rev() {
        if d != 1 && s != expected {
            return false;
        }
        expected *= d as isize;
    }
    true
}

/// NumPy/PyTorch broadcasting of two shapes, or None when they do not broadcast.
pub fn broadcast_shapes(a: &[usize], b: &[usize]) -> Option<Shape> {
    let rank = a.len().max(b.len());
    let mut out = vec![0; rank];
    for i in 0..rank {
        let da = if i + a.len() >= rank { a[i + a.len() - rank] } else { 1 };
        let db = if i + b.len() >= rank { b[i + b.len() - rank] } else { 1 };
        out[i] = match (da, db) {
            (x, y) if x == y => x,
            (1, y) => y,
            (x, 1) => x,
            _ => return None,
        };
    }
    Some(out)
}

/// Wraps a possibly negative PyTorch dim into 0..rank (rank 0 accepts -1 and 0).
pub fn wrap_dim(dim: i64, rank: usize) -> Option<usize> {
    let r = rank.max(1) as i64;
    let d = if dim < 0 { dim + r } else { dim };
    (0..r).contains(&d).then_some(d as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strides_and_contiguity() {
        assert_eq!(contiguous_strides(&[2, 3, 4]), vec![12, 4, 1]);
        assert!(is_contiguous(&[2, 3], &[3, 1]));
        assert!(!is_contiguous(&[2, 3], &[1, 2]));
        assert!(is_contiguous(&[1, 3], &[99, 1]));
    }

    #[test]
    fn broadcasting() {
        assert_eq!(broadcast_shapes(&[4, 1, 3], &[5, 1]), Some(vec![4, 5, 3]));
        assert_eq!(broadcast_shapes(&[2], &[3]), None);
        assert_eq!(broadcast_shapes(&[], &[3]), Some(vec![3]));
    }

    #[test]
    fn dims_wrap() {
        assert_eq!(wrap_dim(-1, 3), Some(2));
        assert_eq!(wrap_dim(3, 3), None);
        assert_eq!(wrap_dim(-1, 0), Some(0));
    }
}

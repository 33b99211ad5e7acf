//! The op set. Each variant documents the StableHLO op it corresponds to; where the IR uses a
//! simpler special case of a general StableHLO op (Take for gather, for instance) the comment
//! says how it maps.

use super::complex::FftKind;
use super::grid_kernel::GridKernel;
use crate::{
    binary_ops, collective_ops, complex_ops, elementwise_ops, indexing_ops, linalg_ops, other_ops, product_ops,
    reduction_ops, source_ops, unary_ops,
};

/// A scalar value baked into a graph. Literals compare and hash by their bits: -0.0 and 0.0
/// are different constants (1/x tells them apart), and a NaN constant equals itself, so two
/// recordings of one program are the same program (the dispatcher's cache is keyed by graphs).
#[derive(Debug, Clone, Copy, serde::Serialize, serde::Deserialize)]
pub enum Literal {
    Bool(bool),
    Int(i64),
    Float(f64),
}

impl Literal {
    fn bits(self) -> (u8, u64) {
        match self {
            Literal::Bool(b) => (0, b as u64),
            Literal::Int(i) => (1, i as u64),
            Literal::Float(f) => (2, f.to_bits()),
        }
    }

    pub fn as_f64(self) -> f64 {
        match self {
            Literal::Bool(b) => b as i64 as f64,
            Literal::Int(i) => i as f64,
            Literal::Float(f) => f,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum CompareDir {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// The body of a `stablehlo.reduce` / `reduce_window`, restricted to the monoids PyTorch uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum ReduceKind {
    Sum,
    Prod,
    Max,
    Min,
    /// Logical and (bool) — `all`.
    And,
    /// Logical or (bool) — `any`.
    Or,
}

/// StableHLO `precision_config` of a dot or convolution: how many bf16 MXU passes an f32
/// (or f16) product takes. `Default` rounds both operands to bf16 (1 pass); `High` splits each
/// into a bf16 high and low part and sums hi·hi + hi·lo + lo·hi (3 passes, "bf16_3x");
/// `Highest` uses three parts and six products ("bf16_6x"), which is f32 accuracy. bf16
/// operands are exact in every mode. Accumulation is f32 throughout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize)]
pub enum Precision {
    Default,
    High,
    #[default]
    Highest,
}

impl Precision {
    /// bf16 MXU passes per f32 product.
    pub fn passes(self) -> u32 {
        match self {
            Precision::Default => 1,
            Precision::High => 3,
            Precision::Highest => 6,
        }
    }

    /// StableHLO's spelling.
    pub fn name(self) -> &'static str {
        match self {
            Precision::Default => "DEFAULT",
            Precision::High => "HIGH",
            Precision::Highest => "HIGHEST",
        }
    }
}

/// `stablehlo.dot_general` dimension numbers and precision. Result dims: batch, lhs free, rhs
/// free.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct DotDims {
    pub lhs_batch: Vec<usize>,
    pub rhs_batch: Vec<usize>,
    pub lhs_contract: Vec<usize>,
    pub rhs_contract: Vec<usize>,
    pub precision: Precision,
}

impl DotDims {
    /// Batch dims (lhs, rhs), contracting dims (lhs, rhs) and precision.
    pub fn new(
        (lhs_batch, rhs_batch): (&[usize], &[usize]),
        (lhs_contract, rhs_contract): (&[usize], &[usize]),
        precision: Precision,
    ) -> Self {
        DotDims {
            lhs_batch: lhs_batch.to_vec(),
            rhs_batch: rhs_batch.to_vec(),
            lhs_contract: lhs_contract.to_vec(),
            rhs_contract: rhs_contract.to_vec(),
            precision,
        }
    }

    /// A plain matrix product `[m, k] x [k, n]` at the default precision.
    pub fn matmul() -> Self {
        DotDims {
            lhs_batch: vec![],
            rhs_batch: vec![],
            lhs_contract: vec![1],
            rhs_contract: vec![0],
            precision: Precision::default(),
        }
    }
}

/// Which lhs dimension of `Op::RaggedDot` is cut into consecutive groups (the group sizes
/// are an operand, so they stay on the device).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum RaggedDim {
    /// lhs [m, k], rhs [g, k, n]: the rows of group i are multiplied by rhs[i]; result
    /// [m, n], zero in rows past the last group (a mixture of experts' forward).
    Rows,
    /// lhs [m, k], rhs [k, n]: group i contracts over its slice of k alone; result [g, m, n]
    /// (the experts' weight gradient).
    Contracting,
}

/// `stablehlo.convolution` attributes. Layouts are fixed to PyTorch's: input
/// [N, C, spatial...], kernel [O, I/groups, spatial...], output [N, O, spatial...].
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct ConvDims {
    pub stride: Vec<usize>,
    /// (low, high) padding per spatial dim.
    pub padding: Vec<(usize, usize)>,
    /// Dilation of the input (StableHLO lhs_dilation; transposed convolution uses it).
    pub lhs_dilation: Vec<usize>,
    /// Dilation of the kernel (StableHLO rhs_dilation; PyTorch's `dilation`).
    pub rhs_dilation: Vec<usize>,
    pub groups: usize,
    pub precision: Precision,
}

impl PartialEq for Literal {
    fn eq(&self, other: &Self) -> bool {
        self.bits() == other.bits()
    }
}

impl Eq for Literal {}

impl std::hash::Hash for Literal {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.bits().hash(state)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Op {
    /// A graph input (`func.func` argument). Index into `Graph::params`.
    Parameter(usize),
    /// `stablehlo.constant`: a scalar broadcast to the node's shape.
    Constant(Literal),
    /// `stablehlo.iota` along `dim`.
    Iota {
        dim: usize,
    },

    // ---- elementwise, unary (operand and result shapes equal) ----
    Neg,
    Abs,
    Sign,
    Exp,
    Expm1,
    Log,
    Log1p,
    Sqrt,
    Rsqrt,
    Tanh,
    /// `stablehlo.logistic` (sigmoid).
    Logistic,
    Sin,
    Cos,
    /// `chlo.erf`.
    Erf,
    Floor,
    Ceil,
    /// `stablehlo.round_nearest_even`.
    RoundEven,
    /// Logical not for bool, bitwise not for integers.
    Not,
    IsFinite,

    // ---- elementwise, binary (operands of equal shape and dtype) ----
    Add,
    Sub,
    Mul,
    /// Float division, or integer division truncating toward zero.
    Div,
    /// `stablehlo.remainder`: sign of the dividend (C fmod).
    Rem,
    Pow,
    Max,
    Min,
    And,
    Or,
    Xor,
    /// Integer shifts. A shift by the bit width or more (or by a negative amount, which
    /// StableHLO reads as unsigned) gives 0, or the sign for an arithmetic right shift.
    ShiftLeft,
    ShiftRightArithmetic,
    ShiftRightLogical,
    Atan2,
    /// `stablehlo.compare`; result dtype is bool.
    Compare(CompareDir),

    // ---- ternary ----
    /// `stablehlo.select(pred, on_true, on_false)`.
    Select,
    /// `stablehlo.clamp(min, operand, max)`.
    Clamp,

    /// `stablehlo.convert` to the node's dtype (floats to ints truncate toward zero).
    Convert,
    /// `stablehlo.bitcast_convert` between dtypes of one width: each element's bits read as
    /// the node's dtype (PyTorch's `.view(dtype)`). Shape unchanged.
    BitcastConvert,
    /// Same elements in a new shape, row-major order kept.
    Reshape,
    /// `stablehlo.broadcast_in_dim`: operand dim i goes to result dim `dims[i]`.
    BroadcastInDim {
        dims: Vec<usize>,
    },
    /// `stablehlo.transpose`: result dim i is operand dim `perm[i]`.
    Transpose {
        perm: Vec<usize>,
    },
    /// `stablehlo.slice` with positive strides.
    Slice {
        start: Vec<usize>,
        limit: Vec<usize>,
        stride: Vec<usize>,
    },
    /// `stablehlo.concatenate` along `dim`.
    Concatenate {
        dim: usize,
    },
    /// `stablehlo.pad` with the padding value as the second operand (a rank-0 tensor).
    /// Negative low/high crop. Interior padding inserts values between elements.
    Pad {
        low: Vec<i64>,
        high: Vec<i64>,
        interior: Vec<usize>,
    },
    /// `stablehlo.reverse` along `dims`.
    Reverse {
        dims: Vec<usize>,
    },

    /// `stablehlo.reduce` over `dims` with an init value of the monoid's identity.
    Reduce {
        kind: ReduceKind,
        dims: Vec<usize>,
    },
    /// Index (i64) of the max/min along `dim`, first occurrence on ties, NaN counts as the
    /// max — a two-operand `stablehlo.reduce` over (value, iota). The dim is removed.
    ArgReduce {
        kind: ReduceKind,
        dim: usize,
    },
    /// `stablehlo.reduce_window` with (low, high) padding filled with the monoid's identity.
    ReduceWindow {
        kind: ReduceKind,
        window: Vec<usize>,
        stride: Vec<usize>,
        padding: Vec<(usize, usize)>,
    },

    /// `stablehlo.dot_general`.
    DotGeneral(DotDims),
    /// `stablehlo.convolution` (operands: input, kernel).
    Convolution(ConvDims),
    /// `chlo.ragged_dot`, XLA's grouped matrix product: operands (lhs, rhs, group sizes [g],
    /// integer). Groups are consecutive along the `ragged` dim; sizes past its length are cut.
    RaggedDot {
        ragged: RaggedDim,
        precision: Precision,
    },

    // ---- complex numbers (see `ir::complex`) ----
    /// `stablehlo.complex(real, imag)`: two f32 operands of one shape make a complex64.
    Complex,
    /// `stablehlo.real`: a complex64 operand's real part, as f32.
    Real,
    /// `stablehlo.imag`: a complex64 operand's imaginary part, as f32.
    Imag,
    /// `stablehlo.fft` over the trailing `length.len()` (1 to 3) dims.
    Fft {
        kind: FftKind,
        length: Vec<usize>,
    },

    /// Gather of whole slices: operands (table, indices[i64, any rank]); the result replaces
    /// `axis` of the table by the index shape. A `stablehlo.gather` with
    /// `collapsed_slice_dims=[axis]`. Out-of-range indices are an error.
    Take {
        axis: usize,
    },
    /// `torch.gather`: operands (table, indices) of equal rank; result has the index shape and
    /// picks `table[..., indices[...], ...]` along `axis`. A `stablehlo.gather` with a full
    /// index map.
    TakeAlongAxis {
        axis: usize,
    },
    /// Inverse of `Take`: operands (base, indices, updates); adds `updates` slices into `base`
    /// at `indices` along `axis` (`stablehlo.scatter` with an add body).
    ScatterAdd {
        axis: usize,
    },
    /// Inverse of `TakeAlongAxis`: operands (base, indices, updates), elementwise scatter along
    /// `axis`; `accumulate` selects an add body, otherwise the update replaces.
    ScatterAlongAxis {
        axis: usize,
        accumulate: bool,
    },
    /// `ScatterAlongAxis` combining with a `kind` body (sum, product, max, min; NaN wins max
    /// and min): operands (base, indices, updates); base elements no index hits are kept.
    ScatterReduce {
        axis: usize,
        kind: ReduceKind,
    },

    /// Uniform floats in [0, 1) of the node's shape and dtype from a counter-based generator.
    /// Operand: the rng state, an i64[2] tensor (seed, offset). Element i draws from counter
    /// (offset + i). `stablehlo.rng_bit_generator` plays this role in StableHLO.
    RngUniform,

    /// `stablehlo.cholesky`: operand [batch..., n, n], symmetric positive definite, of which
    /// only the `lower` (or upper) triangle is read. The result is L with A = L L^T (or U with
    /// A = U^T U), zero in the other triangle. Where a leading minor is not positive definite,
    /// the columns from the failing one on (rows, for upper) are NaN, so the failing index can
    /// be read back from the diagonal (LAPACK's `info`).
    Cholesky {
        lower: bool,
    },
    /// `stablehlo.triangular_solve`: operands (a [batch..., n, n], b [batch..., n, k] when
    /// `left_side`, else [batch..., k, n]); solves op(a) x = b (or x op(a) = b) where op is the
    /// identity or the transpose, reading only the `lower` (or upper) triangle of a, with ones
    /// on its diagonal when `unit_diagonal`. Batch dims are equal (no broadcasting).
    TriangularSolve {
        left_side: bool,
        lower: bool,
        unit_diagonal: bool,
        transpose_a: bool,
    },
    /// A LAPACK-style routine, a `stablehlo.custom_call` whose target names the routine (see
    /// `LinalgCall`). The first operand is [batch..., m, n]; every float operand and the result
    /// share its dtype. Where XLA's custom call returns a tuple, the IR packs the results into
    /// one tensor [batch..., total]: per batch element, each result flattened row-major and
    /// concatenated; lowerings slice them out. Integer results (pivots) are exact float values.
    LinalgCall(LinalgCall),

    // ---- kernels ----
    /// A result of a Pallas kernel: the value of input 0, which the kernel's interpret-mode
    /// program computes from the kernel's operands, inputs 1.. . The op computes nothing; it
    /// marks where the kernel ends, so the timing model prices the nodes between the operands
    /// and it as one kernel described by the payload (`ir::grid_kernel`), as Mosaic runs it,
    /// rather than as the interpret-mode program.
    PallasResult(Box<GridKernel>),

    // ---- collectives (see `ir::collective`): every replica of an SPMD program runs them ----
    /// `stablehlo.all_reduce`: each replica gets the `kind` reduction of its group's operands,
    /// combined in group order.
    AllReduce {
        kind: ReduceKind,
        groups: ReplicaGroups,
    },
    /// `stablehlo.all_gather`: the group's operands concatenated along `dim`, in group order.
    AllGather {
        dim: usize,
        groups: ReplicaGroups,
    },
    /// `stablehlo.reduce_scatter`: the group's operands reduced, then split along `dim` into
    /// one block per member; member k keeps block k.
    ReduceScatter {
        kind: ReduceKind,
        dim: usize,
        groups: ReplicaGroups,
    },
    /// `stablehlo.all_to_all`: each member splits its operand along `split_dim` into one
    /// block per member and sends block k to member k; the received blocks are concatenated
    /// along `concat_dim` in group order.
    AllToAll {
        split_dim: usize,
        concat_dim: usize,
        groups: ReplicaGroups,
    },
    /// `stablehlo.collective_permute`: replica `target` gets the operand of `source` for each
    /// (source, target) pair; a replica no pair targets gets zeros.
    CollectivePermute {
        pairs: Vec<(u32, u32)>,
    },
}

/// The replicas (chips of a slice, by index) that a collective combines: groups of equal
/// size, no replica in two. StableHLO's `replica_groups`.
pub type ReplicaGroups = Vec<Vec<u32>>;

/// The routines behind `Op::LinalgCall`, with their results in packing order. `k` is
/// min(m, n) of the first operand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum LinalgCall {
    /// LU with partial pivoting (LAPACK `getrf`): LU [m, n] (unit L below the diagonal, U on and
    /// above it), then pivots [k] (1-based: row i was swapped with row pivots[i]). A zero pivot
    /// leaves its column unscaled, as LAPACK does.
    Lu,
    /// Householder QR (LAPACK `geqrf`): A [m, n] holding R on and above the diagonal and the
    /// reflectors' tails below it, then tau [k].
    Geqrf,
    /// The first n columns of the product of the k Householder reflectors given by operands
    /// (a [m, n], tau [k]), k <= n <= m (LAPACK `orgqr`). One result, [batch..., m, n].
    HouseholderProduct,
    /// Symmetric eigendecomposition of the lower triangle (LAPACK `syevd`): eigenvalues [n]
    /// ascending, then eigenvectors [n, n] as columns, each with its largest-magnitude entry
    /// positive (the sign is a choice; LAPACK's follows from its algorithm).
    Eigh,
    /// Singular value decomposition (LAPACK `gesdd`): U [m, m or k], S [k] descending, Vh
    /// [n or k, n]; the full matrices when `full_matrices`. Each singular pair has its
    /// largest-magnitude entry of U's column positive.
    Svd { full_matrices: bool },
    /// Symmetric indefinite factorization with Bunch-Kaufman pivoting of the lower triangle
    /// (LAPACK `sytrf`, unblocked): LD [n, n], then pivots [n] in LAPACK's encoding (positive:
    /// a 1x1 block and the row it was swapped with; negative: a 2x2 block).
    Ldl,
    /// Solves A X = B from `Ldl`'s factors: operands (LD [n, n], pivots [n], B [n, k]); one
    /// result, X [batch..., n, k] (LAPACK `sytrs`).
    LdlSolve,
    /// The matrix exponential of a square matrix; one result, [batch..., n, n].
    MatrixExp,
    /// Turns LU pivots (operand [batch..., k], i64) into the permutation of `m` rows they
    /// apply: result [batch..., m] (i64), row i of P A is row perm[i] of A.
    LuPivotsToPermutation { m: usize },
}

impl LinalgCall {
    /// The custom call's target name in IR dumps.
    pub fn target(&self) -> &'static str {
        match self {
            LinalgCall::Lu => "lu",
            LinalgCall::Geqrf => "geqrf",
            LinalgCall::HouseholderProduct => "householder_product",
            LinalgCall::Eigh => "eigh",
            LinalgCall::Svd { .. } => "svd",
            LinalgCall::Ldl => "ldl",
            LinalgCall::LdlSolve => "ldl_solve",
            LinalgCall::MatrixExp => "matrix_exp",
            LinalgCall::LuPivotsToPermutation { .. } => "lu_pivots_to_permutation",
        }
    }

    /// The shapes of the packed results for a first operand of matrix shape [m, n] (for
    /// `LuPivotsToPermutation`, m and n are unused).
    pub fn parts(&self, m: usize, n: usize) -> Vec<Vec<usize>> {
        let k = m.min(n);
        match *self {
            LinalgCall::Lu | LinalgCall::Geqrf => vec![vec![m, n], vec![k]],
            LinalgCall::HouseholderProduct | LinalgCall::MatrixExp => vec![vec![m, n]],
            LinalgCall::Eigh => vec![vec![n], vec![n, n]],
            LinalgCall::Svd { full_matrices: true } => vec![vec![m, m], vec![k], vec![n, n]],
            LinalgCall::Svd { full_matrices: false } => vec![vec![m, k], vec![k], vec![k, n]],
            LinalgCall::Ldl => vec![vec![n, n], vec![n]],
            // The result has B's shape (the builder's concern).
            LinalgCall::LdlSolve => vec![vec![n, n]],
            LinalgCall::LuPivotsToPermutation { m } => vec![vec![m]],
        }
    }

    /// Whether the result is packed (several results) rather than the single result's shape.
    pub fn is_packed(&self) -> bool {
        self.parts(0, 0).len() > 1
    }
}

impl Op {
    /// Short lowercase name used in IR dumps (the StableHLO op name where there is one).
    pub fn name(&self) -> &'static str {
        match self {
            Op::Parameter(_) => "parameter",
            Op::Constant(_) => "constant",
            Op::Iota { .. } => "iota",
            Op::Neg => "negate",
            Op::Abs => "abs",
            Op::Sign => "sign",
            Op::Exp => "exponential",
            Op::Expm1 => "exponential_minus_one",
            Op::Log => "log",
            Op::Log1p => "log_plus_one",
            Op::Sqrt => "sqrt",
            Op::Rsqrt => "rsqrt",
            Op::Tanh => "tanh",
            Op::Logistic => "logistic",
            Op::Sin => "sine",
            Op::Cos => "cosine",
            Op::Erf => "erf",
            Op::Floor => "floor",
            Op::Ceil => "ceil",
            Op::RoundEven => "round_nearest_even",
            Op::Not => "not",
            Op::IsFinite => "is_finite",
            Op::Add => "add",
            Op::Sub => "subtract",
            Op::Mul => "multiply",
            Op::Div => "divide",
            Op::Rem => "remainder",
            Op::Pow => "power",
            Op::Max => "maximum",
            Op::Min => "minimum",
            Op::And => "and",
            Op::Or => "or",
            Op::Xor => "xor",
            Op::ShiftLeft => "shift_left",
            Op::ShiftRightArithmetic => "shift_right_arithmetic",
            Op::ShiftRightLogical => "shift_right_logical",
            Op::Atan2 => "atan2",
            Op::Compare(_) => "compare",
            Op::Select => "select",
            Op::Clamp => "clamp",
            Op::Convert => "convert",
            Op::BitcastConvert => "bitcast_convert",
            Op::Reshape => "reshape",
            Op::BroadcastInDim { .. } => "broadcast_in_dim",
            Op::Transpose { .. } => "transpose",
            Op::Slice { .. } => "slice",
            Op::Concatenate { .. } => "concatenate",
            Op::Pad { .. } => "pad",
            Op::Reverse { .. } => "reverse",
            Op::Reduce { .. } => "reduce",
            Op::ArgReduce { .. } => "arg_reduce",
            Op::ReduceWindow { .. } => "reduce_window",
            Op::DotGeneral(_) => "dot_general",
            Op::Convolution(_) => "convolution",
            Op::RaggedDot { .. } => "ragged_dot",
            Op::Complex => "complex",
            Op::Real => "real",
            Op::Imag => "imag",
            Op::Fft { .. } => "fft",
            Op::Take { .. } => "take",
            Op::TakeAlongAxis { .. } => "take_along_axis",
            Op::ScatterAdd { .. } => "scatter_add",
            Op::ScatterAlongAxis { .. } => "scatter_along_axis",
            Op::ScatterReduce { .. } => "scatter_reduce",
            Op::RngUniform => "rng_uniform",
            Op::Cholesky { .. } => "cholesky",
            Op::TriangularSolve { .. } => "triangular_solve",
            Op::LinalgCall(_) => "custom_call",
            Op::PallasResult(_) => "pallas_result",
            Op::AllReduce { .. } => "all_reduce",
            Op::AllGather { .. } => "all_gather",
            Op::ReduceScatter { .. } => "reduce_scatter",
            Op::AllToAll { .. } => "all_to_all",
            Op::CollectivePermute { .. } => "collective_permute",
        }
    }

    /// Whether the op exchanges data between the replicas of an SPMD program.
    pub fn is_collective(&self) -> bool {
        match self {
            collective_ops!() => true,
            elementwise_ops!() | other_ops!() => false,
        }
    }

    /// Output element k depends only on element k of each operand.
    pub fn is_elementwise(&self) -> bool {
        self.elementwise_arity().is_some()
    }

    /// What a loop fusion can take in: elementwise work and pure data movement.
    pub fn is_loop_fusible(&self) -> bool {
        match self {
            elementwise_ops!() => true,
            Op::Convert | Op::BitcastConvert | Op::BroadcastInDim { .. } | Op::Reshape => true,
            Op::Complex | Op::Real | Op::Imag => true,
            Op::Fft { .. } => false,
            Op::Transpose { .. }
            | Op::Slice { .. }
            | Op::Concatenate { .. }
            | Op::Pad { .. }
            | Op::Reverse { .. }
            | collective_ops!()
            | source_ops!()
            | reduction_ops!()
            | product_ops!()
            | indexing_ops!()
            | linalg_ops!()
            | Op::PallasResult(_) => false,
        }
    }

    /// Values a TPU compiler does not store: it recomputes them inside every fusion that reads
    /// them (a reshape is a bitcast of its operand), so they take no memory of their own.
    pub fn is_recomputed_in_readers(&self) -> bool {
        match self {
            Op::Reshape
            | Op::BroadcastInDim { .. }
            | Op::Iota { .. }
            | Op::Convert
            | Op::BitcastConvert
            | Op::Constant(_) => true,
            Op::Parameter(_)
            | Op::Transpose { .. }
            | Op::Slice { .. }
            | Op::Concatenate { .. }
            | Op::Pad { .. }
            | Op::Reverse { .. }
            | Op::RngUniform
            | elementwise_ops!()
            | complex_ops!()
            | collective_ops!()
            | reduction_ops!()
            | product_ops!()
            | indexing_ops!()
            | linalg_ops!()
            | Op::PallasResult(_) => false,
        }
    }

    /// Values a TPU compiler does not store for a kernel that reads them: those it recomputes,
    /// and transposes and slices, which become how the reading kernel indexes its operand
    /// (layout assignment and fusion), so a reader reads what they are taken from.
    pub fn is_folded_into_readers(&self) -> bool {
        self.is_recomputed_in_readers() || matches!(self, Op::Transpose { .. } | Op::Slice { .. })
    }

    /// A scatter: operands base, indices, updates; the result is the base with the updates
    /// written (or combined) at the indices.
    pub fn is_scatter(&self) -> bool {
        matches!(self, Op::ScatterAdd { .. } | Op::ScatterAlongAxis { .. } | Op::ScatterReduce { .. })
    }

    pub fn is_elementwise_unary(&self) -> bool {
        self.elementwise_arity() == Some(1)
    }

    pub fn is_elementwise_binary(&self) -> bool {
        self.elementwise_arity() == Some(2)
    }

    /// The operand count of an elementwise op; None for the others. This match is where the
    /// op groups (`unary_ops!`, `binary_ops!`, `collective_ops!`, `other_ops!`) are checked:
    /// an op in no group makes it non-exhaustive, an op in two an unreachable pattern.
    fn elementwise_arity(&self) -> Option<usize> {
        match self {
            unary_ops!() => Some(1),
            binary_ops!() => Some(2),
            Op::Select | Op::Clamp => Some(3),
            collective_ops!() | other_ops!() => None,
        }
    }
}

// ---- groups of ops, as patterns ----
//
// Every op is in exactly one of `unary_ops!`, `binary_ops!`, `collective_ops!`, `other_ops!`,
// or is `Op::Select` or `Op::Clamp` (`Op::elementwise_arity` checks it). They serve matches
// that must name every op, so that adding an op makes the compiler point at each of them, but
// that treat a whole group alike: an elementwise kernel names its own ops one by one and the
// other groups with these. A match that decides something per op within a group (a kernel per
// unary op, a cost per op) names those ops itself, or a subgroup where an arm treats all of
// the subgroup's ops alike.

/// Writes out an op group's members (unit variants of `Op`) as an or-pattern, or after
/// `array:` as an array, so that a group's macro holds its list once and serves both forms.
#[doc(hidden)]
#[macro_export]
macro_rules! op_members {
    (pattern: $($op:ident)+) => { $($crate::ir::Op::$op)|+ };
    (array: $($op:ident)+) => { [$($crate::ir::Op::$op),+] };
}

/// The elementwise unary ops defined on integers as well as floats (their results are exact),
/// as an or-pattern; `exact_unary_ops!(array)` is the list as an array (`Op::EXACT_UNARY`).
#[macro_export]
macro_rules! exact_unary_ops {
    () => { $crate::exact_unary_ops!(pattern) };
    ($form:ident) => { $crate::op_members!($form: Neg Abs Sign Floor Ceil RoundEven Not IsFinite) };
}

/// The elementwise unary ops defined on floats only (transcendentals and square roots), as an
/// or-pattern; `float_unary_ops!(array)` is the list as an array (`Op::FLOAT_UNARY`).
#[macro_export]
macro_rules! float_unary_ops {
    () => { $crate::float_unary_ops!(pattern) };
    ($form:ident) => { $crate::op_members!($form: Exp Expm1 Log Log1p Sqrt Rsqrt Tanh Logistic Sin Cos Erf) };
}

/// The elementwise unary ops (operand and result of equal shape), as an or-pattern.
#[macro_export]
macro_rules! unary_ops {
    () => {
        $crate::exact_unary_ops!() | $crate::float_unary_ops!()
    };
}

/// The elementwise binary ops that carry no attribute (all but compares, which carry a
/// direction and give bools), as an or-pattern; `plain_binary_ops!(array)` is the list as an
/// array (`Op::PLAIN_BINARY`).
#[macro_export]
macro_rules! plain_binary_ops {
    () => { $crate::plain_binary_ops!(pattern) };
    ($form:ident) => { $crate::op_members!($form: Add Sub Mul Div Rem Pow Max Min And Or Xor ShiftLeft ShiftRightArithmetic ShiftRightLogical Atan2) };
}

/// The elementwise binary ops (operands of equal shape and dtype), compares included, as an
/// or-pattern.
#[macro_export]
macro_rules! binary_ops {
    () => {
        $crate::plain_binary_ops!() | $crate::ir::Op::Compare(_)
    };
}

/// The elementwise ops: unary, binary, select and clamp, as an or-pattern.
#[macro_export]
macro_rules! elementwise_ops {
    () => {
        $crate::unary_ops!() | $crate::binary_ops!() | $crate::ir::Op::Select | $crate::ir::Op::Clamp
    };
}

impl Op {
    /// The members of `exact_unary_ops!`.
    pub const EXACT_UNARY: &'static [Op] = &exact_unary_ops!(array);
    /// The members of `float_unary_ops!`.
    pub const FLOAT_UNARY: &'static [Op] = &float_unary_ops!(array);
    /// The members of `plain_binary_ops!`.
    pub const PLAIN_BINARY: &'static [Op] = &plain_binary_ops!(array);

    /// The members of `unary_ops!`.
    pub fn elementwise_unary() -> impl Iterator<Item = &'static Op> {
        Op::EXACT_UNARY.iter().chain(Op::FLOAT_UNARY)
    }
}

/// The collectives (see `ir::collective`), as an or-pattern.
#[macro_export]
macro_rules! collective_ops {
    () => {
        $crate::ir::Op::AllReduce { .. }
            | $crate::ir::Op::AllGather { .. }
            | $crate::ir::Op::ReduceScatter { .. }
            | $crate::ir::Op::AllToAll { .. }
            | $crate::ir::Op::CollectivePermute { .. }
    };
}

/// Ops that make a value from no tensor operand they read elementwise: graph inputs, constants,
/// iotas and random draws, as an or-pattern.
#[macro_export]
macro_rules! source_ops {
    () => {
        $crate::ir::Op::Parameter(_)
            | $crate::ir::Op::Constant(_)
            | $crate::ir::Op::Iota { .. }
            | $crate::ir::Op::RngUniform
    };
}

/// Conversion and data movement: converts, reshapes, broadcasts, transposes, slices,
/// concatenations, pads and reversals, as an or-pattern.
#[macro_export]
macro_rules! layout_ops {
    () => {
        $crate::ir::Op::Convert
            | $crate::ir::Op::BitcastConvert
            | $crate::ir::Op::Reshape
            | $crate::ir::Op::BroadcastInDim { .. }
            | $crate::ir::Op::Transpose { .. }
            | $crate::ir::Op::Slice { .. }
            | $crate::ir::Op::Concatenate { .. }
            | $crate::ir::Op::Pad { .. }
            | $crate::ir::Op::Reverse { .. }
    };
}

/// Reductions: over dims, to an index, and over windows, as an or-pattern.
#[macro_export]
macro_rules! reduction_ops {
    () => {
        $crate::ir::Op::Reduce { .. } | $crate::ir::Op::ArgReduce { .. } | $crate::ir::Op::ReduceWindow { .. }
    };
}

/// Matrix products and convolutions (the MXU's work), as an or-pattern.
#[macro_export]
macro_rules! product_ops {
    () => {
        $crate::ir::Op::DotGeneral(_) | $crate::ir::Op::Convolution(_) | $crate::ir::Op::RaggedDot { .. }
    };
}

/// Gathers and scatters by index tensors, as an or-pattern.
#[macro_export]
macro_rules! indexing_ops {
    () => {
        $crate::ir::Op::Take { .. }
            | $crate::ir::Op::TakeAlongAxis { .. }
            | $crate::ir::Op::ScatterAdd { .. }
            | $crate::ir::Op::ScatterAlongAxis { .. }
            | $crate::ir::Op::ScatterReduce { .. }
    };
}

/// Complex numbers: making them from parts, taking their parts, and Fourier transforms, as
/// an or-pattern.
#[macro_export]
macro_rules! complex_ops {
    () => {
        $crate::ir::Op::Complex | $crate::ir::Op::Real | $crate::ir::Op::Imag | $crate::ir::Op::Fft { .. }
    };
}

/// Linear algebra: factorizations and solves, as an or-pattern.
#[macro_export]
macro_rules! linalg_ops {
    () => {
        $crate::ir::Op::Cholesky { .. } | $crate::ir::Op::TriangularSolve { .. } | $crate::ir::Op::LinalgCall(_)
    };
}

/// Every op that is neither elementwise (`elementwise_ops!`) nor a collective, as an
/// or-pattern: the seven groups above and the Pallas kernel marker.
#[macro_export]
macro_rules! other_ops {
    () => {
        $crate::source_ops!()
            | $crate::layout_ops!()
            | $crate::reduction_ops!()
            | $crate::product_ops!()
            | $crate::indexing_ops!()
            | $crate::complex_ops!()
            | $crate::linalg_ops!()
            | $crate::ir::Op::PallasResult(_)
    };
}

/// The names of the `other_ops!` group, for tests that check a set of graphs covers the op set
/// (a pattern cannot be walked; keep this beside the group macros).
#[cfg(test)]
pub(crate) const OTHER_OP_NAMES: &[&str] = &[
    "parameter",
    "constant",
    "iota",
    "rng_uniform",
    "convert",
    "reshape",
    "broadcast_in_dim",
    "transpose",
    "slice",
    "concatenate",
    "pad",
    "reverse",
    "reduce",
    "arg_reduce",
    "reduce_window",
    "dot_general",
    "convolution",
    "ragged_dot",
    "complex",
    "real",
    "imag",
    "fft",
    "take",
    "take_along_axis",
    "scatter_add",
    "scatter_along_axis",
    "scatter_reduce",
    "cholesky",
    "triangular_solve",
    "custom_call",
    "pallas_result",
];

#[cfg(test)]
mod tests {
    use super::Literal;
    use std::collections::HashSet;

    #[test]
    fn literals_compare_and_hash_by_their_bits() {
        assert_eq!(Literal::Float(f64::NAN), Literal::Float(f64::NAN));
        assert_ne!(Literal::Float(0.0), Literal::Float(-0.0));
        assert_ne!(Literal::Float(1.0), Literal::Int(1));
        let set: HashSet<Literal> = [Literal::Float(f64::NAN), Literal::Float(f64::NAN), Literal::Float(-0.0)].into();
        assert_eq!(set.len(), 2);
    }
}

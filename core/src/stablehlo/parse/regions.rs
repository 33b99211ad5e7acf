//! Ops with regions or structured attributes: reduce (one operand, or the (value, iota)
//! pair of an arg-reduce), reduce_window, dot_general, convolution, gather, scatter,
//! cholesky, triangular_solve and the `@tpudev.*` custom calls.

use super::ast::{Attr, OpAst, Region};
use super::build::{compare_dir, lift, Build, Scope};
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{
    dot_result_allowed, CompareDir, ConvDims, DotDims, GraphBuilder, LinalgCall, NodeId, Op, Precision, RaggedDim,
    ReduceKind,
};
use crate::stablehlo::types::{coerce, reduce_identity, reduce_kind_of};

/// What a one-op body computes: `Some(kind)`, or `None` when it returns its second argument
/// (a scatter that replaces).
pub(super) fn body_kind(r: &Region) -> Option<Option<ReduceKind>> {
    let arg = |k: usize| r.args.get(k).map(|a| a.0.as_str());
    match r.ops.as_slice() {
        [ret]
            if ret.short_name() == "return"
                && ret.operands.len() == 1
                && Some(ret.operands[0].0.as_str()) == arg(1) =>
        {
            Some(None)
        }
        [apply, ret] if ret.short_name() == "return" => {
            let kind = reduce_kind_of(&apply.name)?;
            let ins: Vec<&str> = apply.operands.iter().map(|o| o.0.as_str()).collect();
            let args_ok = ins.len() == 2
                && ((Some(ins[0]), Some(ins[1])) == (arg(0), arg(1))
                    || (Some(ins[1]), Some(ins[0])) == (arg(0), arg(1)));
            let ret_ok = ret.operands.len() == 1 && apply.results.first().map(|r| &r.0) == Some(&ret.operands[0].0);
            (args_ok && ret_ok).then_some(Some(kind))
        }
        _ => None,
    }
}

/// `x` converted to `want` when that is a wider type of its kind (float or integer), else `x`.
fn widened(g: &mut GraphBuilder, x: NodeId, want: DType) -> NodeId {
    let have = g.dtype(x);
    let same_kind = (have.is_float() && want.is_float()) || (have.is_int() && want.is_int());
    if same_kind && want.size_bytes() > have.size_bytes() {
        g.convert(x, want)
    } else {
        x
    }
}

fn precision(a: Option<&Attr>) -> Precision {
    let word = match a {
        Some(Attr::List(v)) => v.first().and_then(Attr::word),
        _ => None,
    };
    match word {
        Some("HIGH") => Precision::High,
        Some("HIGHEST") => Precision::Highest,
        _ => Precision::Default,
    }
}

pub(super) fn pairs(a: Option<&Attr>) -> Option<Vec<(usize, usize)>> {
    match a? {
        Attr::List(v) | Attr::Dense(v, _) if v.iter().all(|x| matches!(x, Attr::List(_))) => v
            .iter()
            .map(|p| {
                let p = p.ints()?;
                (p.len() == 2).then(|| Some((usize::try_from(p[0]).ok()?, usize::try_from(p[1]).ok()?)))?
            })
            .collect(),
        // A splat, `dense<0> : tensor<4x2xi64>` (JAX's padding of a reduce_window): one value
        // for every [low, high] pair of the shape.
        Attr::Dense(v, Some(shape)) if v.len() == 1 && shape.len() == 2 && shape[1] == 2 => {
            let x = usize::try_from(v[0].int()?).ok()?;
            Some(vec![(x, x); shape[0]])
        }
        // dense<[[0, 0], [1, 1]]> flattens.
        Attr::Dense(..) => {
            let f = a?.ints()?;
            (f.len() % 2 == 0).then(|| {
                f.chunks(2).map(|c| Some((usize::try_from(c[0]).ok()?, usize::try_from(c[1]).ok()?))).collect()
            })?
        }
        _ => None,
    }
}

/// The permutations that bring a convolution's operands to the IR's layout ([b, f, 0, 1, ...]
/// and [o, i, 0, 1, ...]) and its [b, f, 0, 1, ...] result to the declared output layout:
/// `[lhs, rhs, out]`, or None when a label is missing or repeated.
fn conv_layout_order(labels: &[Vec<String>], spatial: usize) -> Option<[Vec<usize>; 3]> {
    let [lhs, rhs, out] = labels else { return None };
    let canonical = |first: &str, second: &str| -> Vec<String> {
        [first.to_string(), second.to_string()].into_iter().chain((0..spatial).map(|d| d.to_string())).collect()
    };
    // For each canonical label, where the written layout has it.
    let positions = |written: &Vec<String>, want: &[String]| -> Option<Vec<usize>> {
        if written.len() != want.len() {
            return None;
        }
        want.iter().map(|l| written.iter().position(|w| w == l)).collect()
    };
    let data = canonical("b", "f");
    let to_lhs = positions(lhs, &data)?;
    let to_rhs = positions(rhs, &canonical("o", "i"))?;
    // The output: for each written dim, which canonical dim it is.
    let from_out = positions(&data, out)?;
    let distinct = |p: &Vec<usize>| {
        let mut q = p.clone();
        q.sort_unstable();
        q.dedup();
        q.len() == p.len()
    };
    (distinct(&to_lhs) && distinct(&to_rhs) && distinct(&from_out)).then_some([to_lhs, to_rhs, from_out])
}

pub(super) fn ulist(a: Option<&Attr>) -> Option<Vec<usize>> {
    a?.ints()?.into_iter().map(|i| usize::try_from(i).ok()).collect()
}

/// A gather's or scatter's `index_vector_dim`.
/// `index_vector_dim`, which MLIR leaves out when it is 0.
pub(super) fn index_vector_dim(dn: &Attr) -> Option<usize> {
    match dn.field("index_vector_dim") {
        None => Some(0),
        Some(a) => a.int().and_then(|i| usize::try_from(i).ok()),
    }
}

impl Build<'_> {
    fn region<'o>(&self, op: &'o OpAst) -> Result<&'o Region> {
        op.regions.first().ok_or_else(|| self.err(op, "missing its body region"))
    }

    /// The init operand `k`: a constant equal to `kind`'s identity, kept only if read elsewhere.
    fn init(&mut self, scope: &Scope, op: &OpAst, k: usize, kind: ReduceKind, dtype: DType) -> Result<()> {
        let i = self.lookup(scope, op, k)?;
        let want = reduce_identity(kind, dtype);
        match self.g_op(i) {
            Op::Constant(l) if coerce(l, dtype) == want => {}
            _ => {
                return Err(
                    self.err(op, format!("the init value must be the constant identity of the {kind:?} reduction"))
                )
            }
        }
        self.helper(i);
        Ok(())
    }

    fn g_op(&self, i: NodeId) -> Op {
        self.g.op(i).clone()
    }

    pub fn reduce(&mut self, scope: &Scope, op: &OpAst) -> Result<Vec<NodeId>> {
        let dims = self.usizes(op, &["dimensions"])?;
        let region = self.region(op)?.clone();
        match op.operands.len() {
            2 => {
                let kind = body_kind(&region).flatten().ok_or_else(|| {
                    self.err(op, "unsupported reduction body (one add, multiply, maximum, minimum, and or or)")
                })?;
                let x = self.operand(scope, op, 0)?;
                let dtype = self.g.dtype(x);
                self.init(scope, op, 1, kind, dtype)?;
                let id = self.g.reduce(x, kind, dims).map_err(lift(self.c, op))?;
                Ok(vec![self.check(op, id)?])
            }
            4 => self.arg_reduce(scope, op, &region, dims),
            n => Err(self.err(op, format!("reductions of {} operands are not supported", n / 2))),
        }
    }

    /// A reduce over (value, iota) whose body compares the values GT (argmax) or LT (argmin).
    fn arg_reduce(&mut self, scope: &Scope, op: &OpAst, region: &Region, dims: Vec<usize>) -> Result<Vec<NodeId>> {
        let c = self.c;
        let unsupported = || {
            c.error_at(
                op.pos,
                format!("{}: {}", op.name, "a reduce of two operands must be an arg-max/arg-min over (values, iota)"),
            )
        };
        let [dim] = dims[..] else { return Err(unsupported()) };
        let (a0, b0) = match (region.args.first(), region.args.get(2)) {
            (Some(a), Some(b)) => (a.0.clone(), b.0.clone()),
            _ => return Err(unsupported()),
        };
        let kind = region
            .ops
            .iter()
            .filter(|o| o.short_name() == "compare" && o.operands.len() == 2)
            .find_map(|o| {
                let dir = o.attr("#0").or(o.attr("comparison_direction")).and_then(Attr::word).and_then(compare_dir)?;
                let (l, r) = (&o.operands[0].0, &o.operands[1].0);
                let same = *l == a0 && *r == b0;
                let swapped = *l == b0 && *r == a0;
                match dir {
                    CompareDir::Gt | CompareDir::Ge if same => Some(ReduceKind::Max),
                    CompareDir::Lt | CompareDir::Le if swapped => Some(ReduceKind::Max),
                    CompareDir::Lt | CompareDir::Le if same => Some(ReduceKind::Min),
                    CompareDir::Gt | CompareDir::Ge if swapped => Some(ReduceKind::Min),
                    _ => None,
                }
            })
            .ok_or_else(unsupported)?;
        let x = self.operand(scope, op, 0)?;
        let iota = self.lookup(scope, op, 1)?;
        if self.g_op(iota) != (Op::Iota { dim }) || self.g.shape(iota) != self.g.shape(x) {
            return Err(unsupported());
        }
        self.helper(iota);
        let dtype = self.g.dtype(x);
        self.init(scope, op, 2, kind, dtype)?;
        let zero = self.lookup(scope, op, 3)?;
        if !matches!(self.g_op(zero), Op::Constant(l) if l.as_f64() == 0.0) {
            return Err(unsupported());
        }
        self.helper(zero);
        let idx = self.g.arg_reduce(x, kind, dim).map_err(lift(self.c, op))?;
        let idx_dtype = op.result_types.get(1).map_or(DType::I64, |t| t.dtype);
        let idx = self.g.convert(idx, idx_dtype);
        let value = self.g.reduce(x, kind, dims).map_err(lift(self.c, op))?;
        self.helper(value);
        if op.result_types.len() == 2
            && (self.g.ty(value) != &op.result_types[0] || self.g.ty(idx) != &op.result_types[1])
        {
            return Err(self.err(op, "declared result types differ from the operands'"));
        }
        Ok(vec![value, idx])
    }

    /// `chlo.ragged_dot` in the two forms a grouped matmul takes: 2-D lhs with its rows cut
    /// into groups (rhs [g, k, n]) or its contracted dim cut (rhs [k, n]); no batching dims.
    fn ragged_dot(&mut self, scope: &Scope, op: &OpAst) -> Result<NodeId> {
        self.arity(op, 3)?;
        let (a, b, sizes) = (self.operand(scope, op, 0)?, self.operand(scope, op, 1)?, self.operand(scope, op, 2)?);
        let d = op.attr("ragged_dot_dimension_numbers");
        let dims = |k: &str| ulist(d.and_then(|d| d.field(k))).unwrap_or_default();
        let form = (
            dims("lhs_batching_dimensions"),
            dims("rhs_batching_dimensions"),
            dims("lhs_contracting_dimensions"),
            dims("rhs_contracting_dimensions"),
            dims("lhs_ragged_dimensions"),
            dims("rhs_group_dimensions"),
        );
        let ragged = match (form, self.g.rank(a)) {
            ((lb, rb, lc, rc, lr, rg), 2) if lb.is_empty() && rb.is_empty() && lc == [1] => {
                match (&rc[..], &lr[..], &rg[..]) {
                    ([1], [0], [0]) => Some(RaggedDim::Rows),
                    ([0], [1], []) => Some(RaggedDim::Contracting),
                    _ => None,
                }
            }
            _ => None,
        };
        let ragged = ragged
            .ok_or_else(|| self.err(op, "only a 2-D lhs ragged in its rows or its contracted dim is supported"))?;
        let precision = precision(op.attr("precision_config"));
        self.g.ragged_dot(a, b, sizes, ragged, precision).map_err(lift(self.c, op))
    }

    pub fn region_op(&mut self, scope: &Scope, op: &OpAst) -> Result<Vec<NodeId>> {
        let lift = lift(self.c, op);
        let id = match op.short_name() {
            "reduce_window" => {
                self.arity(op, 2)?;
                let region = self.region(op)?.clone();
                let x = self.operand(scope, op, 0)?;
                let r = self.g.rank(x);
                for k in ["base_dilations", "window_dilations"] {
                    if ulist(op.attr(k)).is_some_and(|v| v.iter().any(|&d| d != 1)) {
                        return Err(self.err(op, format!("{k} other than 1 are not supported")));
                    }
                }
                let window = self.usizes(op, &["window_dimensions"])?;
                let stride = ulist(op.attr("window_strides")).unwrap_or_else(|| vec![1; r]);
                let padding = match op.attr("padding") {
                    None => vec![(0, 0); r],
                    a => pairs(a).ok_or_else(|| self.err(op, "padding must be non-negative [low, high] pairs"))?,
                };
                match body_kind(&region).flatten() {
                    Some(kind) => {
                        self.init(scope, op, 1, kind, self.g.dtype(x))?;
                        self.g.reduce_window(x, kind, window, stride, padding).map_err(lift)?
                    }
                    // Any other elementwise body is folded over the window's positions.
                    None => {
                        let init = self.operand(scope, op, 1)?;
                        self.folded_reduce_window(op, &region, x, init, &window, &stride, &padding)?
                    }
                }
            }
            "dot_general" => {
                self.arity(op, 2)?;
                let (a, b) = (self.operand(scope, op, 0)?, self.operand(scope, op, 1)?);
                let pair = |k: &str, generic: (&str, &str)| -> Result<(Vec<usize>, Vec<usize>)> {
                    if let Some(Attr::List(v)) = op.attr(k) {
                        if let [l, r] = v.as_slice() {
                            return Ok((ulist(Some(l)).unwrap_or_default(), ulist(Some(r)).unwrap_or_default()));
                        }
                    }
                    let d = op.attr("dot_dimension_numbers");
                    Ok((
                        ulist(d.and_then(|d| d.field(generic.0))).unwrap_or_default(),
                        ulist(d.and_then(|d| d.field(generic.1))).unwrap_or_default(),
                    ))
                };
                let (lhs_batch, rhs_batch) =
                    pair("batching_dims", ("lhs_batching_dimensions", "rhs_batching_dimensions"))?;
                let (lhs_contract, rhs_contract) =
                    pair("contracting_dims", ("lhs_contracting_dimensions", "rhs_contracting_dimensions"))?;
                let precision = precision(op.attr("precision").or(op.attr("precision_config")));
                let dims = DotDims { lhs_batch, rhs_batch, lhs_contract, rhs_contract, precision };
                let (da, db) = (self.g.dtype(a), self.g.dtype(b));
                let out = op.result_types.first().map_or(da, |t| t.dtype);
                // A wider declared result the IR has no product for (JAX's preferred_element_type:
                // bf16 x bf16 -> f32, i16 x i16 -> i32) widens the operands, exactly: the float
                // product accumulates in f32 either way, the integer one wraps the same.
                let (a, b) = if dot_result_allowed(da, db, out) {
                    (a, b)
                } else {
                    (widened(&mut self.g, a, out), widened(&mut self.g, b, out))
                };
                self.g.dot_general_to(a, b, dims, out).map_err(lift)?
            }
            "ragged_dot" => self.ragged_dot(scope, op)?,
            "convolution" => self.convolution(scope, op)?,
            "gather" => self.gather(scope, op)?,
            "dynamic_slice" => self.dynamic_slice(scope, op)?,
            "dynamic_update_slice" => self.dynamic_update_slice(scope, op)?,
            "scatter" => self.scatter(scope, op)?,
            "select_and_scatter" => self.select_and_scatter(scope, op)?,
            "cholesky" => {
                self.arity(op, 1)?;
                let x = self.operand(scope, op, 0)?;
                let lower = op.attr("lower").and_then(Attr::bool).unwrap_or(false);
                self.g.cholesky(x, lower).map_err(lift)?
            }
            "triangular_solve" => {
                self.arity(op, 2)?;
                let (a, b) = (self.operand(scope, op, 0)?, self.operand(scope, op, 1)?);
                let flag = |k: &str| op.attr(k).and_then(Attr::bool).unwrap_or(false);
                let transpose = match op.attr("transpose_a").and_then(Attr::word) {
                    None | Some("NO_TRANSPOSE") => false,
                    Some("TRANSPOSE") => true,
                    Some(other) => return Err(self.err(op, format!("transpose_a {other} is not supported"))),
                };
                self.g
                    .triangular_solve(a, b, flag("left_side"), flag("lower"), flag("unit_diagonal"), transpose)
                    .map_err(lift)?
            }
            "custom_call" => self.custom_call(scope, op)?,
            _ => return Err(self.err(op, "is not supported by the tpudev parser")),
        };
        Ok(vec![self.check(op, id)?])
    }

    fn convolution(&mut self, scope: &Scope, op: &OpAst) -> Result<NodeId> {
        self.arity(op, 2)?;
        let (x, w) = (self.operand(scope, op, 0)?, self.operand(scope, op, 1)?);
        let sp = self.g.rank(x).saturating_sub(2);
        let layout = op.attr("dim_numbers").or(op.attr("dimension_numbers"));
        let Some(Attr::ConvLayout(labels)) = layout else {
            return Err(self.err(op, "missing its dim_numbers ([b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1] and the like)"));
        };
        let order = conv_layout_order(labels, sp).ok_or_else(|| {
            self.err(
                op,
                format!(
                    "dim_numbers must name b, f and the spatial dims 0..{sp} once each for the input and \
                     output, and o, i and the spatial dims for the kernel"
                ),
            )
        })?;
        // Another layout (JAX's default is NHWC x HWIO -> NHWC) is the IR's convolution between
        // transposes, which only rename dims.
        let x = self.g.transpose(x, order[0].clone()).map_err(lift(self.c, op))?;
        let w = self.g.transpose(w, order[1].clone()).map_err(lift(self.c, op))?;
        let window = op.attr("window");
        let get = |pretty: &str, generic: &str| window.and_then(|w| w.field(pretty)).or(op.attr(generic));
        if ulist(get("reverse", "window_reversal")).is_some_and(|v| v.iter().any(|&r| r != 0)) {
            return Err(self.err(op, "window reversal is not supported"));
        }
        if op.attr("batch_group_count").and_then(Attr::int).is_some_and(|g| g != 1) {
            return Err(self.err(op, "batch_group_count other than 1 is not supported"));
        }
        let dims = ConvDims {
            stride: ulist(get("stride", "window_strides")).unwrap_or_else(|| vec![1; sp]),
            padding: match get("pad", "padding") {
                None => vec![(0, 0); sp],
                a => pairs(a).ok_or_else(|| self.err(op, "padding must be non-negative [low, high] pairs"))?,
            },
            lhs_dilation: ulist(get("lhs_dilate", "lhs_dilation")).unwrap_or_else(|| vec![1; sp]),
            rhs_dilation: ulist(get("rhs_dilate", "rhs_dilation")).unwrap_or_else(|| vec![1; sp]),
            groups: op
                .attr("feature_group_count")
                .and_then(Attr::int)
                .and_then(|g| usize::try_from(g).ok())
                .unwrap_or(1),
            precision: precision(op.attr("precision_config")),
        };
        let y = self.g.convolution(x, w, dims).map_err(lift(self.c, op))?;
        self.g.transpose(y, order[2].clone()).map_err(lift(self.c, op))
    }

    /// Index operand `k` as the IR wants it: i64, without a trailing index-vector dim of 1.
    fn indices(&mut self, scope: &Scope, op: &OpAst, k: usize, ivd: usize) -> Result<NodeId> {
        let mut idx = self.operand(scope, op, k)?;
        let shape = self.g.shape(idx).to_vec();
        if ivd + 1 == shape.len() && shape[ivd] == 1 {
            idx = self.g.reshape(idx, shape[..ivd].to_vec()).map_err(lift(self.c, op))?;
        } else if ivd != shape.len() {
            return Err(self.err(op, "index_vector_dim must be the last dim (of size 1) or past the last"));
        }
        if !self.g.dtype(idx).is_int() {
            return Err(self.err(op, "indices must be integers"));
        }
        Ok(self.g.convert(idx, DType::I64))
    }

    fn gather(&mut self, scope: &Scope, op: &OpAst) -> Result<NodeId> {
        self.arity(op, 2)?;
        let c = self.c;
        let unsupported = || {
            c.error_at(
                op.pos,
                format!(
                    "{}: {}",
                    op.name, "only gathers of whole slices along one axis (take, take_along_axis) are supported"
                ),
            )
        };
        let dn = op.attr("dimension_numbers").ok_or_else(unsupported)?;
        let f = |k: &str| ulist(dn.field(k)).unwrap_or_default();
        let table = self.operand(scope, op, 0)?;
        let t = self.g.shape(table).to_vec();
        let (collapsed, map) = (f("collapsed_slice_dims"), f("start_index_map"));
        let sizes = ulist(op.attr("slice_sizes")).ok_or_else(unsupported)?;
        let batch = f("operand_batching_dims");
        // Whole slices (or, with batching dims, elements) along one axis keep their own ops;
        // every other gather is the general one. The index's rank without a trailing index
        // vector dim, as `indices` gives it.
        let raw_rank = self.g.rank(self.lookup(scope, op, 1)?);
        let index_rank = if index_vector_dim(dn).is_some_and(|d| d + 1 == raw_rank) { raw_rank - 1 } else { raw_rank };
        let whole_slices = |axis: usize| {
            let offset: Vec<usize> = (0..axis).chain(axis + index_rank..t.len() - 1 + index_rank).collect();
            let mut want = t.clone();
            want[axis] = 1;
            f("offset_dims") == offset && sizes == want
        };
        let along_one_axis = match collapsed[..] {
            [axis] => map == [axis] && axis < t.len() && (!batch.is_empty() || whole_slices(axis)),
            _ => false,
        };
        if !along_one_axis {
            return self.general_gather(scope, op, dn);
        }
        let axis = collapsed[0];
        let mut idx = self.indices(scope, op, 1, index_vector_dim(dn).ok_or_else(unsupported)?)?;
        // Without tpudev's mark (print/gather.rs), StableHLO's clamping of the start index.
        if op.attr("tpudev.in_bounds").is_none() && t[axis] > 0 {
            idx = self.clamped(idx, t[axis] - 1, &lift(self.c, op))?;
        }
        if !batch.is_empty() {
            let others: Vec<usize> = (0..t.len()).filter(|&d| d != axis).collect();
            if batch != others || f("start_indices_batching_dims") != others || sizes.iter().any(|&s| s != 1) {
                return Err(unsupported());
            }
            return self.g.take_along_axis(table, idx, axis).map_err(lift(self.c, op));
        }
        // `whole_slices` checked the offset dims and slice sizes.
        self.g.take(table, idx, axis).map_err(lift(self.c, op))
    }

    fn scatter(&mut self, scope: &Scope, op: &OpAst) -> Result<NodeId> {
        self.arity(op, 3)?;
        let dn =
            op.attr("scatter_dimension_numbers").ok_or_else(|| self.err(op, "missing scatter_dimension_numbers"))?;
        let f = |k: &str| ulist(dn.field(k)).unwrap_or_default();
        let region = self.region(op)?.clone();
        let kind = body_kind(&region).ok_or_else(|| self.err(op, "unsupported scatter body"))?;
        // A scatter tpudev printed has indices the lowering checked (print/gather.rs).
        let checked = op.attr("tpudev.in_bounds").is_some();
        let r = self.g.rank(self.lookup(scope, op, 0)?);
        let ivd = index_vector_dim(dn);
        let raw_rank = self.g.rank(self.lookup(scope, op, 1)?);
        let ir = if ivd.is_some_and(|d| d + 1 == raw_rank) { raw_rank - 1 } else { raw_rank };
        let batch = f("input_batching_dims");
        // Whole slices or elements along one axis keep the IR's own ops; everything else is
        // the general scatter.
        let axis = match f("inserted_window_dims")[..] {
            [axis] if f("scatter_dims_to_operand_dims") == [axis] && axis < r => Some(axis),
            _ => None,
        };
        let others = |axis: usize| (0..r).filter(|&d| d != axis).collect::<Vec<_>>();
        let along_one_axis = axis.filter(|&axis| {
            let index_vector_last = ivd.is_some_and(|d| d >= ir);
            let layout = if batch.is_empty() {
                f("update_window_dims") == (0..axis).chain(axis + ir..r - 1 + ir).collect::<Vec<_>>()
            } else {
                batch == others(axis) && f("scatter_indices_batching_dims") == others(axis)
            };
            index_vector_last && layout
        });
        let Some(axis) = along_one_axis else {
            if checked {
                return Err(self.err(op, "only scatters of whole slices or elements along one axis are supported"));
            }
            return self.general_scatter(scope, op, dn, kind);
        };
        let base = self.operand(scope, op, 0)?;
        let idx = self.indices(scope, op, 1, ivd.unwrap_or(ir))?;
        let upd = self.operand(scope, op, 2)?;
        let internal = lift(self.c, op);
        let lift: &dyn Fn(crate::error::Error) -> crate::error::Error = &internal;
        let reduce = op.attr("tpudev.op").and_then(Attr::word) == Some("scatter_reduce");
        let (idx, upd) =
            if batch.is_empty() { self.slices_as_elements(base, idx, upd, axis, kind, lift)? } else { (idx, upd) };
        let whole_slices_added = batch.is_empty() && kind == Some(ReduceKind::Sum);
        let build = |b: &mut Self, base: NodeId, idx: NodeId| -> Result<NodeId> {
            match (kind, reduce) {
                _ if whole_slices_added => b.g.scatter_add(base, idx, upd, axis).map_err(lift),
                (Some(k), true) => b.g.scatter_reduce(base, idx, upd, axis, k).map_err(lift),
                (None, _) => b.g.scatter_along_axis(base, idx, upd, axis, false).map_err(lift),
                (Some(ReduceKind::Sum), false) => b.g.scatter_along_axis(base, idx, upd, axis, true).map_err(lift),
                (Some(k), false) => b.g.scatter_reduce(base, idx, upd, axis, k).map_err(lift),
            }
        };
        if checked {
            build(self, base, idx)
        } else {
            self.scatter_skipping(base, idx, axis, lift, build)
        }
    }

    /// A scatter of whole slices along `axis`: a scatter-add keeps its slices (`ScatterAdd`);
    /// any other gives each update element its slice's index, for the element-wise scatter
    /// along the axis (several index dims flattened into one).
    fn slices_as_elements(
        &mut self,
        base: NodeId,
        idx: NodeId,
        upd: NodeId,
        axis: usize,
        kind: Option<ReduceKind>,
        lift: &dyn Fn(crate::error::Error) -> crate::error::Error,
    ) -> Result<(NodeId, NodeId)> {
        if kind == Some(ReduceKind::Sum) {
            return Ok((idx, upd));
        }
        let count = self.g.shape(idx).iter().product::<usize>();
        let idx = self.g.reshape(idx, vec![count]).map_err(lift)?;
        let mut flat = self.g.shape(base).to_vec();
        flat[axis] = count;
        let upd = self.g.reshape(upd, flat.clone()).map_err(lift)?;
        let idx = self.g.broadcast_in_dim(idx, flat, vec![axis]).map_err(lift)?;
        Ok((idx, upd))
    }

    fn custom_call(&mut self, scope: &Scope, op: &OpAst) -> Result<NodeId> {
        let callee =
            op.attr("callee").or(op.attr("call_target_name")).and_then(Attr::word).unwrap_or_default().to_string();
        let Some(target) = callee.strip_prefix("tpudev.") else {
            return Err(self.err(op, format!("custom_call @{callee} is not supported")));
        };
        let config = op.attr("backend_config").and_then(Attr::word).unwrap_or_default().to_string();
        let get = |k: &str| config.split(',').find_map(|kv| kv.strip_prefix(k)?.strip_prefix('=')).map(str::to_string);
        let c = self.c;
        let num = |k: &str| -> Result<usize> {
            get(k)
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| c.error_at(op.pos, format!("{}: backend_config needs {k}=<number>", op.name)))
        };
        let xs: Vec<NodeId> = (0..op.operands.len()).map(|k| self.operand(scope, op, k)).collect::<Result<_>>()?;
        let lift = lift(self.c, op);
        let arg =
            |k: usize| xs.get(k).copied().ok_or_else(|| self.err(op, format!("expected at least {} operands", k + 1)));
        let call = match target {
            "rng_uniform" => {
                let ty = self.result_type(op)?;
                return self.g.rng_uniform(arg(0)?, ty.dtype, ty.shape).map_err(lift);
            }
            "take_along_axis" => return self.g.take_along_axis(arg(0)?, arg(1)?, num("axis")?).map_err(lift),
            "scatter_along_axis" => {
                let acc = get("accumulate").as_deref() == Some("true");
                return self.g.scatter_along_axis(arg(0)?, arg(1)?, arg(2)?, num("axis")?, acc).map_err(lift);
            }
            "scatter_reduce" => {
                let kind = get("kind").and_then(|k| reduce_kind_of(&format!("stablehlo.{k}")));
                let kind =
                    kind.ok_or_else(|| self.err(op, "backend_config needs kind=add|multiply|maximum|minimum"))?;
                return self.g.scatter_reduce(arg(0)?, arg(1)?, arg(2)?, num("axis")?, kind).map_err(lift);
            }
            "lu" => LinalgCall::Lu,
            "geqrf" => LinalgCall::Geqrf,
            "householder_product" => LinalgCall::HouseholderProduct,
            "eigh" => LinalgCall::Eigh,
            "svd" => LinalgCall::Svd { full_matrices: get("full_matrices").as_deref() == Some("true") },
            "ldl" => LinalgCall::Ldl,
            "ldl_solve" => LinalgCall::LdlSolve,
            "matrix_exp" => LinalgCall::MatrixExp,
            "lu_pivots_to_permutation" => LinalgCall::LuPivotsToPermutation { m: num("m")? },
            other => return Err(self.err(op, format!("unknown tpudev custom call @tpudev.{other}"))),
        };
        self.g.linalg_call(call, &xs).map_err(lift)
    }
}

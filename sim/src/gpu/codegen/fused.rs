//! One kernel for a run of elementwise nodes of one shape: each invocation computes one
//! element of every member in registers and writes only the members read elsewhere.
//! Operands come from buffers, constants, or index maps over buffers (`view.rs`).

use tpudev_core::ir::{collective_ops, complex_ops, CompareDir, Graph, NodeId, Op};

use super::{binding, grid, literal, normalize, PRELUDE, THREADS};
use crate::gpu::plan::{storage, Form, Kernel, Kind};
use crate::gpu::view::{row_major_strides, wgsl_coords};

struct Gen<'a> {
    g: &'a Graph,
    forms: &'a [Form],
    members: &'a [NodeId],
    reads: Vec<NodeId>,
    coords: bool,
}

impl Gen<'_> {
    fn kind(&self, j: NodeId) -> Kind {
        Kind::of(self.g.nodes[j].ty.dtype).unwrap_or(Kind::F32)
    }

    fn input(&mut self, j: NodeId) -> usize {
        let s = storage(self.forms, j);
        match self.reads.iter().position(|&r| r == s) {
            Some(b) => b,
            None => {
                self.reads.push(s);
                self.reads.len() - 1
            }
        }
    }

    /// The expression of node j's value at this invocation's element, read through its form.
    fn load(&mut self, j: NodeId) -> String {
        match self.forms[j].clone() {
            Form::Splat(l) => literal(l, self.g.nodes[j].ty.dtype),
            Form::View { map, .. } => {
                self.coords = true;
                let b = self.input(j);
                format!("in{b}[{}]", map.wgsl_index())
            }
            _ => format!("in{}[i]", self.input(j)),
        }
    }

    /// The buffer element at WGSL index `index` of node j, a buffer or alias (or a constant).
    fn load_at(&mut self, j: NodeId, index: &str) -> String {
        if let Form::Splat(l) = self.forms[j] {
            return literal(l, self.g.nodes[j].ty.dtype);
        }
        format!("in{}[{index}]", self.input(j))
    }

    /// `pad`: the operand's element where this one falls on it, else the padding value.
    fn pad(&mut self, m: NodeId, low: &[i64], interior: &[usize]) -> String {
        self.coords = true;
        let (x, v) = (self.g.nodes[m].inputs[0], self.g.nodes[m].inputs[1]);
        let src = self.g.nodes[x].ty.shape.to_vec();
        let strides = row_major_strides(&src);
        let (mut ok, mut idx) = (vec![], vec![]);
        for d in 0..src.len() {
            let step = interior[d] as i64 + 1;
            let t = format!("(i32(c{d}) - ({}))", low[d]);
            ok.push(format!("{t} >= 0 && {t} % {step} == 0 && {t} / {step} < {}", src[d]));
            idx.push(format!("u32(max({t}, 0) / {step}) * {}u", strides[d]));
        }
        let ok = if ok.is_empty() { "true".into() } else { ok.join(" && ") };
        let idx = if idx.is_empty() { "0u".into() } else { idx.join(" + ") };
        let value = self.load_at(v, "0u");
        let inside = self.load_at(x, &format!("select(0u, {idx}, {ok})"));
        format!("select({value}, {inside}, {ok})")
    }

    /// `concatenate`: the element of the operand whose span along `dim` holds this one.
    fn concat(&mut self, m: NodeId, dim: usize) -> String {
        self.coords = true;
        let ins = self.g.nodes[m].inputs.clone();
        let mut parts = Vec::new();
        let mut start = 0usize;
        for &j in &ins {
            let shape = self.g.nodes[j].ty.shape.to_vec();
            let strides = row_major_strides(&shape);
            let len = shape[dim];
            let idx: Vec<String> = (0..shape.len())
                .map(|d| {
                    if d == dim {
                        format!("(min(max(c{d}, {start}u) - {start}u, {}u) * {}u)", len.max(1) - 1, strides[d])
                    } else {
                        format!("(c{d} * {}u)", strides[d])
                    }
                })
                .collect();
            let read = self.load_at(j, &idx.join(" + "));
            start += len;
            parts.push((start, read));
        }
        // Nested from the last operand outwards: the first span that holds c[dim] wins.
        let mut e = parts.last().map(|p| p.1.clone()).unwrap_or_default();
        for (end, read) in parts.iter().rev().skip(1) {
            e = format!("select({e}, {read}, c{dim} < {end}u)");
        }
        e
    }

    fn operand(&mut self, m: NodeId, k: usize) -> String {
        let j = self.g.nodes[m].inputs[k];
        if self.members.contains(&j) && j != m {
            format!("v{j}")
        } else {
            self.load(j)
        }
    }

    /// The expression computing member m (before rounding to its dtype).
    fn expr(&mut self, m: NodeId) -> String {
        let node = &self.g.nodes[m];
        let out = self.kind(m);
        if node.inputs.is_empty() || !matches!(self.forms[m], Form::Buffer) {
            // A constant or view copied out on its own (`materialize`), or an iota.
            if let Op::Iota { dim } = node.op {
                self.coords = true;
                return format!("{}(c{dim})", out.wgsl());
            }
            return self.load(m);
        }
        match &node.op {
            Op::Pad { low, interior, .. } => return self.pad(m, low, interior),
            Op::Concatenate { dim } => return self.concat(m, *dim),
            _ => {}
        }
        let kin = self.kind(node.inputs[0]);
        let x = self.operand(m, 0);
        let bin = |gen: &mut Self| gen.operand(m, 1);
        let f = kin == Kind::F32;
        match &node.op {
            Op::Neg => format!("-({x})"),
            Op::Abs if kin == Kind::Bool => x,
            Op::Abs => format!("abs({x})"),
            Op::Sign if f => format!("sign_f({x})"),
            Op::Sign if kin == Kind::I32 => format!("sign({x})"),
            Op::Sign => x,
            Op::Floor | Op::Ceil | Op::RoundEven if !f => x,
            Op::Exp => format!("exp({x})"),
            Op::Expm1 => format!("expm1_f({x})"),
            Op::Log => format!("log_f({x})"),
            Op::Log1p => format!("log1p_f({x})"),
            Op::Sqrt => format!("sqrt_f({x})"),
            Op::Rsqrt => format!("(1.0 / sqrt_f({x}))"),
            Op::Tanh => format!("tanh_f({x})"),
            Op::Logistic => format!("logistic({x})"),
            Op::Sin => format!("sin({x})"),
            Op::Cos => format!("cos({x})"),
            Op::Erf => format!("erf_f({x})"),
            Op::Floor => format!("floor({x})"),
            Op::Ceil => format!("ceil({x})"),
            Op::RoundEven => format!("round({x})"),
            Op::IsFinite if f => format!("select(0u, 1u, is_finite({x}))"),
            Op::IsFinite => "1u".into(),
            Op::Not if kin == Kind::Bool => format!("({x} ^ 1u)"),
            Op::Not => format!("(~{x})"),
            Op::Add => format!("({x} + {})", bin(self)),
            Op::Sub => format!("({x} - {})", bin(self)),
            Op::Mul => format!("({x} * {})", bin(self)),
            Op::Div if f => format!("({x} / {})", bin(self)),
            Op::Div => {
                let y = bin(self);
                format!("select(0i, {x} / {y}, {y} != 0i)")
            }
            Op::Rem => {
                let y = bin(self);
                format!("select(0i, {x} % {y}, {y} != 0i)")
            }
            Op::Pow => format!("pow_f({x}, {})", bin(self)),
            Op::Atan2 => format!("atan2({x}, {})", bin(self)),
            Op::Max if f => format!("max_nan({x}, {})", bin(self)),
            Op::Min if f => format!("min_nan({x}, {})", bin(self)),
            Op::Max => format!("max({x}, {})", bin(self)),
            Op::Min => format!("min({x}, {})", bin(self)),
            Op::And => format!("({x} & {})", bin(self)),
            Op::Or => format!("({x} | {})", bin(self)),
            Op::Xor => format!("({x} ^ {})", bin(self)),
            Op::Compare(dir) => {
                let sym = match dir {
                    CompareDir::Eq => "==",
                    CompareDir::Ne => "!=",
                    CompareDir::Lt => "<",
                    CompareDir::Le => "<=",
                    CompareDir::Gt => ">",
                    CompareDir::Ge => ">=",
                };
                let y = bin(self);
                if f {
                    // WGSL lets compilers assume there are no NaNs, so they are tested by
                    // their bits: every compare with a NaN is false but !=, which is true.
                    let nan = format!("(is_nan({x}) || is_nan({y}))");
                    if *dir == CompareDir::Ne {
                        format!("select(0u, 1u, {nan} || {x} != {y})")
                    } else {
                        format!("select(0u, 1u, !{nan} && {x} {sym} {y})")
                    }
                } else {
                    format!("select(0u, 1u, {x} {sym} {y})")
                }
            }
            Op::Select => {
                let (a, b) = (self.operand(m, 1), self.operand(m, 2));
                format!("select({b}, {a}, {x} != 0u)")
            }
            Op::Clamp => {
                // clamp(lo, x, hi), as the CPU: max with lo, then min with hi.
                let (v, hi) = (self.operand(m, 1), self.operand(m, 2));
                if self.kind(node.inputs[1]) == Kind::F32 {
                    format!("min_nan(max_nan({v}, {x}), {hi})")
                } else {
                    format!("min(max({v}, {x}), {hi})")
                }
            }
            Op::Convert => match (kin, out) {
                (a, b) if a == b => x,
                (_, Kind::F32) => format!("f32({x})"),
                (Kind::F32, Kind::Bool) => format!("select(0u, 1u, {x} != 0.0)"),
                (Kind::I32, Kind::Bool) => format!("select(0u, 1u, {x} != 0i)"),
                (_, Kind::I32) => format!("i32({x})"),
                _ => x,
            },
            // The planner only fuses the ops above; anything else is a planner bug.
            other @ (Op::Parameter(_)
            | Op::Constant(_)
            | Op::Iota { .. }
            | Op::Reshape
            | Op::BroadcastInDim { .. }
            | Op::Transpose { .. }
            | Op::Slice { .. }
            | Op::Concatenate { .. }
            | Op::Pad { .. }
            | Op::Reverse { .. }
            | Op::Reduce { .. }
            | Op::ArgReduce { .. }
            | Op::ReduceWindow { .. }
            | Op::DotGeneral(_)
            | Op::Convolution(_)
            | Op::RaggedDot { .. }
            | Op::Take { .. }
            | Op::TakeAlongAxis { .. }
            | Op::ScatterAdd { .. }
            | Op::ScatterAlongAxis { .. }
            | Op::ScatterReduce { .. }
            | Op::RngUniform
            | Op::Cholesky { .. }
            | Op::ShiftLeft
            | Op::ShiftRightArithmetic
            | Op::ShiftRightLogical
            | Op::BitcastConvert
            | Op::TriangularSolve { .. }
            | Op::LinalgCall(_)
            | Op::PallasResult(_)
            | complex_ops!()
            | collective_ops!()) => format!("UNSUPPORTED_{}", other.name()),
        }
    }
}

/// The kernel computing `members` (in program order) over `shape`, writing `outputs`.
pub fn kernel(
    g: &Graph,
    forms: &[Form],
    shape: &[usize],
    members: &[NodeId],
    outputs: &[NodeId],
    max_wg: u32,
) -> Kernel {
    let mut gen = Gen { g, forms, members, reads: Vec::new(), coords: false };
    let mut body = String::new();
    for &m in members {
        let ty = &g.nodes[m].ty;
        let e = normalize(gen.expr(m), ty.dtype);
        body += &format!("    let v{m}: {} = {e};\n", gen.kind(m).wgsl());
    }
    let n: usize = shape.iter().product();
    let (workgroups, stride) = grid(n, THREADS, max_wg);
    let mut src = String::from(PRELUDE);
    for (b, &r) in gen.reads.iter().enumerate() {
        src += &binding(b, &format!("in{b}"), gen.kind(r), false);
    }
    for (k, &o) in outputs.iter().enumerate() {
        src += &binding(gen.reads.len() + k, &format!("out{k}"), gen.kind(o), true);
    }
    src += &format!(
        "\n@compute @workgroup_size({THREADS})\nfn main(@builtin(global_invocation_id) gid: vec3<u32>) {{\n    \
         let i = gid.x + gid.y * {stride}u;\n    if (i >= {n}u) {{\n        return;\n    }}\n"
    );
    if gen.coords {
        src += &wgsl_coords(shape);
    }
    src += &body;
    for (k, &o) in outputs.iter().enumerate() {
        src += &format!("    out{k}[i] = v{o};\n");
    }
    src += "}\n";
    let names: Vec<&str> = members.iter().map(|&m| g.nodes[m].op.name()).collect();
    Kernel {
        name: format!("fusion[{}]", names.join(",")),
        source: src,
        reads: gen.reads,
        writes: outputs.to_vec(),
        workgroups,
    }
}

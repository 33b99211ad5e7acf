//! The matrix products of a program as the MXU model sees them, for questions about a product
//! rather than a program: "what would this product cost with bf16 operands, or with a
//! dimension the MXU divides evenly?" (the performance advisor's what-ifs). Each product is
//! priced on its own, as one kernel of the same model `time_program` uses.

use tpudev_core::ir::{Graph, NodeId, Op};

use super::kernel::kernel_cost;
use super::mxu::matmul_cost;
use super::operands::WIDE;
use super::params::TimingParams;
use super::vmem::Matmul;
use super::work::{conv_matmul, dot_matmul, product_work};

/// One dot_general or convolution of a program, as the [m, k] x [k, n] product (per batch
/// or group) the MXUs run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Product {
    /// "dot_general" or "convolution".
    pub kind: &'static str,
    /// Operand bytes are those before the converts that feed the product: a bf16 product with
    /// an f32 accumulator is lowered as converts to f32 and an f32 product at one pass, and
    /// reads its operands from HBM as bf16 all the same (the converts fuse into its loads).
    pub mm: Matmul,
}

/// The products of `graph`, in program order.
pub fn program_products(graph: &Graph, p: &TimingParams) -> Vec<Product> {
    (0..graph.nodes.len())
        .filter_map(|i| {
            let (kind, mm) = match graph.nodes[i].op {
                Op::DotGeneral(_) => ("dot_general", dot_matmul(graph, i, p)?),
                Op::Convolution(_) => ("convolution", conv_matmul(graph, i, p)),
                _ => return None,
            };
            let node = &graph.nodes[i];
            let (lhs_bytes, rhs_bytes) = (source_bytes(graph, node.inputs[0]), source_bytes(graph, node.inputs[1]));
            Some(Product { kind, mm: Matmul { lhs_bytes, rhs_bytes, ..mm } })
        })
        .collect()
}

/// Bytes per element of value `id` looking through widening float converts.
fn source_bytes(graph: &Graph, mut id: NodeId) -> u64 {
    let mut bytes = graph.nodes[id].ty.dtype.size_bytes() as u64;
    while let (Op::Convert, [from]) = (&graph.nodes[id].op, graph.nodes[id].inputs.as_slice()) {
        let dtype = graph.nodes[*from].ty.dtype;
        if !dtype.is_float() || dtype.size_bytes() as u64 > bytes {
            break;
        }
        bytes = dtype.size_bytes() as u64;
        id = *from;
    }
    bytes
}

/// Cycles of `mm` run as one kernel on its own: launch, operand loads, the MXU passes.
pub fn product_cycles(mm: &Matmul, p: &TimingParams) -> u64 {
    kernel_cost(&product_work("product", mm, matmul_cost(mm, p)), p).cycles
}

/// `mm` with bf16 operands and result, one MXU pass per product: the product under
/// `torch.autocast(dtype=torch.bfloat16)`.
pub fn as_bf16(mm: &Matmul) -> Matmul {
    Matmul { lhs_bytes: 2, rhs_bytes: 2, out_bytes: 2, passes: 1, mode: WIDE, ..*mm }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chips::preset;

    fn v5e() -> TimingParams {
        TimingParams::from_chip(&preset("v5e").unwrap())
    }

    #[test]
    fn a_dimension_past_the_mxu_width_costs_what_the_next_multiple_does() {
        let p = v5e();
        let mm = |n| Matmul {
            batch: 1,
            m: 1024,
            n,
            k: 1024,
            lhs_bytes: 2,
            rhs_bytes: 2,
            out_bytes: 2,
            passes: 1,
            mode: WIDE,
        };
        let (at, past, next) =
            (product_cycles(&mm(128), &p), product_cycles(&mm(130), &p), product_cycles(&mm(256), &p));
        assert!(past as f64 > 1.2 * at as f64, "{at} {past}");
        // The same MXU passes as 256; only the bytes moved are fewer.
        assert!(past <= next && past as f64 > 0.9 * next as f64, "{past} {next}");
    }

    #[test]
    fn bf16_operands_take_about_a_sixth_of_highest_f32_passes() {
        let p = v5e();
        let f32 = Matmul {
            batch: 1,
            m: 2048,
            n: 2048,
            k: 2048,
            lhs_bytes: 4,
            rhs_bytes: 4,
            out_bytes: 4,
            passes: 6,
            mode: WIDE,
        };
        let (slow, fast) = (product_cycles(&f32, &p), product_cycles(&as_bf16(&f32), &p));
        // Six passes against one; the fill and drain of each tile step are paid once either way.
        assert!(slow > 4 * fast && slow < 6 * fast, "{slow} {fast}");
    }
}

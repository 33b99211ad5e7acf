//! A Pallas kernel's interpret-mode program, held in a private function that carries the
//! kernel's description (`attributes {tpudev.pallas = "..."}`, written by
//! `torch_tpudev._pallas_grid`). Its call is inlined like any other; each result is then
//! marked `Op::PallasResult`, so the timing model prices the kernel as Mosaic runs it
//! (`ir::grid_kernel`) instead of the interpret-mode loop that computes its values.

use super::ast::{Attr, Func, OpAst};
use super::build::Build;
use crate::error::Result;
use crate::ir::{GridKernel, NodeId};

/// The attribute naming a function as a Pallas kernel.
const PALLAS_ATTR: &str = "tpudev.pallas";

impl Build<'_> {
    /// `results` of calling `f` on `args`, each marked as the kernel's result when `f` is one.
    pub fn mark_pallas_kernel(
        &mut self,
        op: &OpAst,
        f: &Func,
        args: &[NodeId],
        results: Vec<NodeId>,
    ) -> Result<Vec<NodeId>> {
        let Some((_, attr)) = f.attrs.iter().find(|(k, _)| k == PALLAS_ATTR) else { return Ok(results) };
        let Attr::Str(text) = attr else {
            return Err(self.err(op, format!("@{}'s {PALLAS_ATTR} must be a string", f.name)));
        };
        let kernel: GridKernel =
            text.parse().map_err(|e| self.err(op, format!("@{}'s {PALLAS_ATTR} description: {e}", f.name)))?;
        Ok(results.into_iter().map(|r| self.g.pallas_result(r, args, kernel.clone())).collect())
    }
}

#[cfg(test)]
mod tests {
    use crate::ir::{Op, ParamKind};

    /// A kernel doubling its operand, as `torch_tpudev._pallas_grid` annotates one.
    const KERNEL: &str = r#"module @jit_f {
  func.func public @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    %0 = call @tpudev_pallas_0(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
    %1 = stablehlo.tanh %0 : tensor<8xf32>
    return %1 : tensor<8xf32>
  }
  func.func private @tpudev_pallas_0(%arg0: tensor<8xf32>) -> tensor<8xf32> attributes {tpudev.pallas = "DESCRIPTION"} {
    %0 = stablehlo.add %arg0, %arg0 : tensor<8xf32>
    return %0 : tensor<8xf32>
  }
}
"#;

    const DESCRIPTION: &str = "name=double grid=1 semantics=none bytes_in=32 bytes_out=32 first_load=32 last_store=32 vmem=128 vmem_limit=none vpu=8 transcendentals=0 estimate=none";

    #[test]
    fn a_kernel_function_marks_its_results_with_its_description() {
        let g = crate::stablehlo::parse(&KERNEL.replace("DESCRIPTION", DESCRIPTION)).unwrap();
        assert_eq!(g.params[0].kind, ParamKind::Tensor);
        let marker = g.nodes.iter().position(|n| matches!(n.op, Op::PallasResult(_))).expect("a marker");
        let node = &g.nodes[marker];
        let Op::PallasResult(k) = &node.op else { unreachable!() };
        assert_eq!(k.name, "double");
        // Input 0 is the kernel's value (the add), then its operand, the parameter.
        assert!(matches!(g.nodes[node.inputs[0]].op, Op::Add));
        assert!(matches!(g.nodes[node.inputs[1]].op, Op::Parameter(0)));
        assert!(matches!(g.nodes.last().unwrap().op, Op::Tanh));
        // Printed for hardware, the marker is its value: nothing of it remains.
        let text = crate::stablehlo::print(&g).unwrap();
        assert!(!text.contains("pallas"), "{text}");
        crate::stablehlo::parse(&text).unwrap();
    }

    #[test]
    fn a_bad_description_is_refused_with_the_function_named() {
        let err = crate::stablehlo::parse(&KERNEL.replace("DESCRIPTION", "name=double grid=1")).unwrap_err();
        assert!(
            err.to_string().contains("@tpudev_pallas_0's tpudev.pallas description: `semantics` is missing"),
            "{err}"
        );
    }
}

//! `stablehlo_call(str program, Tensor[] inputs) -> Tensor[]`: a StableHLO program (JAX's
//! export of a function or a Pallas kernel in interpret mode, `torch_tpudev.pallas.jax_op`)
//! run as one op. The program is parsed (`crate::stablehlo::parse`) and inlined with its
//! parameters bound to the inputs, so it runs, defers, fuses and is captured by
//! `torch.compile` like any other op, and its compiled program is cached by its text and the
//! inputs' types.

use super::ctx::LowerCtx;
use super::table::LowerEntry;
use crate::error::Result;
use crate::ir::{NodeId, ParamKind};

pub(super) const OPS: &[LowerEntry] = &[LowerEntry::new("stablehlo_call", stablehlo_call)];

fn stablehlo_call(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let text = ctx.str(0)?;
    let inputs = ctx.tensor_list(1)?;
    let program = crate::stablehlo::parse(text).map_err(|e| ctx.invalid(format!("the StableHLO program: {e}")))?;
    if program.params.len() != inputs.len() {
        return Err(ctx.invalid(format!(
            "the StableHLO program takes {} inputs, {} given",
            program.params.len(),
            inputs.len()
        )));
    }
    for (k, (p, &x)) in program.params.iter().zip(&inputs).enumerate() {
        if p.kind != ParamKind::Tensor {
            return Err(ctx.invalid(format!("input {k} of the StableHLO program is not a tensor")));
        }
        if ctx.b.ty(x) != &p.ty {
            return Err(ctx.invalid(format!("input {k} is {}, the StableHLO program wants {}", ctx.b.ty(x), p.ty)));
        }
    }
    ctx.b.inline(&program, &inputs)
}

#[cfg(test)]
mod tests {
    use crate::device::TensorView;
    use crate::dtype::DType;
    use crate::lower::{lookup, Arg, LowerCtx};

    const DOUBLE: &str = "func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {\n  %0 = stablehlo.add %x, %x : tensor<3xf32>\n  return %0 : tensor<3xf32>\n}\n";

    fn lower(args: &[Arg]) -> crate::error::Result<crate::lower::Lowered> {
        let mut ctx = LowerCtx::new("stablehlo_call", args);
        let outputs = (lookup("stablehlo_call").unwrap().lower)(&mut ctx)?;
        Ok(ctx.finish(outputs))
    }

    #[test]
    fn a_program_is_inlined_on_its_inputs_and_mismatches_are_named() {
        let x = |dtype, n| Some(TensorView::contiguous(0, dtype, vec![n]));
        let ok = lower(&[Arg::Str(DOUBLE.into()), Arg::TensorList(vec![x(DType::F32, 3)])]).unwrap();
        assert_eq!(ok.graph.output_types()[0].shape.to_vec(), vec![3]);
        let err = lower(&[Arg::Str(DOUBLE.into()), Arg::TensorList(vec![x(DType::F32, 4)])]).unwrap_err();
        assert!(err.to_string().contains("input 0 is tensor<4xf32>, the StableHLO program wants tensor<3xf32>"));
        let err = lower(&[Arg::Str(DOUBLE.into()), Arg::TensorList(vec![])]).unwrap_err();
        assert!(err.to_string().contains("takes 1 inputs, 0 given"), "{err}");
        let err = lower(&[Arg::Str("func.func @main(".into()), Arg::TensorList(vec![])]).unwrap_err();
        assert!(err.to_string().contains("the StableHLO program: "), "{err}");
    }
}

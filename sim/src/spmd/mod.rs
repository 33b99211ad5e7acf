//! SPMD programs on a simulated slice: every chip of the slice runs the same program on its
//! own data, and the chips meet at each collective in the program (`Op::AllReduce` and the
//! others). This is how a program with collectives in its IR runs, in one process: each chip
//! computes on a thread of its own and the threads exchange operands at a rendezvous.
//!
//! Time is kept per chip, as the chips would keep it: each runs its kernels up to a
//! collective; the members of each group of that collective then wait for the last of them
//! (an `idle` event) and spend the ICI model's cycles for the group's rings together (an
//! `ici` event). Values and cycles are the same from run to run, whatever the threads do.

mod rendezvous;

#[cfg(test)]
mod tests;

use tpudev_core::device::{ExecInput, TensorView};
use tpudev_core::ir::{check_collective_replicas, elementwise_ops, other_ops, Graph, Op};
use tpudev_core::{Error, Result};

use crate::device::SimDevice;
use crate::exec::SimExecutable;
use crate::slice::Slice;
use crate::timing::ici::Collective;
use crate::timing::CollectiveAt;
use rendezvous::Rendezvous;

/// The chips of a slice, each a `SimDevice` with its own memory and clock.
pub struct SpmdSlice {
    slice: Slice,
    chips: Vec<SimDevice>,
}

/// A program compiled for a slice: one executable for every chip (they are the same chip
/// type), and what each of its collectives costs on the slice's torus.
#[derive(Debug)]
pub struct SpmdProgram {
    exe: SimExecutable,
    collectives: Vec<CollectiveCost>,
}

/// One collective of a program on the slice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CollectiveCost {
    pub at: CollectiveAt,
    pub kind: Collective,
    /// The bytes the ICI model is given (see `Slice::collective_cycles`).
    pub bytes: u64,
    /// The groups of chips that meet, each with the cycles its transfer takes.
    pub meetings: Vec<(Vec<u32>, u64)>,
}

impl SpmdProgram {
    pub fn executable(&self) -> &SimExecutable {
        &self.exe
    }

    pub fn collectives(&self) -> &[CollectiveCost] {
        &self.collectives
    }
}

impl SpmdSlice {
    pub fn new(slice: Slice) -> Self {
        let chips = (0..slice.chips()).map(|i| SimDevice::chip_of_slice(slice.chip.clone(), i)).collect();
        SpmdSlice { slice, chips }
    }

    pub fn slice(&self) -> &Slice {
        &self.slice
    }

    /// The slice's chips, by index: allocate, write and read each chip's buffers here.
    pub fn chips(&self) -> &[SimDevice] {
        &self.chips
    }

    /// Compiles `graph` for every chip of the slice. Its collectives must name the slice's
    /// chips (every chip in one group of each grouped collective).
    pub fn compile(&self, graph: &Graph) -> Result<SpmdProgram> {
        let n = self.slice.chips();
        for (i, node) in graph.nodes.iter().enumerate() {
            check_collective_replicas(&node.op, n)
                .map_err(|e| Error::invalid(format!("%{i} on the slice {}: {e}", self.slice.describe())))?;
        }
        let exe = self.chips[0].compile_program(graph)?;
        let collectives = exe.timing.collectives.iter().map(|&at| self.cost(&exe.graph, at)).collect::<Result<_>>()?;
        Ok(SpmdProgram { exe, collectives })
    }

    /// The cost on this slice of the collective at `at`.
    fn cost(&self, graph: &Graph, at: CollectiveAt) -> Result<CollectiveCost> {
        let node = &graph.nodes[at.node];
        let operand = graph.nodes[node.inputs[0]].ty.size_bytes() as u64;
        let result = node.ty.size_bytes() as u64;
        let (kind, bytes, groups) = match &node.op {
            Op::AllReduce { groups, .. } => (Collective::AllReduce, operand, groups),
            Op::AllGather { groups, .. } => (Collective::AllGather, result, groups),
            Op::ReduceScatter { groups, .. } => (Collective::ReduceScatter, operand, groups),
            Op::AllToAll { groups, .. } => (Collective::AllToAll, operand, groups),
            Op::CollectivePermute { pairs } => {
                // Every pair copies at once over its own route; the permute lasts as long as
                // the longest copy, and the chips it names wait for one another.
                let mut members: Vec<u32> = pairs.iter().flat_map(|&(s, t)| [s, t]).collect();
                members.sort_unstable();
                members.dedup();
                let mut cycles = 0;
                for &(s, t) in pairs {
                    cycles = cycles.max(self.slice.p2p_cycles(operand, s, t).map_err(Error::invalid)?);
                }
                let meetings = if members.is_empty() { Vec::new() } else { vec![(members, cycles)] };
                return Ok(CollectiveCost { at, kind: Collective::Permute, bytes: operand, meetings });
            }
            other @ (elementwise_ops!() | other_ops!()) => {
                return Err(Error::internal(format!("{} is not a collective", other.name())))
            }
        };
        let meetings = groups
            .iter()
            .map(|g| Ok((g.clone(), self.slice.collective_cycles(kind, bytes, g).map_err(Error::invalid)?)))
            .collect::<Result<_>>()?;
        Ok(CollectiveCost { at, kind, bytes, meetings })
    }

    /// Runs `program` on every chip: chip `i` reads `inputs[i]` and writes `outputs[i]`. When
    /// any chip fails, the others stop at their next collective, and the error is the first
    /// failing chip's.
    pub fn execute(&self, program: &SpmdProgram, inputs: &[Vec<ExecInput>], outputs: &[Vec<TensorView>]) -> Result<()> {
        let n = self.chips.len();
        if inputs.len() != n || outputs.len() != n {
            return Err(Error::invalid(format!(
                "the slice {} has {n} chips: give inputs and outputs for each ({} and {} given)",
                self.slice.describe(),
                inputs.len(),
                outputs.len()
            )));
        }
        let exe = program.executable();
        let rendezvous = Rendezvous::new(n as u32);
        let results: Vec<Result<()>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..n)
                .map(|i| {
                    let (chip, rendezvous) = (&self.chips[i], &rendezvous);
                    let (inputs, outputs) = (&inputs[i], &outputs[i]);
                    scope.spawn(move || {
                        let result = chip.compute(exe, inputs, outputs, &rendezvous.member(i as u32));
                        if let Err(e) = &result {
                            rendezvous.fail(i as u32, &e.to_string());
                        }
                        result
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|_| Err(Error::internal("a chip's thread panicked"))))
                .collect()
        });
        if let Some(i) = rendezvous.first_failure() {
            return match results.into_iter().nth(i as usize) {
                Some(Err(Error::InvalidArgument(m))) => Err(Error::invalid(format!("chip {i}: {m}"))),
                Some(Err(e)) => Err(e),
                _ => Err(Error::internal(format!("chip {i} failed without an error"))),
            };
        }
        results.into_iter().collect::<Result<Vec<()>>>()?;
        self.advance_clocks(program);
        Ok(())
    }

    /// Advances every chip's clock through one execution of `program`.
    fn advance_clocks(&self, program: &SpmdProgram) {
        let kernels = &program.executable().timing.kernels;
        let mut done = 0;
        for c in &program.collectives {
            for chip in &self.chips {
                chip.run_kernels(&kernels[done..c.at.after]);
            }
            done = c.at.after;
            for (group, cycles) in &c.meetings {
                let start = group.iter().map(|&r| self.chips[r as usize].now_cycles()).max().unwrap_or(0);
                for &r in group {
                    self.chips[r as usize].ici_transfer(c.kind.name(), start, *cycles, c.bytes);
                }
            }
        }
        for chip in &self.chips {
            chip.run_kernels(&kernels[done..]);
        }
    }
}

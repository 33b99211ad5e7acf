//! Buffer assignment by liveness: every value a program computes gets an offset in one
//! device-memory arena, and values whose lifetimes do not overlap share space. The arena's
//! size plus the inputs is the program's peak memory, which a TPU compiler reports the same
//! way (XLA's buffer assignment) and which the timing model and `tpudev estimate` use.
//!
//! A value lives from the node that computes it through its last use; outputs live to the
//! end. An op's output never shares space with its own operands (no in-place reuse), and
//! space is handed out first-fit in node order, so the result is deterministic.

use std::fmt;

use crate::ir::{Graph, NodeId, Op};

/// Device allocations are aligned to this many bytes.
pub const ALIGN: usize = 256;

#[derive(Debug, Clone, PartialEq)]
pub struct BufferAssignment {
    /// Per node: (offset, size) in the arena of the value it computes; None for parameters,
    /// constants folded into their users by the device, and dead nodes.
    pub slots: Vec<Option<(usize, usize)>>,
    /// Bytes of the arena: the most that temporaries and outputs occupy at once.
    pub arena_bytes: usize,
    /// Bytes of the inputs, which live in memory the caller owns.
    pub input_bytes: usize,
}

impl BufferAssignment {
    /// Peak device memory while the program runs: its inputs plus its arena.
    pub fn peak_bytes(&self) -> usize {
        self.input_bytes + self.arena_bytes
    }
}

fn aligned(n: usize) -> usize {
    n.div_ceil(ALIGN) * ALIGN
}

/// Free space in the arena, as sorted, disjoint, coalesced (offset, size) blocks.
#[derive(Default)]
struct FreeList {
    blocks: Vec<(usize, usize)>,
    top: usize,
}

impl FreeList {
    fn alloc(&mut self, size: usize) -> usize {
        if let Some(k) = self.blocks.iter().position(|&(_, s)| s >= size) {
            let (off, s) = self.blocks[k];
            if s == size {
                self.blocks.remove(k);
            } else {
                self.blocks[k] = (off + size, s - size);
            }
            return off;
        }
        // Grow the arena, reusing a free block that ends at the top.
        let off = match self.blocks.last() {
            Some(&(o, s)) if o + s == self.top => {
                self.blocks.pop();
                o
            }
            _ => self.top,
        };
        self.top = off + size;
        off
    }

    fn free(&mut self, off: usize, size: usize) {
        let k = self.blocks.partition_point(|&(o, _)| o < off);
        self.blocks.insert(k, (off, size));
        // Merge with the next block, then with the previous one.
        if k + 1 < self.blocks.len() && off + size == self.blocks[k + 1].0 {
            self.blocks[k].1 += self.blocks[k + 1].1;
            self.blocks.remove(k + 1);
        }
        if k > 0 && self.blocks[k - 1].0 + self.blocks[k - 1].1 == off {
            self.blocks[k - 1].1 += self.blocks[k].1;
            self.blocks.remove(k);
        }
    }
}

/// Whether a node's value needs memory of its own (constants are splats the device
/// materializes where used, parameters are the caller's).
fn needs_buffer(op: &Op) -> bool {
    !matches!(op, Op::Parameter(_) | Op::Constant(_))
}

pub fn assign(graph: &Graph) -> BufferAssignment {
    let n = graph.nodes.len();
    const END: usize = usize::MAX;
    let mut last_use: Vec<Option<usize>> = vec![None; n];
    for (i, node) in graph.nodes.iter().enumerate() {
        for &j in &node.inputs {
            last_use[j] = Some(i);
        }
    }
    for &o in &graph.outputs {
        last_use[o] = Some(END);
    }
    // Values dying at each node, freed once it has run.
    let mut dies_at: Vec<Vec<NodeId>> = vec![Vec::new(); n];
    for (j, l) in last_use.iter().enumerate() {
        if let Some(i) = *l {
            if i != END {
                dies_at[i].push(j);
            }
        }
    }
    let mut free = FreeList::default();
    let mut slots = vec![None; n];
    for (i, node) in graph.nodes.iter().enumerate() {
        if needs_buffer(&node.op) && last_use[i].is_some() {
            let size = aligned(node.ty.size_bytes());
            slots[i] = Some((free.alloc(size), size));
        }
        for &j in &dies_at[i] {
            if let Some((off, size)) = slots[j] {
                free.free(off, size);
            }
        }
    }
    let input_bytes = graph.params.iter().map(|p| aligned(p.ty.size_bytes())).sum();
    BufferAssignment { slots, arena_bytes: free.top, input_bytes }
}

impl fmt::Display for BufferAssignment {
    /// One line per value with space, for snapshots.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "inputs {} B, arena {} B, peak {} B", self.input_bytes, self.arena_bytes, self.peak_bytes())?;
        for (i, slot) in self.slots.iter().enumerate() {
            if let Some((off, size)) = slot {
                writeln!(f, "%{i}: [{off}, {})", off + size)?;
            }
        }
        Ok(())
    }
}

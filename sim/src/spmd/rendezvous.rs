//! Where the replicas of an SPMD program, one thread each, meet at every collective. Each
//! hands its operand in; the last to arrive publishes all of them and wakes the others. A
//! replica that fails tells the others, so that none waits for it forever.

use std::sync::{Arc, Condvar, Mutex, MutexGuard};

use tpudev_core::ir::NodeId;
use tpudev_core::{Error, Result};

use crate::exec::collective::Exchange;
use crate::exec::Value;

pub struct Rendezvous {
    replicas: u32,
    round: Mutex<Round>,
    arrived_all: Condvar,
}

#[derive(Default)]
struct Round {
    /// Rounds completed so far: a waiter is done when this moves on.
    completed: u64,
    /// The collective being met at (every replica runs the same program, so the same node).
    node: Option<NodeId>,
    operands: Vec<Option<Arc<Value>>>,
    arrived: u32,
    /// The operands of the last completed round, by replica.
    published: Arc<Vec<Arc<Value>>>,
    /// The first replica failure: (replica, message).
    failed: Option<(u32, String)>,
}

impl Rendezvous {
    pub fn new(replicas: u32) -> Self {
        let round = Round { operands: vec![None; replicas as usize], ..Round::default() };
        Rendezvous { replicas, round: Mutex::new(round), arrived_all: Condvar::new() }
    }

    /// The handle replica `replica` exchanges through.
    pub fn member(&self, replica: u32) -> Member<'_> {
        Member { rendezvous: self, replica }
    }

    /// Records that `replica` failed with `message`, waking every replica that waits.
    pub fn fail(&self, replica: u32, message: &str) {
        let mut round = self.lock();
        if round.failed.is_none() {
            round.failed = Some((replica, message.to_string()));
        }
        self.arrived_all.notify_all();
    }

    /// The replica that failed first, if one did.
    pub fn first_failure(&self) -> Option<u32> {
        self.lock().failed.as_ref().map(|f| f.0)
    }

    fn lock(&self) -> MutexGuard<'_, Round> {
        // A round holds plain data, so a panic elsewhere cannot leave it half-updated.
        self.round.lock().unwrap_or_else(|e| e.into_inner())
    }
}

fn peer_failed((replica, message): &(u32, String), node: NodeId) -> Error {
    Error::invalid(format!("replica {replica} failed before collective %{node} could complete: {message}"))
}

pub struct Member<'a> {
    rendezvous: &'a Rendezvous,
    replica: u32,
}

impl Exchange for Member<'_> {
    fn replica(&self) -> u32 {
        self.replica
    }

    fn exchange(&self, node: NodeId, operand: Value) -> Result<Vec<Arc<Value>>> {
        let r = self.rendezvous;
        let mut round = r.lock();
        if let Some(f) = &round.failed {
            return Err(peer_failed(f, node));
        }
        match round.node {
            Some(other) if other != node => {
                return Err(Error::internal(format!(
                    "replica {} reached collective %{node} while others wait at %{other}",
                    self.replica
                )))
            }
            _ => round.node = Some(node),
        }
        round.operands[self.replica as usize] = Some(Arc::new(operand));
        round.arrived += 1;
        if round.arrived == r.replicas {
            let all: Option<Vec<Arc<Value>>> = round.operands.iter_mut().map(Option::take).collect();
            round.published = Arc::new(all.ok_or_else(|| Error::internal("a replica's operand is missing"))?);
            round.arrived = 0;
            round.node = None;
            round.completed += 1;
            r.arrived_all.notify_all();
            return Ok(round.published.to_vec());
        }
        let waiting_for = round.completed;
        while round.completed == waiting_for {
            if let Some(f) = &round.failed {
                return Err(peer_failed(f, node));
            }
            round = r.arrived_all.wait(round).unwrap_or_else(|e| e.into_inner());
        }
        // The next round cannot complete before this replica arrives at it, so `published`
        // still holds this round's operands.
        Ok(round.published.to_vec())
    }
}

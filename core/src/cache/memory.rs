//! Tier 1: decoded programs in process memory, least recently used first out.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

use super::key::CacheKey;
use crate::lower::Lowered;

struct Inner {
    /// key -> (program, last use tick)
    map: HashMap<CacheKey, (Arc<Lowered>, u64)>,
    /// last use tick -> key, oldest first
    order: BTreeMap<u64, CacheKey>,
    tick: u64,
}

pub struct MemoryTier {
    capacity: usize,
    inner: Mutex<Inner>,
}

impl MemoryTier {
    /// A tier holding at most `capacity` programs (at least one).
    pub fn new(capacity: usize) -> Self {
        let inner = Inner { map: HashMap::new(), order: BTreeMap::new(), tick: 0 };
        MemoryTier { capacity: capacity.max(1), inner: Mutex::new(inner) }
    }

    pub fn capacity(&self) -> usize {
        self.capacity
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panic elsewhere while holding the lock leaves the map consistent (every update
        // below is a sequence of complete map operations), so a poisoned lock is still usable.
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub fn get(&self, key: &CacheKey) -> Option<Arc<Lowered>> {
        let mut g = self.lock();
        g.tick += 1;
        let now = g.tick;
        let (program, last) = g.map.get_mut(key)?;
        let (program, old) = (program.clone(), std::mem::replace(last, now));
        g.order.remove(&old);
        g.order.insert(now, *key);
        Some(program)
    }

    pub fn put(&self, key: CacheKey, program: Arc<Lowered>) {
        let mut g = self.lock();
        g.tick += 1;
        let now = g.tick;
        if let Some((_, old)) = g.map.insert(key, (program, now)) {
            g.order.remove(&old);
        }
        g.order.insert(now, key);
        while g.map.len() > self.capacity {
            let Some((_, oldest)) = g.order.pop_first() else { break };
            g.map.remove(&oldest);
        }
    }

    pub fn remove(&self, key: &CacheKey) {
        let mut g = self.lock();
        if let Some((_, t)) = g.map.remove(key) {
            g.order.remove(&t);
        }
    }

    pub fn len(&self) -> usize {
        self.lock().map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn clear(&self) {
        let mut g = self.lock();
        g.map.clear();
        g.order.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Graph;

    fn prog() -> Arc<Lowered> {
        Arc::new(Lowered { graph: Graph::default(), bindings: vec![] })
    }

    fn k(i: u8) -> CacheKey {
        CacheKey::from_bytes([i; 32])
    }

    #[test]
    fn evicts_the_least_recently_used() {
        let m = MemoryTier::new(2);
        m.put(k(1), prog());
        m.put(k(2), prog());
        assert!(m.get(&k(1)).is_some()); // 2 is now the oldest
        m.put(k(3), prog());
        assert_eq!(m.len(), 2);
        assert!(m.get(&k(2)).is_none());
        assert!(m.get(&k(1)).is_some() && m.get(&k(3)).is_some());
        m.remove(&k(1));
        assert!(m.get(&k(1)).is_none());
        assert_eq!(m.len(), 1);
    }
}

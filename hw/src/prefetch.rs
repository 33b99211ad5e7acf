//! [`Prefetch`]: background threads that walk a list in order, calling one function per item,
//! until the list ends or they are stopped. The executable cache uses it to load a workload's
//! working set from the compilation cache while the process is still setting up.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

/// Running background work over a list; stopping (or dropping) it waits for each thread's
/// current item to finish.
pub struct Prefetch {
    stop: Arc<AtomicBool>,
    threads: Vec<JoinHandle<()>>,
}

impl Prefetch {
    /// Starts `threads` threads (at least one) that take `items` in order, each item once,
    /// and call `work` on it. A thread the system refuses to start is left out.
    pub fn start<T, F>(items: Vec<T>, threads: usize, work: F) -> Prefetch
    where
        T: Send + Sync + 'static,
        F: Fn(&T) + Send + Sync + 'static,
    {
        let stop = Arc::new(AtomicBool::new(false));
        let items = Arc::new(items);
        let next = Arc::new(AtomicUsize::new(0));
        let work = Arc::new(work);
        let threads = (0..threads.max(1))
            .filter_map(|i| {
                let (stop, items, next, work) = (stop.clone(), items.clone(), next.clone(), work.clone());
                std::thread::Builder::new()
                    .name(format!("tpudev-prefetch-{i}"))
                    .spawn(move || {
                        while !stop.load(Ordering::Relaxed) {
                            let Some(item) = items.get(next.fetch_add(1, Ordering::Relaxed)) else { break };
                            work(item);
                        }
                    })
                    .ok()
            })
            .collect();
        Prefetch { stop, threads }
    }

    /// Waits until every item has been worked on.
    pub fn wait(mut self) {
        self.join();
    }

    /// Stops taking items and waits for the ones in progress.
    pub fn stop(self) {
        // Drop does it.
    }

    fn join(&mut self) {
        for t in self.threads.drain(..) {
            // A panicking item ends its thread only; the others go on.
            let _ = t.join();
        }
    }
}

impl Drop for Prefetch {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.join();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn every_item_is_worked_on_once() {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let s = seen.clone();
        Prefetch::start((0..100).collect(), 3, move |i: &u32| s.lock().unwrap().push(*i)).wait();
        let mut seen = seen.lock().unwrap().clone();
        seen.sort();
        assert_eq!(seen, (0..100).collect::<Vec<_>>());
    }

    #[test]
    fn stopping_leaves_the_rest_undone_and_waits_for_the_current_item() {
        let done = Arc::new(AtomicUsize::new(0));
        let d = done.clone();
        let p = Prefetch::start((0..1000).collect(), 1, move |_: &u32| {
            std::thread::sleep(std::time::Duration::from_millis(2));
            d.fetch_add(1, Ordering::SeqCst);
        });
        std::thread::sleep(std::time::Duration::from_millis(10));
        p.stop();
        let after_stop = done.load(Ordering::SeqCst);
        std::thread::sleep(std::time::Duration::from_millis(10));
        assert_eq!(done.load(Ordering::SeqCst), after_stop, "no item runs after stop returns");
        assert!(after_stop < 1000);
    }
}

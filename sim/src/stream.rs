//! The device's stream: work the host hands over without waiting for it (a deferred program,
//! and the storage changes queued behind it) runs in order on one worker thread, as a TPU
//! runs what its host enqueues while the host traces on.
//!
//! Order is the queue's: a job sees every effect of the jobs before it. The host waits only
//! where it must: a read of a buffer waits for the jobs that write it (or takes the bytes a
//! running program published as soon as it computed them, see `Publish`), a synchronous
//! program waits for the queue to empty. An error in a job is kept and reported by the next
//! read that waited for the job, or by `synchronize` (`take_error`): as on a TPU, a failed
//! program is reported when its results are waited for.

use std::collections::{HashMap, VecDeque};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;

use tpudev_core::{BufferId, Error, Result};

use crate::exec::interpret::panic_error;

/// One unit of queued work; it may publish early results through `Publish`.
pub(crate) type Work = Box<dyn FnOnce(&Publish) -> Result<()> + Send>;

struct Job {
    work: Work,
    /// Buffers the job writes (its program's outputs), which reads of them wait for.
    writes: Vec<BufferId>,
}

#[derive(Default)]
struct State {
    queue: VecDeque<Job>,
    /// Whether the worker is running a job (taken off the queue).
    running: bool,
    /// Per buffer: the queued or running jobs that write it.
    writers: HashMap<BufferId, usize>,
    /// Bytes of whole buffers that the running job has finished computing.
    published: HashMap<BufferId, Vec<u8>>,
    /// The first error of a job since the last `take_error`.
    error: Option<Error>,
    stop: bool,
}

impl State {
    fn idle(&self) -> bool {
        self.queue.is_empty() && !self.running
    }
}

#[derive(Default)]
struct Shared {
    state: Mutex<State>,
    changed: Condvar,
    /// Host threads waiting for the stream's work; the worker splits its loops by it
    /// (`par::threads_now`).
    waiters: Arc<AtomicUsize>,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // The state is updated whole under the lock; jobs run outside it, so it cannot be
        // left half-changed.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn wait<'a>(&self, guard: MutexGuard<'a, State>) -> MutexGuard<'a, State> {
        self.changed.wait(guard).unwrap_or_else(|e| e.into_inner())
    }

    /// `wait` for a host thread: counted in `waiters` while it sleeps.
    fn host_wait<'a>(&self, guard: MutexGuard<'a, State>) -> MutexGuard<'a, State> {
        self.waiters.fetch_add(1, Ordering::Relaxed);
        let guard = self.wait(guard);
        self.waiters.fetch_sub(1, Ordering::Relaxed);
        guard
    }
}

/// Lets a running job hand over the final bytes of a whole buffer it writes before the job
/// ends, so that a host read of a small result (a loss) need not wait for the rest.
pub(crate) struct Publish<'a> {
    sink: Option<&'a (dyn Fn(BufferId, Vec<u8>) + Sync)>,
}

impl<'a> Publish<'a> {
    /// A publisher that nobody reads (a program run synchronously).
    pub fn none() -> Publish<'static> {
        Publish { sink: None }
    }

    pub fn to(sink: &'a (dyn Fn(BufferId, Vec<u8>) + Sync)) -> Self {
        Publish { sink: Some(sink) }
    }

    pub fn wanted(&self) -> bool {
        self.sink.is_some()
    }

    pub fn publish(&self, buffer: BufferId, bytes: Vec<u8>) {
        if let Some(sink) = self.sink {
            sink(buffer, bytes);
        }
    }
}

#[derive(Default)]
pub(crate) struct Stream {
    shared: Arc<Shared>,
    /// The worker, and the process that started it: a forked child has no worker thread
    /// and starts its own.
    worker: Mutex<Option<(u32, JoinHandle<()>)>>,
}

impl Stream {
    /// Queues `work`, which writes `writes`.
    pub fn submit(&self, writes: Vec<BufferId>, work: Work) {
        {
            let mut st = self.shared.lock();
            for &b in &writes {
                *st.writers.entry(b).or_insert(0) += 1;
            }
            st.queue.push_back(Job { work, writes });
        }
        self.shared.changed.notify_all();
        self.start_worker();
    }

    /// Runs `work`, which writes `writes`, now when nothing is queued (no thread hop), else
    /// queues it behind the rest.
    pub fn run_or_submit(&self, writes: &[BufferId], work: impl FnOnce() + Send + 'static) {
        if self.shared.lock().idle() {
            work();
        } else {
            self.submit(
                writes.to_vec(),
                Box::new(move |_| {
                    work();
                    Ok(())
                }),
            );
        }
    }

    /// Whether nothing is queued or running.
    pub fn idle(&self) -> bool {
        self.shared.lock().idle()
    }

    /// Waits until every queued job has run.
    pub fn wait_idle(&self) {
        let mut st = self.shared.lock();
        while !st.idle() {
            st = self.shared.host_wait(st);
        }
    }

    /// The first error of a job since the last call, if any.
    pub fn take_error(&self) -> Result<()> {
        match self.shared.lock().error.take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Waits until `buffer` can be read: no queued job writes it (then None: read the
    /// storage), or the only one left has published its bytes (returned).
    pub fn wait_readable(&self, buffer: BufferId) -> Option<Vec<u8>> {
        let mut st = self.shared.lock();
        loop {
            match st.writers.get(&buffer).copied().unwrap_or(0) {
                0 => return None,
                // The running job is the oldest writer; what it published is final.
                1 => {
                    if let Some(bytes) = st.published.get(&buffer) {
                        return Some(bytes.clone());
                    }
                }
                _ => {}
            }
            st = self.shared.host_wait(st);
        }
    }

    fn start_worker(&self) {
        let mut worker = self.worker.lock().unwrap_or_else(|e| e.into_inner());
        let pid = std::process::id();
        if matches!(*worker, Some((p, _)) if p == pid) {
            return;
        }
        let shared = Arc::clone(&self.shared);
        let spawned = std::thread::Builder::new().name("tpudev-stream".into()).spawn(move || {
            let _helpers = join_own_pool();
            crate::exec::par::feed_from_host(Arc::clone(&shared.waiters));
            run_jobs(&shared)
        });
        match spawned {
            Ok(handle) => *worker = Some((pid, handle)),
            // No thread to be had: run the queue here, which keeps every result right.
            Err(_) => run_until_idle(&self.shared),
        }
    }
}

impl Drop for Stream {
    /// Runs what is queued, then stops the worker.
    fn drop(&mut self) {
        self.shared.lock().stop = true;
        self.shared.changed.notify_all();
        match self.worker.get_mut().unwrap_or_else(|e| e.into_inner()).take() {
            Some((pid, handle)) if pid == std::process::id() => {
                let _ = handle.join();
            }
            _ => run_until_idle(&self.shared),
        }
    }
}

/// Makes the calling thread (the worker) thread 0 of a rayon pool of its own, which the pool's
/// other threads then help. A program's parallel loops then split their work as a worker's
/// do: the worker runs its share and takes back what nobody has stolen. From outside a pool,
/// each loop would instead hand all its work to the global pool's threads and sleep until
/// they finish; while the host thread is busy tracing, those threads and the worker share its
/// cores, so each loop could wait for descheduled threads (docs/benchmarks.md measures what
/// that cost the demo's step on 2 cores). Without a pool (no threads to be had) the loops
/// still run, on the global pool. The pool lives as long as the worker.
fn join_own_pool() -> Option<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new().use_current_thread().thread_name(|k| format!("tpudev-stream-{k}")).build().ok()
}

/// The worker: runs jobs in order until the stream is dropped.
fn run_jobs(shared: &Shared) {
    while let Some(job) = next_job(shared, true) {
        run_one(shared, job);
    }
}

/// Runs what is queued on the calling thread.
fn run_until_idle(shared: &Shared) {
    while let Some(job) = next_job(shared, false) {
        run_one(shared, job);
    }
}

/// Takes the oldest job, marking it running; with `block`, waits for one until the stream
/// stops. None when there is nothing (more) to run.
fn next_job(shared: &Shared, block: bool) -> Option<Job> {
    let mut st = shared.lock();
    while block && st.queue.is_empty() && !st.stop {
        st = shared.wait(st);
    }
    let job = st.queue.pop_front()?;
    st.running = true;
    Some(job)
}

fn run_one(shared: &Shared, job: Job) {
    let Job { work, writes } = job;
    let sink = |buffer, bytes| {
        shared.lock().published.insert(buffer, bytes);
        shared.changed.notify_all();
    };
    let publish = Publish::to(&sink);
    let result = catch_unwind(AssertUnwindSafe(|| work(&publish))).unwrap_or_else(|p| Err(panic_error(p)));
    let mut st = shared.lock();
    st.running = false;
    for b in writes {
        st.published.remove(&b);
        match st.writers.get_mut(&b) {
            Some(n) if *n > 1 => *n -= 1,
            _ => {
                st.writers.remove(&b);
            }
        }
    }
    if let Err(e) = result {
        st.error.get_or_insert(e);
    }
    drop(st);
    shared.changed.notify_all();
}

#[cfg(test)]
mod tests {
    use super::*;
    use rayon::prelude::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::mpsc;

    #[test]
    fn jobs_run_in_order_and_wait_idle_sees_them_all() {
        let stream = Stream::default();
        let log = Arc::new(Mutex::new(Vec::new()));
        for k in 0..50 {
            let log = Arc::clone(&log);
            stream.submit(
                vec![],
                Box::new(move |_| {
                    log.lock().unwrap().push(k);
                    Ok(())
                }),
            );
        }
        stream.wait_idle();
        assert_eq!(*log.lock().unwrap(), (0..50).collect::<Vec<_>>());
        assert!(stream.idle());
    }

    #[test]
    fn jobs_run_as_thread_0_of_the_workers_own_pool() {
        let stream = Stream::default();
        let seen = Arc::new(Mutex::new(None));
        let s = Arc::clone(&seen);
        stream.submit(
            vec![],
            Box::new(move |_| {
                let sum: u64 = (0..100_000u64).into_par_iter().sum();
                *s.lock().unwrap() = Some((rayon::current_thread_index(), sum));
                Ok(())
            }),
        );
        stream.wait_idle();
        assert_eq!(*seen.lock().unwrap(), Some((Some(0), 4_999_950_000)));
    }

    #[test]
    fn loops_split_only_while_the_host_waits_or_the_pool_has_cores_to_spare() {
        let stream = Stream::default();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let (s, waiters) = (Arc::clone(&seen), Arc::clone(&stream.shared.waiters));
        let (told, host_told) = mpsc::channel::<()>();
        stream.submit(
            vec![],
            Box::new(move |_| {
                // The host is busy (blocked on a channel, not on the stream).
                s.lock().unwrap().push((rayon::current_num_threads(), crate::exec::par::threads_now()));
                told.send(()).unwrap();
                // Now wait until the host waits for the stream.
                while waiters.load(Ordering::Relaxed) == 0 {
                    std::thread::yield_now();
                }
                s.lock().unwrap().push((rayon::current_num_threads(), crate::exec::par::threads_now()));
                Ok(())
            }),
        );
        host_told.recv().unwrap();
        stream.wait_idle();
        let seen = seen.lock().unwrap();
        let (pool, busy) = seen[0];
        assert_eq!(busy, (pool - 1).max(1), "host busy");
        assert_eq!(seen[1], (pool, pool), "host waiting");
        assert_eq!(stream.shared.waiters.load(Ordering::Relaxed), 0);
        assert_eq!(crate::exec::par::threads_now(), rayon::current_num_threads(), "outside a stream");
    }

    #[test]
    fn storage_work_runs_inline_when_idle_and_behind_the_queue_otherwise() {
        let stream = Stream::default();
        let count = Arc::new(AtomicUsize::new(0));
        let c = Arc::clone(&count);
        stream.run_or_submit(&[], move || {
            c.fetch_add(1, Ordering::SeqCst);
        });
        assert_eq!(count.load(Ordering::SeqCst), 1, "an idle stream runs it at once");
        let (go, gate) = mpsc::channel::<()>();
        stream.submit(
            vec![],
            Box::new(move |_| {
                gate.recv().unwrap();
                Ok(())
            }),
        );
        let c = Arc::clone(&count);
        stream.run_or_submit(&[], move || {
            c.fetch_add(1, Ordering::SeqCst);
        });
        assert_eq!(count.load(Ordering::SeqCst), 1, "a busy stream queues it behind the job");
        go.send(()).unwrap();
        stream.wait_idle();
        assert_eq!(count.load(Ordering::SeqCst), 2);
    }

    #[test]
    fn a_read_waits_for_the_writer_or_takes_what_it_published() {
        let stream = Stream::default();
        let (go, gate) = mpsc::channel::<()>();
        stream.submit(
            vec![7],
            Box::new(move |p| {
                p.publish(7, vec![1, 2, 3]);
                gate.recv().unwrap();
                Ok(())
            }),
        );
        assert_eq!(stream.wait_readable(7), Some(vec![1, 2, 3]), "the published bytes, before the job ends");
        assert_eq!(stream.wait_readable(8), None, "a buffer no job writes is read at once");
        go.send(()).unwrap();
        stream.wait_idle();
        assert_eq!(stream.wait_readable(7), None);
    }

    #[test]
    fn a_later_writer_hides_what_an_earlier_job_published() {
        let stream = Stream::default();
        let (go, gate) = mpsc::channel::<()>();
        stream.submit(
            vec![7],
            Box::new(move |p| {
                p.publish(7, vec![1]);
                gate.recv().unwrap();
                Ok(())
            }),
        );
        stream.submit(
            vec![7],
            Box::new(|p| {
                p.publish(7, vec![2]);
                Ok(())
            }),
        );
        let seen = std::thread::scope(|s| {
            let reader = s.spawn(|| stream.wait_readable(7));
            go.send(()).unwrap();
            reader.join().unwrap()
        });
        assert!(seen.is_none() || seen == Some(vec![2]), "read {seen:?}: the second job's bytes or storage");
    }

    #[test]
    fn errors_and_panics_wait_for_the_next_sync_point() {
        let stream = Stream::default();
        stream.submit(vec![1], Box::new(|_| Err(Error::invalid("index 9 is out of range"))));
        stream.submit(vec![1], Box::new(|_| panic!("boom")));
        let ran = Arc::new(AtomicUsize::new(0));
        let r = Arc::clone(&ran);
        stream.submit(
            vec![],
            Box::new(move |_| {
                r.fetch_add(1, Ordering::SeqCst);
                Ok(())
            }),
        );
        stream.wait_idle();
        assert_eq!(ran.load(Ordering::SeqCst), 1, "the queue goes on after a failed job");
        let err = stream.take_error().unwrap_err();
        assert!(err.to_string().contains("index 9 is out of range"), "{err}");
        assert!(stream.take_error().is_ok(), "an error is reported once");
        assert_eq!(stream.wait_readable(1), None);
    }

    #[test]
    fn dropping_the_stream_runs_what_is_queued() {
        let count = Arc::new(AtomicUsize::new(0));
        {
            let stream = Stream::default();
            for _ in 0..10 {
                let c = Arc::clone(&count);
                stream.submit(
                    vec![],
                    Box::new(move |_| {
                        c.fetch_add(1, Ordering::SeqCst);
                        Ok(())
                    }),
                );
            }
        }
        assert_eq!(count.load(Ordering::SeqCst), 10);
    }
}

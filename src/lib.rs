pub use tpudev_core as core; pub use tpudev_sim as sim;

// The thin C++ layer of torch_tpudev: PyTorch mechanisms that exist only in C++, registered for
// the PrivateUse1 device ("tpu") and forwarded to the Rust runtime (python/src/glue.rs).
// Nothing here decides anything: the allocator asks Rust for memory and figures, the hooks
// state facts (one device, always available), pinned host memory is PyTorch's CPU memory,
// the device guard knows one device with one in-order stream, and the autocast policy is
// PyTorch's own CUDA op lists, applied to the tpu.

#include <ATen/ATen.h>
#include <ATen/autocast_mode.h>
#include <ATen/detail/PrivateUse1HooksInterface.h>
#include <c10/core/CPUAllocator.h>
#include <c10/core/CachingDeviceAllocator.h>
#include <c10/core/impl/DeviceGuardImplInterface.h>
#include <torch/library.h>

#include <cstdint>
#include <cstring>
#include <mutex>
#include <string>
#include <unordered_set>

extern "C" {
struct TpudevMemoryStats {
  uint64_t allocated;
  uint64_t peak;
  uint64_t capacity;
};
bool tpudev_glue_alloc(size_t nbytes, uint64_t* addr, char* err, size_t cap);
void tpudev_glue_free(uint64_t addr);
bool tpudev_glue_copy(uint64_t src, uint64_t dst, size_t nbytes, char* err, size_t cap);
bool tpudev_glue_memory_stats(int32_t device, TpudevMemoryStats* out, char* err, size_t cap);
bool tpudev_glue_reset_peak(int32_t device, char* err, size_t cap);
bool tpudev_glue_synchronize(char* err, size_t cap);
int32_t tpudev_glue_device_count();
int32_t tpudev_glue_current_device();
bool tpudev_glue_set_device(int32_t index, char* err, size_t cap);
int32_t tpudev_glue_device_of(uint64_t addr);
}

namespace {

constexpr size_t kMessageBytes = 1024;

void free_buffer(void* ctx) {
  tpudev_glue_free(reinterpret_cast<uint64_t>(ctx));
}

TpudevMemoryStats memory_stats(c10::DeviceIndex device) {
  TpudevMemoryStats stats{};
  char err[kMessageBytes] = {0};
  TORCH_CHECK(tpudev_glue_memory_stats(device, &stats, err, sizeof err), err);
  return stats;
}

// The calling thread's current chip lives in the runtime (`runtime::current_index`), which
// `torch.tpu.set_device` sets too: one value, whichever side sets it.
c10::DeviceIndex current_device() {
  return static_cast<c10::DeviceIndex>(tpudev_glue_current_device());
}

void set_current_device(c10::DeviceIndex index) {
  if (index < 0) {
    return;  // -1: "the current device", nothing to change
  }
  char err[kMessageBytes] = {0};
  TORCH_CHECK(tpudev_glue_set_device(index, err, sizeof err), err);
}

// Device memory is the runtime's simulated (or PJRT) HBM. It caches nothing, so what is
// reserved is what is allocated, and emptying the cache has nothing to release.
struct TpuAllocator final : c10::DeviceAllocator {
  // On the current chip: PyTorch sets it (a device guard) before it allocates for a device.
  c10::DataPtr allocate(size_t nbytes) override {
    c10::Device device(c10::DeviceType::PrivateUse1, current_device());
    if (nbytes == 0) {
      return {nullptr, nullptr, &c10::detail::deleteNothing, device};
    }
    uint64_t addr = 0;
    char err[kMessageBytes] = {0};
    TORCH_CHECK_WITH(OutOfMemoryError, tpudev_glue_alloc(nbytes, &addr, err, sizeof err), err);
    void* ptr = reinterpret_cast<void*>(addr);
    return {ptr, ptr, &free_buffer, device};
  }

  c10::DeleterFnPtr raw_deleter() const override {
    return &free_buffer;
  }

  // Device memory is not host memory: a copy is a device-to-device copy of whole buffers.
  void copy_data(void* dest, const void* src, std::size_t count) const override {
    char err[kMessageBytes] = {0};
    TORCH_CHECK(
        tpudev_glue_copy(
            reinterpret_cast<uint64_t>(src), reinterpret_cast<uint64_t>(dest), count, err, sizeof err),
        err);
  }

  bool initialized() override {
    return true;
  }

  void emptyCache(c10::MempoolId_t /*mempool_id*/) override {}

  // One stream per device: memory is never in use by another stream.
  void recordStream(const c10::DataPtr& /*ptr*/, c10::Stream /*stream*/) override {}

  c10::CachingDeviceAllocator::DeviceStats getDeviceStats(c10::DeviceIndex device) override {
    TpudevMemoryStats m = memory_stats(device);
    c10::CachingDeviceAllocator::DeviceStats stats;
    auto fill = [&](c10::CachingAllocator::StatArray& array) {
      auto& all = array[static_cast<size_t>(c10::CachingAllocator::StatType::AGGREGATE)];
      // The runtime keeps current and peak figures, not running totals: those stay 0.
      all.current = static_cast<int64_t>(m.allocated);
      all.peak = static_cast<int64_t>(m.peak);
    };
    fill(stats.allocated_bytes);
    fill(stats.reserved_bytes);
    fill(stats.active_bytes);
    fill(stats.requested_bytes);
    return stats;
  }

  void resetAccumulatedStats(c10::DeviceIndex /*device*/) override {}

  void resetPeakStats(c10::DeviceIndex device) override {
    char err[kMessageBytes] = {0};
    TORCH_CHECK(tpudev_glue_reset_peak(device, err, sizeof err), err);
  }

  std::pair<size_t, size_t> getMemoryInfo(c10::DeviceIndex device) override {
    TpudevMemoryStats m = memory_stats(device);
    return {static_cast<size_t>(m.capacity - m.allocated), static_cast<size_t>(m.capacity)};
  }
};

TpuAllocator allocator;

// Page-locked host memory for `pin_memory()` (DataLoader(pin_memory=True), which Hugging Face's
// Trainer turns on). The simulator's transfers read ordinary host memory, so this is host
// memory from PyTorch's CPU allocator; it remembers its blocks so that `is_pinned()` is true
// for them and only for them, as on a real device.
struct PinnedHostAllocator final : c10::Allocator {
  c10::DataPtr allocate(size_t nbytes) override {
    c10::DataPtr host = c10::GetCPUAllocator()->allocate(nbytes);
    void* ptr = host.get();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      blocks_.insert(ptr);
    }
    c10::DeleterFnPtr host_deleter = host.get_deleter();
    void* host_ctx = host.release_context();
    auto* ctx = new Block{this, ptr, host_ctx, host_deleter};
    return {ptr, ctx, &free_block, c10::Device(c10::DeviceType::CPU)};
  }

  c10::DeleterFnPtr raw_deleter() const override {
    return nullptr;
  }

  void copy_data(void* dest, const void* src, std::size_t count) const override {
    default_copy_data(dest, src, count);
  }

  bool contains(const void* ptr) const {
    std::lock_guard<std::mutex> lock(mutex_);
    return blocks_.count(ptr) != 0;
  }

 private:
  struct Block {
    PinnedHostAllocator* owner;
    void* ptr;
    void* host_ctx;
    c10::DeleterFnPtr host_deleter;
  };

  static void free_block(void* ctx) {
    auto* block = static_cast<Block*>(ctx);
    {
      std::lock_guard<std::mutex> lock(block->owner->mutex_);
      block->owner->blocks_.erase(block->ptr);
    }
    if (block->host_deleter != nullptr) {
      block->host_deleter(block->host_ctx);
    }
    delete block;
  }

  mutable std::mutex mutex_;
  std::unordered_set<const void*> blocks_;
};

PinnedHostAllocator pinned_allocator;

// `torch.Generator(device="tpu")`: a random state of its own, (seed, offset) as the device's
// counter-based generator uses it. Ops given one run on its state (python/torch_tpudev/_rng.py)
// and advance its offset by what they drew; its state is 16 bytes, as get_rng_state's.
struct TpuGenerator final : c10::GeneratorImpl {
  explicit TpuGenerator(uint64_t seed = c10::default_rng_seed_val)
      : c10::GeneratorImpl(
            c10::Device(c10::DeviceType::PrivateUse1, 0),
            c10::DispatchKeySet(c10::DispatchKey::PrivateUse1)),
        seed_(seed) {}

  void set_current_seed(uint64_t seed) override {
    seed_ = seed;
    offset_ = 0;
  }
  void set_offset(uint64_t offset) override {
    offset_ = offset;
  }
  uint64_t get_offset() const override {
    return offset_;
  }
  uint64_t current_seed() const override {
    return seed_;
  }
  uint64_t seed() override {
    set_current_seed(c10::detail::getNonDeterministicRandom());
    return seed_;
  }
  void set_state(const c10::TensorImpl& new_state) override {
    TORCH_CHECK(
        new_state.numel() == 16 && new_state.dtype() == caffe2::TypeMeta::Make<uint8_t>(),
        "a tpu generator's state is 16 uint8 values (its seed and offset), as get_state() returns; got ",
        new_state.numel(), " values of ", new_state.dtype().name());
    const auto* bytes = static_cast<const uint8_t*>(new_state.data());
    std::memcpy(&seed_, bytes, 8);
    std::memcpy(&offset_, bytes + 8, 8);
  }
  c10::intrusive_ptr<c10::TensorImpl> get_state() const override {
    at::Tensor state = at::empty({16}, at::TensorOptions().dtype(at::kByte));
    auto* bytes = state.data_ptr<uint8_t>();
    std::memcpy(bytes, &seed_, 8);
    std::memcpy(bytes + 8, &offset_, 8);
    return state.getIntrusivePtr();
  }
  static c10::DeviceType device_type() {
    return c10::DeviceType::PrivateUse1;
  }

 private:
  TpuGenerator* clone_impl() const override {
    auto* copy = new TpuGenerator(seed_);
    copy->offset_ = offset_;
    return copy;
  }

  uint64_t seed_;
  uint64_t offset_ = 0;
};

// What PyTorch asks of a device backend through its hooks. One device per process (tpu:0),
// available whenever the extension is loaded.
struct TpuHooks final : at::PrivateUse1HooksInterface {
  bool isBuilt() const override {
    return true;
  }
  bool isAvailable() const override {
    return true;
  }
  bool hasPrimaryContext(c10::DeviceIndex /*device_index*/) const override {
    return true;
  }
  c10::DeviceIndex deviceCount() const override {
    return static_cast<c10::DeviceIndex>(tpudev_glue_device_count());
  }
  c10::DeviceIndex getCurrentDevice() const override {
    return current_device();
  }
  void setCurrentDevice(c10::DeviceIndex device) const override {
    set_current_device(device);
  }
  c10::DeviceIndex exchangeDevice(c10::DeviceIndex device) const override {
    c10::DeviceIndex old = current_device();
    set_current_device(device);
    return old;
  }
  c10::DeviceIndex maybeExchangeDevice(c10::DeviceIndex device) const override {
    return exchangeDevice(device);
  }
  bool isPinnedPtr(const void* data) const override {
    return pinned_allocator.contains(data);
  }
  c10::Allocator* getPinnedMemoryAllocator() const override {
    return &pinned_allocator;
  }
  at::Device getDeviceFromPtr(void* data) const override {
    return {c10::DeviceType::PrivateUse1,
            static_cast<c10::DeviceIndex>(tpudev_glue_device_of(reinterpret_cast<uint64_t>(data)))};
  }
  at::Generator getNewGenerator(c10::DeviceIndex /*device_index*/) const override {
    return at::make_generator<TpuGenerator>();
  }
  const at::Generator& getDefaultGenerator(c10::DeviceIndex /*device_index*/) const override {
    TORCH_CHECK(
        false,
        "the tpu device has no default generator object: its default random state is set with "
        "torch.manual_seed / torch.tpu.manual_seed and read with torch.tpu.get_rng_state(); "
        "for a generator of your own use torch.Generator(device='tpu')");
  }
};

TpuHooks hooks;

void synchronize() {
  char err[kMessageBytes] = {0};
  TORCH_CHECK(tpudev_glue_synchronize(err, sizeof err), err);
}

// The device guard: the process's chips (tpu:0..), the runtime's current one, and one stream
// per chip on which the runtime runs everything in issue order, so every wait between streams
// or on an event is already satisfied. It is C++
// because PyTorch calls it from destructors while an exception unwinds (the autograd engine's
// stream guards): a guard that calls into Python there, with the exception still pending,
// would throw a second time and end the process.
struct TpuGuardImpl final : c10::impl::DeviceGuardImplInterface {
  static constexpr c10::DeviceType kType = c10::DeviceType::PrivateUse1;

  static c10::Device device() {
    return {kType, current_device()};
  }
  static c10::Stream stream(c10::Device d) {
    return c10::Stream(c10::Stream::DEFAULT, d.has_index() ? d : device());
  }
  static void check(c10::Device d) {
    int32_t count = tpudev_glue_device_count();
    TORCH_CHECK(
        d.index() < count,
        "tpu:", static_cast<int>(d.index()), " does not exist: this process has ", count,
        " chip(s). A process sees the chips of TPUDEV_TOPOLOGY (v5e:2x2: tpu:0..tpu:3), or under "
        "torchrun its host's chips (--nproc-per-node); otherwise one");
  }

  c10::DeviceType type() const override {
    return kType;
  }
  c10::Device exchangeDevice(c10::Device d) const override {
    check(d);
    c10::Device old = device();
    set_current_device(d.index());
    return old;
  }
  c10::Device getDevice() const override {
    return device();
  }
  void setDevice(c10::Device d) const override {
    check(d);
    set_current_device(d.index());
  }
  void uncheckedSetDevice(c10::Device d) const noexcept override {
    if (d.index() >= 0) {
      char err[kMessageBytes] = {0};
      tpudev_glue_set_device(d.index(), err, sizeof err);
    }
  }
  c10::Stream getStream(c10::Device d) const override {
    return stream(d);
  }
  c10::Stream getDefaultStream(c10::Device d) const override {
    return stream(d);
  }
  c10::Stream getStreamFromGlobalPool(c10::Device d, bool /*high_priority*/) const override {
    check(d);
    return stream(d);
  }
  c10::Stream getNewStream(c10::Device d, int /*priority*/) const override {
    check(d);
    return stream(d);
  }
  c10::Stream exchangeStream(c10::Stream s) const override {
    return stream(s.device());
  }
  c10::DeviceIndex deviceCount() const noexcept override {
    return static_cast<c10::DeviceIndex>(tpudev_glue_device_count());
  }
  // An event only needs to exist: everything recorded before it has run by the time anything
  // issued after it runs.
  void record(void** event, const c10::Stream& /*s*/, const c10::DeviceIndex /*index*/,
              const c10::EventFlag /*flag*/) const override {
    static char recorded;
    *event = &recorded;
  }
  void block(void* /*event*/, const c10::Stream& /*s*/) const override {}
  bool queryEvent(void* /*event*/) const override {
    synchronize();
    return true;
  }
  void destroyEvent(void* /*event*/, const c10::DeviceIndex /*index*/) const noexcept override {}
  bool queryStream(const c10::Stream& /*s*/) const override {
    synchronize();
    return true;
  }
  void synchronizeStream(const c10::Stream& /*s*/) const override {
    synchronize();
  }
  void synchronizeEvent(void* /*event*/) const override {
    synchronize();
  }
  void synchronizeDevice(const c10::DeviceIndex /*index*/) const override {
    synchronize();
  }
  double elapsedTime(void* /*start*/, void* /*end*/, const c10::DeviceIndex /*index*/) const override {
    TORCH_CHECK(
        false,
        "a torch.Event on the tpu measures no time: use torch.tpu.Event(enable_timing=True), whose "
        "elapsed_time is the simulated time between the two events");
  }
};

TpuGuardImpl guard_impl;

// As on CUDA, binary_cross_entropy is unsafe to autocast (its backward is not stable in
// lower precision); the message says what to use instead.
at::Tensor binary_cross_entropy_banned(
    const at::Tensor&, const at::Tensor&, const std::optional<at::Tensor>&, int64_t) {
  TORCH_CHECK(
      false,
      "torch.nn.functional.binary_cross_entropy and torch.nn.BCELoss are unsafe to autocast.\n"
      "Many models use a sigmoid layer right before the binary cross entropy layer.\n"
      "In this case, combine the two layers using torch.nn.functional.binary_cross_entropy_with_logits\n"
      "or torch.nn.BCEWithLogitsLoss.  binary_cross_entropy_with_logits and BCEWithLogits are\n"
      "safe to autocast.");
}

// A tensor with no elements on chip `device`, for the Python layer to point at a buffer of
// that chip (`_private.new_tensor`): PyTorch's own constructor for backends written in Python
// (`torch._C._acc.create_empty_tensor`) always makes tpu:0.
at::Tensor empty_shell(int64_t device, at::ScalarType dtype) {
  c10::Device d(c10::DeviceType::PrivateUse1, static_cast<c10::DeviceIndex>(device));
  c10::Storage storage(c10::Storage::use_byte_size_t(), 0, c10::DataPtr(nullptr, d), nullptr, false);
  return at::detail::make_tensor<c10::TensorImpl>(
      std::move(storage), c10::DispatchKeySet(c10::DispatchKey::PrivateUse1), c10::scalarTypeToTypeMeta(dtype));
}

}  // namespace

TORCH_LIBRARY(tpudev, m) {
  m.def("empty_shell(int device, ScalarType dtype) -> Tensor", &empty_shell);
}

// Ops without a policy run as they are called.
TORCH_LIBRARY_IMPL(_, AutocastPrivateUse1, m) {
  m.fallback(torch::CppFunction::makeFallthrough());
}

// CUDA's cast policy: matmuls and convolutions in the autocast dtype, precision-sensitive ops
// in float32, ops with several inputs at their widest type.
TORCH_LIBRARY_IMPL(aten, AutocastPrivateUse1, m) {
  // The redispatch-signature list names ATen types unqualified.
  using at::IntArrayRef;
  using at::Scalar;
  using at::ScalarType;
  using at::Tensor;
#define TPUDEV_LOWER_PRECISION_FP(...) KERNEL_PRIVATEUSEONE(__VA_ARGS__, lower_precision_fp)
#define TPUDEV_FP32(...) KERNEL_PRIVATEUSEONE(__VA_ARGS__, fp32)
#define TPUDEV_FP32_SET_OPT_DTYPE(...) KERNEL_PRIVATEUSEONE(__VA_ARGS__, fp32_set_opt_dtype)
#define TPUDEV_PROMOTE(...) KERNEL_PRIVATEUSEONE(__VA_ARGS__, promote)
  AT_FORALL_LOWER_PRECISION_FP(TPUDEV_LOWER_PRECISION_FP)
  AT_FORALL_FP32(TPUDEV_FP32)
  AT_FORALL_FP32_SET_OPT_DTYPE(TPUDEV_FP32_SET_OPT_DTYPE)
  AT_FORALL_DIFFERENT_REDISPATCH_SIGNATURE(KERNEL_DIFFERENT_REDISPATCH_SIGNATURE_PRIVATEUSEONE)
  AT_FORALL_PROMOTE(TPUDEV_PROMOTE)
#undef TPUDEV_LOWER_PRECISION_FP
#undef TPUDEV_FP32
#undef TPUDEV_FP32_SET_OPT_DTYPE
#undef TPUDEV_PROMOTE
  m.impl(TORCH_SELECTIVE_NAME("aten::binary_cross_entropy"), TORCH_FN((&binary_cross_entropy_banned)));
}

extern "C" void tpudev_glue_install() {
  c10::SetAllocator(c10::DeviceType::PrivateUse1, &allocator);
  at::RegisterPrivateUse1HooksInterface(&hooks);
  c10::impl::DeviceGuardImplRegistrar(c10::DeviceType::PrivateUse1, &guard_impl);
}

package interp

import (
	"go/types"
	"math"
	"os"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"unsafe"
)

// heapMetric is the runtime metric of the live heap (and what the garbage
// collector has not freed yet).
const heapMetric = "/memory/classes/heap/objects:bytes"

// bigAlloc is the number of elements from which make checks the memory
// limit before it allocates (one check every few thousand steps does not
// bound a loop of large allocations).
const bigAlloc = 1 << 16

// maxAlloc is the largest allocation, in bytes, of Go's runtime on 64-bit
// platforms: make of more panics (makeslice: len out of range).
const maxAlloc = 1 << 48

// maxElems is the largest length make accepts for elements of type t (Go
// compares the size in bytes with maxAlloc).
func maxElems(t types.Type) uint64 {
	if t == nil {
		return maxAlloc
	}
	return maxAlloc / uint64(max(1, gcSizes.Sizeof(t)))
}

// checkAlloc stops the run if allocating n values would exceed its memory
// limit.
func (m *machine) checkAlloc(n uint64) {
	if lim := m.maxMemory(); n > math.MaxUint64/uint64(unsafe.Sizeof(value{})) || overLimit(n*uint64(unsafe.Sizeof(value{})), lim) {
		panic(&MemoryLimitError{Limit: lim})
	}
}

// overLimit reports whether the heap, plus extra bytes about to be
// allocated, exceeds lim; garbage does not count (the heap is collected
// before it says so).
func overLimit(extra, lim uint64) bool {
	if heapBytes()+extra <= lim {
		return false
	}
	runtime.GC()
	return heapBytes()+extra > lim
}

// heapBytes returns the process's heap in use, in bytes.
func heapBytes() uint64 {
	s := []metrics.Sample{{Name: heapMetric}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// defaultMaxMemory is half of the machine's memory as
// /proc/meminfo reports it, or 8 GiB.
func defaultMaxMemory() uint64 {
	const fallback = 8 << 30
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return fallback
	}
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, "MemTotal:"); ok {
			f := strings.Fields(rest)
			if len(f) >= 1 {
				if kb, err := strconv.ParseUint(f[0], 10, 64); err == nil && kb > 0 {
					return kb << 10 / 2
				}
			}
		}
	}
	return fallback
}

// elemOf returns the element type of a slice or channel type (nil for
// another type).
func elemOf(t types.Type) types.Type {
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return u.Elem()
	case *types.Chan:
		return u.Elem()
	}
	return nil
}

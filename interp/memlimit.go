package interp

import (
	"os"
	"runtime/metrics"
	"strconv"
	"strings"
)

// heapMetric is the runtime metric of the live heap (and what the garbage
// collector has not freed yet).
const heapMetric = "/memory/classes/heap/objects:bytes"

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

package lazyinit

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/vt"
)

// useConfig has two goroutines read the address of a lazily loaded config
// and checks that both saw it and that it was loaded once.
func useConfig(t *vt.T, newLazy func(init func() *Config) func() *Config) {
	var loads atomic.Int32
	get := newLazy(func() *Config {
		loads.Add(1) // count the loads (e.g. a metric, or a log call)
		return &Config{Addr: "db:5432", Retries: 3}
	})
	addrs := make([]string, 2)
	var wg sync.WaitGroup
	for i := range addrs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			addrs[i] = get().Addr
		}()
	}
	wg.Wait()
	require.Equal(t, []string{"db:5432", "db:5432"}, addrs)
	require.EqualValues(t, 1, loads.Load(), "config loaded more than once")
}

// TestDoubleCheckedRaces: the second caller takes the fast path while the
// first is still loading: its read of the value races with the write.
func TestDoubleCheckedRaces(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		useConfig(t, func(init func() *Config) func() *Config { return NewDoubleChecked(init).Get })
	}, vt.Expect("race"))
}

// TestDoubleCheckedPanics: without race detection, the same interleaving
// shows as its consequence: the caller gets nil and dereferences it.
func TestDoubleCheckedPanics(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		useConfig(t, func(init func() *Config) func() *Config { return NewDoubleChecked(init).Get })
	}, vt.Race(false), vt.Expect("panic"))
}

// TestOnce: sync.Once publishes the value to every caller.
func TestOnce(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		useConfig(t, func(init func() *Config) func() *Config { return NewOnce(init).Get })
	}, vt.Preempt(2), vt.Time(2*time.Second))
}

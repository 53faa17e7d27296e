package vos

import (
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A wanted signal is queued and wakes the receiver; pending signals
// coalesce and are taken lowest first; Stop's wait for idleness waits for
// the delivery in progress; a clone keeps the state without the waiters.
func TestSignalsQueueCoalesceAndIdle(t *testing.T) {
	k, _ := newKernel(t)
	recv := &countWaiter{}
	_, ok := k.SignalRecv(recv)
	require.False(t, ok, "nothing pending: the receiver waits")

	assert.Equal(t, SigIgnore, k.Raise(int(syscall.SIGUSR1)), "not wanted: Go catches SIGUSR1 and does nothing")
	assert.Equal(t, SigTerminate, k.Raise(int(syscall.SIGTERM)))
	assert.Equal(t, SigThrow, k.Raise(int(syscall.SIGQUIT)))
	assert.Equal(t, SigStop, k.Raise(int(syscall.SIGSTOP)))
	assert.Equal(t, SigTerminate, k.Raise(int(syscall.SIGKILL)))
	assert.Zero(t, recv.wakes)

	k.SignalEnable(int(syscall.SIGUSR2))
	k.SignalEnable(int(syscall.SIGUSR1))
	assert.Equal(t, SigQueued, k.Raise(int(syscall.SIGUSR2)))
	assert.Equal(t, SigQueued, k.Raise(int(syscall.SIGUSR2)), "coalesces with the pending one")
	assert.Equal(t, SigQueued, k.Raise(int(syscall.SIGUSR1)))
	assert.Equal(t, 1, recv.wakes)

	idle := &countWaiter{}
	assert.False(t, k.SignalIdle(idle), "signals are pending")
	c := k.Clone()
	n, ok := k.SignalRecv(recv)
	require.True(t, ok)
	assert.Equal(t, int(syscall.SIGUSR1), n, "lowest first")
	n, ok = k.SignalRecv(recv)
	require.True(t, ok)
	assert.Equal(t, int(syscall.SIGUSR2), n)
	assert.Zero(t, idle.wakes, "the last one is being delivered")
	_, ok = k.SignalRecv(recv)
	require.False(t, ok)
	assert.Equal(t, 1, idle.wakes, "back in the receive, nothing pending: idle")
	assert.True(t, k.SignalIdle(idle))

	n, ok = c.SignalRecv(&countWaiter{})
	require.True(t, ok, "the clone has the pending signals")
	assert.Equal(t, int(syscall.SIGUSR1), n)

	k.SignalIgnore(int(syscall.SIGUSR1))
	assert.True(t, k.SignalIgnored(int(syscall.SIGUSR1)))
	assert.Equal(t, SigIgnore, k.Raise(int(syscall.SIGUSR1)))
	k.SignalIgnore(int(syscall.SIGTERM))
	assert.Equal(t, SigIgnore, k.Raise(int(syscall.SIGTERM)))
	k.SignalDisable(int(syscall.SIGTERM))
	assert.Equal(t, SigTerminate, k.Raise(int(syscall.SIGTERM)), "Reset: the default action again")
}

// An anonymous map can be unmapped once, whole; a clone keeps the table.
func TestMemoryMaps(t *testing.T) {
	k, _ := newKernel(t)
	b := make([]byte, 8192)
	k.MapAnon(b)
	off, n, ok := k.MapOffset(b[4096:])
	assert.True(t, ok)
	assert.Equal(t, 4096, off)
	assert.Equal(t, 8192, n)
	assert.Equal(t, syscall.EINVAL, k.Unmap(b[:4096]), "a part")
	assert.Equal(t, syscall.EINVAL, k.Unmap(make([]byte, 8192)), "not a map")
	c := k.Clone()
	assert.Zero(t, k.Unmap(b))
	assert.Equal(t, syscall.EINVAL, k.Unmap(b), "unmapped already")
	assert.Zero(t, c.Unmap(b), "the clone's map is its own")
}

// uname names the real system with the fixed host name.
func TestUname(t *testing.T) {
	u := Uname()
	name := func(f [65]int8) string {
		var b []byte
		for _, c := range f {
			if c == 0 {
				break
			}
			b = append(b, byte(c))
		}
		return string(b)
	}
	assert.Equal(t, Hostname, name(u.Nodename))
	assert.Equal(t, "Linux", name(u.Sysname))
	assert.NotEmpty(t, name(u.Release))
}

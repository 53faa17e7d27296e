package vos

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// countWaiter counts its wakes.
type countWaiter struct{ wakes int }

func (w *countWaiter) Wake() { w.wakes++ }

func newKernel(t *testing.T) (*Kernel, string) {
	t.Helper()
	dir := t.TempDir()
	return New([]string{"HOME=/home/vt", "A=1"}, dir), dir
}

func TestFilesCopyOnWriteOverRealTree(t *testing.T) {
	k, dir := newKernel(t)
	real := filepath.Join(dir, "real.txt")
	require.NoError(t, os.WriteFile(real, []byte("on disk"), 0o644))

	fd, e := k.Openat(AtFDCWD, "real.txt", syscall.O_RDWR, 0, 0)
	require.Zero(t, e)
	buf := make([]byte, 32)
	n, obj, e := k.Read(fd, buf, nil)
	require.Zero(t, e)
	assert.Equal(t, "on disk", string(buf[:n]))
	assert.False(t, obj.IsNil(), "a file read names the file's object")

	off, e := k.Seek(fd, 0, 0)
	require.Zero(t, e)
	require.Zero(t, off)
	room, to, e := k.WriteRoom(fd, 2)
	require.Zero(t, e)
	assert.Equal(t, 2, room)
	assert.Equal(t, obj, to, "reads and writes of one file name one object")
	n, _, e = k.Write(fd, []byte("IN"), 0, nil)
	require.Zero(t, e)
	assert.Equal(t, 2, n)
	require.Zero(t, k.Close(fd))

	got, err := os.ReadFile(real)
	require.NoError(t, err)
	assert.Equal(t, "on disk", string(got), "the real file is never changed")

	fd, e = k.Openat(AtFDCWD, real, syscall.O_RDONLY, 0, 0)
	require.Zero(t, e)
	n, _, e = k.Read(fd, buf, nil)
	require.Zero(t, e)
	assert.Equal(t, "IN disk", string(buf[:n]), "the kernel sees its own write")

	_, e = k.Openat(AtFDCWD, "new/x", syscall.O_CREAT|syscall.O_WRONLY, 0o644, 0)
	assert.Equal(t, syscall.ENOENT, e)
	require.Zero(t, k.Mkdirat(AtFDCWD, "new", 0o755, 0))
	_, e = k.Openat(AtFDCWD, "new/x", syscall.O_CREAT|syscall.O_EXCL|syscall.O_WRONLY, 0o644, 0)
	require.Zero(t, e)
	_, e = k.Openat(AtFDCWD, "new/x", syscall.O_CREAT|syscall.O_EXCL|syscall.O_WRONLY, 0o644, 0)
	assert.Equal(t, syscall.EEXIST, e)
	_, err = os.Stat(filepath.Join(dir, "new"))
	assert.True(t, os.IsNotExist(err), "directories made in the kernel stay in memory")

	require.Zero(t, k.Unlinkat(AtFDCWD, "real.txt", false, 0))
	_, e = k.Fstatat(AtFDCWD, "real.txt", true)
	assert.Equal(t, syscall.ENOENT, e, "a removed real file is hidden")
	_, err = os.Stat(real)
	assert.NoError(t, err, "and stays on disk")
}

func TestDirectoryListingMergesLayers(t *testing.T) {
	k, dir := newKernel(t)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "b"), nil, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "c"), nil, 0o644))
	fd, e := k.Openat(AtFDCWD, "a", syscall.O_CREAT|syscall.O_WRONLY, 0o644, 0)
	require.Zero(t, e)
	require.Zero(t, k.Close(fd))
	require.Zero(t, k.Unlinkat(AtFDCWD, "c", false, 0))

	dfd, e := k.Openat(AtFDCWD, ".", syscall.O_RDONLY|syscall.O_DIRECTORY, 0, 0)
	require.Zero(t, e)
	buf := make([]byte, 4096)
	n, e := k.Getdents(dfd, buf)
	require.Zero(t, e)
	assert.Equal(t, []string{"a", "b"}, direntNames(buf[:n]))
}

// direntNames returns the names of linux_dirent64 records.
func direntNames(b []byte) []string {
	var names []string
	for len(b) > 0 {
		reclen := int(b[16]) | int(b[17])<<8
		name := b[19:reclen]
		for i, c := range name {
			if c == 0 {
				name = name[:i]
				break
			}
		}
		names = append(names, string(name))
		b = b[reclen:]
	}
	return names
}

func TestEnvironment(t *testing.T) {
	k, _ := newKernel(t)
	v, ok := k.Getenv("A")
	assert.True(t, ok)
	assert.Equal(t, "1", v)
	require.Zero(t, k.Setenv("A", "2"))
	assert.Equal(t, []string{"HOME=/home/vt", "A=2"}, k.Environ())
	assert.Equal(t, syscall.EINVAL, k.Setenv("B=", "x"))
	k.Unsetenv("HOME")
	_, ok = k.Getenv("HOME")
	assert.False(t, ok)
	k.Clearenv()
	assert.Empty(t, k.Environ())
}

func TestCloneIsIndependent(t *testing.T) {
	k, _ := newKernel(t)
	fd, e := k.Openat(AtFDCWD, "f", syscall.O_CREAT|syscall.O_RDWR, 0o644, 0)
	require.Zero(t, e)
	_, _, e = k.Write(fd, []byte("before"), 0, nil)
	require.Zero(t, e)
	r, w := k.Pipe(0)
	_, _, e = k.Write(w, []byte("xy"), 0, nil)
	require.Zero(t, e)

	c := k.Clone()
	_, _, e = k.Write(fd, []byte(" after"), 0, nil)
	require.Zero(t, e)
	require.Zero(t, k.Setenv("A", "changed"))
	buf := make([]byte, 1)
	_, _, e = k.Read(r, buf, nil)
	require.Zero(t, e)

	st, e := c.Fstatat(AtFDCWD, "f", true)
	require.Zero(t, e)
	assert.EqualValues(t, len("before"), st.Size, "the clone's file keeps its contents")
	v, _ := c.Getenv("A")
	assert.Equal(t, "1", v)
	buf = make([]byte, 8)
	n, _, e := c.Read(r, buf, nil)
	require.Zero(t, e)
	assert.Equal(t, "xy", string(buf[:n]), "the clone's pipe keeps its bytes")
	assert.False(t, new(Kernel).Clone().Ready(), "the clone of a kernel not started is not started")
	assert.True(t, c.Ready())
}

func TestPipeBlocksAndCloses(t *testing.T) {
	k, _ := newKernel(t)
	r, w := k.Pipe(0)
	buf := make([]byte, 8)
	_, _, e := k.Read(r, buf, nil)
	require.Equal(t, syscall.EAGAIN, e, "an empty pipe with a writer would block")
	reader := &countWaiter{}
	assert.Equal(t, WaitPipeRead, k.WaitIO(r, 'r', reader))

	room, to, e := k.WriteRoom(w, 3)
	require.Zero(t, e)
	assert.Equal(t, 3, room)
	_, _, e = k.Write(w, []byte("abc"), 0, nil)
	require.Zero(t, e)
	assert.Equal(t, 1, reader.wakes, "data wakes the reader")
	n, from, e := k.Read(r, buf, nil)
	require.Zero(t, e)
	assert.Equal(t, "abc", string(buf[:n]))
	assert.Equal(t, to, from, "both ends name the pipe")

	require.Zero(t, k.Close(w))
	n, _, e = k.Read(r, buf, nil)
	require.Zero(t, e)
	assert.Zero(t, n, "end of file once the last writer closed")
	_, _, e = k.Read(w, buf, nil)
	assert.Equal(t, syscall.EBADF, e)

	r2, w2 := k.Pipe(syscall.O_NONBLOCK)
	assert.Equal(t, WaitNone, k.WaitIO(r2, 'r', &countWaiter{}), "a non-blocking descriptor never waits")
	require.Zero(t, k.Close(r2))
	_, _, e = k.WriteRoom(w2, 1)
	assert.Equal(t, syscall.EPIPE, e)
}

func TestPipeFullWouldBlock(t *testing.T) {
	k, _ := newKernel(t)
	r, w := k.Pipe(0)
	big := make([]byte, pipeCapacity+10)
	room, _, e := k.WriteRoom(w, len(big))
	require.Zero(t, e)
	require.Equal(t, pipeCapacity, room, "a write takes what fits")
	_, _, e = k.Write(w, big[:room], 0, nil)
	require.Zero(t, e)
	_, _, e = k.WriteRoom(w, 1)
	require.Equal(t, syscall.EAGAIN, e)
	writer := &countWaiter{}
	assert.Equal(t, WaitPipeWrite, k.WaitIO(w, 'w', writer))
	_, _, e = k.Read(r, make([]byte, 1), nil)
	require.Zero(t, e)
	assert.Equal(t, 1, writer.wakes, "room wakes the writer")
}

func TestClosedDescriptor(t *testing.T) {
	k, _ := newKernel(t)
	assert.Equal(t, syscall.EBADF, k.Close(7))
	fd, e := k.Dup(1, -1)
	require.Zero(t, e)
	assert.Equal(t, 3, fd, "the lowest free descriptor")
	d, e := k.Describe(fd)
	require.Zero(t, e)
	assert.Equal(t, Description{Kind: KindStd, Std: 1, Flags: syscall.O_WRONLY}, d)
	require.Zero(t, k.Close(fd))
	_, e = k.Describe(fd)
	assert.Equal(t, syscall.EBADF, e)
}

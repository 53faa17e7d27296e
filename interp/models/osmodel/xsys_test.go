package osmodel_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/interp"
)

// xsysProgram uses golang.org/x/sys/unix as an off-heap cache does:
// anonymous maps written, advised, synced, locked and unmapped, and
// uname; and as isatty does: terminal ioctls on a pipe and a closed
// descriptor. Its output does not depend on the machine.
const xsysProgram = `package main

import (
	"bytes"
	"fmt"

	"golang.org/x/sys/unix"
)

func main() {
	page := unix.Getpagesize()
	b, err := unix.Mmap(-1, 0, 2*page, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	fmt.Println("mmap:", len(b) == 2*page, err, bytes.Count(b, []byte{0}) == len(b))
	copy(b[page-3:], "off-heap")
	fmt.Printf("%q\n", b[page-3:page+5])
	fmt.Println("msync:", unix.Msync(b, unix.MS_SYNC))
	fmt.Println("mlock:", unix.Mlock(b), unix.Munlock(b))
	fmt.Println("mprotect:", unix.Mprotect(b[page:], unix.PROT_READ), unix.Mprotect(b[page:], unix.PROT_READ|unix.PROT_WRITE))
	fmt.Println("dontneed:", unix.Madvise(b[page:], unix.MADV_DONTNEED))
	fmt.Printf("%q\n", b[page-3:page+5])
	fmt.Println("munmap part:", unix.Munmap(b[:page]))
	fmt.Println("munmap:", unix.Munmap(b), unix.Munmap(b))
	_, err = unix.Mmap(-1, 0, 0, unix.PROT_READ, unix.MAP_ANON|unix.MAP_PRIVATE)
	fmt.Println("empty:", err)

	var u unix.Utsname
	fmt.Println("uname:", unix.Uname(&u))
	fmt.Println(unix.ByteSliceToString(u.Sysname[:]), unix.ByteSliceToString(u.Nodename[:]) != "")

	// isatty (mattn/go-isatty): standard output is a pipe, no terminal.
	_, err = unix.IoctlGetTermios(1, unix.TCGETS)
	fmt.Println("tcgets:", err)
	_, err = unix.IoctlGetWinsize(1, unix.TIOCGWINSZ)
	fmt.Println("winsize:", err)
	_, err = unix.IoctlGetTermios(99, unix.TCGETS)
	fmt.Println("closed:", err)
}
`

// x/sys/unix's anonymous maps and uname under the interpreter print what
// the compiled program prints. x/sys is not a dependency of this module:
// the test makes a module of the copy the Go distribution vendors for
// its commands.
func TestXSysUnix(t *testing.T) {
	vendored := filepath.Join(interp.GOROOT(), "src", "cmd", "vendor", "golang.org", "x", "sys", "unix")
	if _, err := os.Stat(vendored); err != nil {
		t.Skipf("no vendored x/sys/unix in the Go distribution: %v", err)
	}
	dir := t.TempDir()
	xsys := filepath.Join(dir, "xsys")
	require.NoError(t, os.MkdirAll(filepath.Join(xsys, "unix"), 0o755))
	entries, err := os.ReadDir(vendored)
	require.NoError(t, err)
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(vendored, e.Name()))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(xsys, "unix", e.Name()), data, 0o644))
	}
	write := func(name, text string) {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	write("xsys/go.mod", "module golang.org/x/sys\n\ngo 1.22\n")
	write("go.mod", "module xsystest\n\ngo 1.26\n\nrequire golang.org/x/sys v0.0.0\n\nreplace golang.org/x/sys => ./xsys\n")
	write("cmd/main.go", xsysProgram)

	bin := filepath.Join(dir, "prog")
	build := exec.Command("go", "build", "-o", bin, "./cmd")
	build.Dir = dir
	out, err := build.CombinedOutput()
	require.NoError(t, err, "go build:\n%s", out)
	want, err := exec.Command(bin).Output()
	require.NoError(t, err)

	prog, err := interp.Load(interp.Config{Dir: dir}, "./cmd")
	require.NoError(t, err)
	require.Len(t, prog.Mains(), 1)
	var stdout, stderr bytes.Buffer
	code, err := prog.RunMain(prog.Mains()[0], interp.RunOptions{Stdout: &stdout, Stderr: &stderr})
	require.NoError(t, err, "stderr:\n%s", stderr.String())
	assert.Equal(t, 0, code)
	assert.Equal(t, string(want), stdout.String())
}

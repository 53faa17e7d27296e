// tempfiles: write, rename and read back files in os.MkdirTemp; list, walk
// and stat across directories; io/fs views; the errors of missing and
// existing files; everything removed at the end.
package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

func main() {
	dir, err := os.MkdirTemp("", "vt-tempfiles-")
	if err != nil {
		fmt.Println("mkdirtemp:", err)
		return
	}
	fmt.Println("temp dir under TempDir:", filepath.Dir(dir) == filepath.Clean(os.TempDir()))
	rel := func(p string) string { r, _ := filepath.Rel(dir, p); return r }

	a := filepath.Join(dir, "a.txt")
	fmt.Println(os.WriteFile(a, []byte("alpha\n"), 0o644))
	fmt.Println(os.MkdirAll(filepath.Join(dir, "sub", "deeper"), 0o755))
	b := filepath.Join(dir, "sub", "b.txt")
	fmt.Println(os.Rename(a, b))
	_, err = os.Stat(a)
	fmt.Println("old name gone:", errors.Is(err, fs.ErrNotExist))
	data, err := os.ReadFile(b)
	fmt.Printf("%q %v\n", data, err)

	f, err := os.OpenFile(b, os.O_APPEND|os.O_WRONLY, 0)
	fmt.Println(err)
	f.WriteString("beta\n")
	f.Close()
	f, _ = os.Open(b)
	buf := make([]byte, 3)
	n, _ := f.ReadAt(buf, 6)
	fmt.Printf("read at 6: %q\n", buf[:n])
	off, _ := f.Seek(-5, io.SeekEnd)
	rest, _ := io.ReadAll(f)
	fmt.Printf("after seek to %d: %q\n", off, rest)
	fi, _ := f.Stat()
	fmt.Println(fi.Name(), fi.Size(), fi.Mode(), fi.IsDir())
	f.Close()

	t, err := os.CreateTemp(filepath.Join(dir, "sub"), "tmp-*.log")
	fmt.Println(err, strings.HasPrefix(filepath.Base(t.Name()), "tmp-"), strings.HasSuffix(t.Name(), ".log"))
	fmt.Fprintf(t, "%d lines\n", 1)
	t.Close()
	fmt.Println(os.Rename(t.Name(), filepath.Join(dir, "sub", "deeper", "log.txt")))

	fmt.Println(os.Chmod(b, 0o600))
	fi, _ = os.Stat(b)
	fmt.Println("mode after chmod:", fi.Mode())
	fmt.Println(os.Symlink("b.txt", filepath.Join(dir, "sub", "link")))
	target, err := os.Readlink(filepath.Join(dir, "sub", "link"))
	fmt.Println(target, err)
	data, _ = os.ReadFile(filepath.Join(dir, "sub", "link"))
	fmt.Printf("through the link: %q\n", data)

	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		info, _ := d.Info()
		size := int64(-1)
		if info.Mode().IsRegular() {
			size = info.Size()
		}
		fmt.Println("walk:", rel(p), d.IsDir(), d.Type(), size)
		return err
	})
	ents, _ := os.ReadDir(filepath.Join(dir, "sub"))
	for _, e := range ents {
		fmt.Println("readdir:", e.Name(), e.IsDir())
	}
	fsys := os.DirFS(dir)
	data, err = fs.ReadFile(fsys, "sub/deeper/log.txt")
	fmt.Printf("fs.ReadFile: %q %v\n", data, err)
	matches, _ := fs.Glob(fsys, "sub/*.txt")
	fmt.Println("glob:", matches)
	names, _ := os.Open(filepath.Join(dir, "sub"))
	ns, _ := names.Readdirnames(-1)
	slices.Sort(ns)
	fmt.Println("names:", ns)
	names.Close()

	err = os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	fmt.Println("mkdir existing:", errors.Is(err, fs.ErrExist))
	_, err = os.Open(filepath.Join(dir, "missing"))
	var pe *fs.PathError
	fmt.Println("open missing:", errors.As(err, &pe), pe.Op, rel(pe.Path), errors.Is(err, fs.ErrNotExist))
	err = os.Remove(filepath.Join(dir, "sub"))
	fmt.Println("remove non-empty dir fails:", err != nil)
	_, err = os.OpenFile(b, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	fmt.Println("exclusive create of existing:", errors.Is(err, fs.ErrExist))
	fmt.Println(os.Truncate(b, 2))
	data, _ = os.ReadFile(b)
	fmt.Printf("truncated: %q\n", data)

	self, err := os.ReadFile(filepath.Join("testdata", "conformance", "tempfiles", "main.go"))
	fmt.Println("reads the real file system:", err == nil && strings.Contains(string(self), "package main"))

	fmt.Println(os.RemoveAll(dir))
	_, err = os.Stat(dir)
	fmt.Println("removed:", errors.Is(err, fs.ErrNotExist))
}

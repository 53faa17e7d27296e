// Command sysops exercises the operating system's side of the standard
// library that osmodel models: files, directories, pipes, loopback TCP
// and UDP sockets, deadlines, writev, the environment, errno values,
// anonymous memory maps and signals. Its output is the same compiled and
// interpreted.
package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"syscall"
	"time"
)

func check(what string, err error) {
	if err != nil {
		fmt.Println(what, "error:", err)
		os.Exit(1)
	}
}

func files() {
	dir, err := os.MkdirTemp("", "sysops")
	check("mkdirtemp", err)
	defer os.RemoveAll(dir)
	p := filepath.Join(dir, "a.txt")
	check("write", os.WriteFile(p, []byte("hello, file\n"), 0o644))
	b, err := os.ReadFile(p)
	check("read", err)
	fmt.Printf("file: %q\n", b)
	st, err := os.Stat(p)
	check("stat", err)
	fmt.Println("stat:", st.Name(), st.Size(), st.Mode().IsRegular())
	check("mkdir", os.Mkdir(filepath.Join(dir, "sub"), 0o755))
	check("rename", os.Rename(p, filepath.Join(dir, "sub", "b.txt")))
	es, err := os.ReadDir(dir)
	check("readdir", err)
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	fmt.Println("dir:", names)
	_, err = os.Stat(p)
	fmt.Println("missing:", errors.Is(err, fs.ErrNotExist), errors.Is(err, fs.ErrExist))
	f, err := os.OpenFile(filepath.Join(dir, "sub", "b.txt"), os.O_RDWR, 0)
	check("open", err)
	_, err = f.WriteAt([]byte("HELLO"), 0)
	check("writeat", err)
	buf := make([]byte, 5)
	_, err = f.ReadAt(buf, 7)
	check("readat", err)
	fmt.Printf("at: %q\n", buf)
	check("close", f.Close())
}

func pipes() {
	r, w, err := os.Pipe()
	check("pipe", err)
	go func() {
		w.Write([]byte("through the pipe"))
		w.Close()
	}()
	b, err := io.ReadAll(r)
	check("readall", err)
	fmt.Printf("pipe: %q\n", b)
	r.Close()
}

func tcp() {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	check("listen", err)
	done := make(chan string)
	go func() {
		c, err := l.Accept()
		check("accept", err)
		b, err := io.ReadAll(c)
		check("server read", err)
		c.Close()
		done <- string(b)
	}()
	c, err := net.Dial("tcp", l.Addr().String())
	check("dial", err)
	bufs := net.Buffers{[]byte("one "), []byte("two "), []byte("three")}
	_, err = bufs.WriteTo(c)
	check("writev", err)
	c.Close()
	fmt.Printf("tcp: %q\n", <-done)
	l.Close()
}

func deadline() {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	check("listen", err)
	defer l.Close()
	go func() {
		c, err := l.Accept()
		if err == nil {
			time.Sleep(time.Second)
			c.Close()
		}
	}()
	c, err := net.Dial("tcp", l.Addr().String())
	check("dial", err)
	c.SetReadDeadline(time.Now().Add(20 * time.Millisecond))
	_, err = c.Read(make([]byte, 1))
	fmt.Println("deadline:", errors.Is(err, os.ErrDeadlineExceeded))
	c.Close()
}

func udp() {
	a, err := net.ListenPacket("udp", "127.0.0.1:0")
	check("listen udp", err)
	b, err := net.ListenPacket("udp", "127.0.0.1:0")
	check("listen udp", err)
	_, err = b.WriteTo([]byte("datagram"), a.LocalAddr())
	check("writeto", err)
	buf := make([]byte, 64)
	n, from, err := a.ReadFrom(buf)
	check("readfrom", err)
	fmt.Printf("udp: %q from the sender: %v\n", buf[:n], from.String() == b.LocalAddr().String())
	a.Close()
	b.Close()
}

func env() {
	check("setenv", os.Setenv("SYSOPS_VAR", "value"))
	v, ok := os.LookupEnv("SYSOPS_VAR")
	fmt.Println("env:", v, ok)
	os.Unsetenv("SYSOPS_VAR")
	_, ok = os.LookupEnv("SYSOPS_VAR")
	fmt.Println("unset:", ok, os.Getenv("SYSOPS_VAR") == "")
}

func mmap() {
	b, err := syscall.Mmap(-1, 0, 4096, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	check("mmap", err)
	b[0], b[4095] = 1, 2
	fmt.Println("mmap:", len(b), b[0], b[4095])
	check("munmap", syscall.Munmap(b))
}

func signals() {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGUSR1)
	check("kill", syscall.Kill(os.Getpid(), syscall.SIGUSR1))
	fmt.Println("signal:", <-ch)
	signal.Stop(ch)
}

func main() {
	files()
	pipes()
	tcp()
	deadline()
	udp()
	env()
	mmap()
	signals()
	fmt.Println("errno:", syscall.ENOENT.Error(), errors.Is(syscall.EEXIST, fs.ErrExist))
}

// Command mmapuname maps, advises and unmaps anonymous memory through
// package syscall (an unmapped or partial slice cannot be unmapped;
// MADV_DONTNEED zeroes a private map's pages), and reads uname and the
// host name (whose value is the machine's: only its shape is printed).
package main

import (
	"bytes"
	"fmt"
	"os"
	"syscall"
)

func str(f [65]int8) string {
	var b []byte
	for _, c := range f {
		if c == 0 {
			break
		}
		b = append(b, byte(c))
	}
	return string(b)
}

func main() {
	page := syscall.Getpagesize()
	b, err := syscall.Mmap(-1, 0, 4*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		fmt.Println("mmap:", err)
		return
	}
	for i := range b {
		b[i] = 0xAA
	}
	fmt.Println("dontneed:", syscall.Madvise(b[page:page+10], syscall.MADV_DONTNEED))
	fmt.Println("zeroed:", bytes.Count(b[page:2*page], []byte{0}) == page, b[page-1], b[2*page])
	fmt.Println("unaligned:", syscall.Madvise(b[page+1:2*page], syscall.MADV_DONTNEED))
	fmt.Println("normal:", syscall.Madvise(b, syscall.MADV_NORMAL), b[0])
	fmt.Println("mlock:", syscall.Mlock(b[:page]), syscall.Munlock(b[:page]))
	fmt.Println("partial munmap:", syscall.Munmap(b[:page]))
	fmt.Println("heap munmap:", syscall.Munmap(make([]byte, page)))
	fmt.Println("munmap:", syscall.Munmap(b))
	fmt.Println("again:", syscall.Munmap(b))

	var u syscall.Utsname
	fmt.Println("uname:", syscall.Uname(&u))
	fmt.Println(str(u.Sysname), str(u.Machine), str(u.Release) != "", str(u.Nodename) != "")
	name, err := os.Hostname()
	fmt.Println("hostname:", name != "", name == str(u.Nodename), err)
}

// Command mmapanon maps anonymous memory as the standard library's page
// boundary tests do (bytes, strings): the map is a zeroed byte slice that
// can be written, read, sliced, protected and unmapped.
package main

import (
	"bytes"
	"fmt"
	"syscall"
)

func main() {
	page := syscall.Getpagesize()
	b, err := syscall.Mmap(-1, 0, 3*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		fmt.Println("mmap:", err)
		return
	}
	fmt.Println(len(b) == 3*page, cap(b) == 3*page, bytes.Count(b, []byte{0}) == len(b))
	fmt.Println("mprotect low:", syscall.Mprotect(b[:page], syscall.PROT_NONE))
	fmt.Println("mprotect high:", syscall.Mprotect(b[2*page:], syscall.PROT_NONE))
	mid := b[page : 2*page]
	for i := range mid {
		mid[i] = byte(i % 251)
	}
	fmt.Println(mid[0], mid[250], mid[251], mid[len(mid)-1] == byte((len(mid)-1)%251))
	fmt.Println(bytes.IndexByte(mid, 250), bytes.LastIndexByte(mid[:600], 0))
	fmt.Println("mprotect back:", syscall.Mprotect(b[:page], syscall.PROT_READ|syscall.PROT_WRITE))
	fmt.Println("munmap:", syscall.Munmap(b))
	_, err = syscall.Mmap(-1, 0, 0, syscall.PROT_READ, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	fmt.Println("empty map:", err)
}

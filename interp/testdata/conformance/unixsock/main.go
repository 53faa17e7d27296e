// unixsock: a unix stream socket in a temporary directory: the socket file
// exists while the listener does.
package main

import (
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
)

func main() {
	dir, err := os.MkdirTemp("", "unixsock")
	if err != nil {
		fmt.Println("mkdirtemp:", err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "s.sock")
	ln, err := net.Listen("unix", path)
	if err != nil {
		fmt.Println("listen:", err)
		return
	}
	fi, err := os.Stat(path)
	fmt.Println("socket file:", err == nil && fi.Mode()&os.ModeSocket != 0)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		io.WriteString(c, "over unix")
		c.Close()
	}()
	c, err := net.Dial("unix", path)
	if err != nil {
		fmt.Println("dial:", err)
		return
	}
	b, err := io.ReadAll(c)
	fmt.Println(string(b), err)
	c.Close()
	ln.Close()
	_, err = os.Stat(path)
	fmt.Println("removed with the listener:", os.IsNotExist(err))
	_, err = net.Dial("unix", path)
	fmt.Println("dial after close:", err != nil)
}

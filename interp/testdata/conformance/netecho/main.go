// netecho: a TCP echo server and client on the loopback, with the errors a
// closed listener, a closed connection and a refused dial return.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"syscall"
)

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println("listen:", err)
		return
	}
	fmt.Println("listener network:", ln.Addr().Network())
	done := make(chan string, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			done <- fmt.Sprintln("accept:", err)
			return
		}
		defer c.Close()
		log := fmt.Sprintln("server: remote is loopback:", c.RemoteAddr().(*net.TCPAddr).IP.IsLoopback())
		r := bufio.NewReader(c)
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				done <- log + fmt.Sprintln("server read:", err)
				return
			}
			fmt.Fprint(c, strings.ToUpper(line))
		}
	}()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		fmt.Println("dial:", err)
		return
	}
	fmt.Println("client: local is loopback:", c.LocalAddr().(*net.TCPAddr).IP.IsLoopback())
	r := bufio.NewReader(c)
	for _, w := range []string{"hello", "world", strings.Repeat("x", 100000)} {
		fmt.Fprintln(c, w)
		line, err := r.ReadString('\n')
		fmt.Println(len(line), strings.TrimSpace(line)[:5], err)
	}
	c.Close()
	fmt.Print(<-done)
	_, err = c.Write([]byte("late"))
	fmt.Println("write after close:", errors.Is(err, net.ErrClosed))
	_, err = c.Read(make([]byte, 1))
	fmt.Println("read after close:", errors.Is(err, net.ErrClosed))
	addr := ln.Addr().String()
	ln.Close()
	_, err = ln.Accept()
	fmt.Println("accept after close:", errors.Is(err, net.ErrClosed))
	_, err = net.Dial("tcp", addr)
	fmt.Println("dial after close refused:", errors.Is(err, syscall.ECONNREFUSED))

	// An IPv6 loopback listener, dialed by name.
	ln6, err := net.Listen("tcp", "[::1]:0")
	if err != nil {
		fmt.Println("listen ipv6:", err)
		return
	}
	go func() {
		c, err := ln6.Accept()
		if err == nil {
			io.WriteString(c, "six")
			c.Close()
		}
	}()
	_, port, _ := net.SplitHostPort(ln6.Addr().String())
	c6, err := net.Dial("tcp6", net.JoinHostPort("localhost", port))
	if err != nil {
		fmt.Println("dial ipv6:", err)
		return
	}
	b, err := io.ReadAll(c6)
	fmt.Println(string(b), err, c6.RemoteAddr().(*net.TCPAddr).IP.String())
	c6.Close()
	ln6.Close()
}

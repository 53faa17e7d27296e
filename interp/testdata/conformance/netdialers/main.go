// netdialers: the ways of dialing and listening (DialTimeout, net.Dialer,
// ListenConfig), ports by service name, and writing to a peer that has
// closed: the first write succeeds (the peer answers with a reset), later
// ones fail with a broken pipe, and the bytes the peer sent before closing
// are still read, then EOF.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"syscall"
	"time"
)

func main() {
	var lc net.ListenConfig
	ln, err := lc.Listen(context.Background(), "tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println("listen:", err)
		return
	}
	accepted := make(chan net.Conn, 3)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				close(accepted)
				return
			}
			accepted <- c
		}
	}()

	c1, err := net.DialTimeout("tcp", ln.Addr().String(), time.Second)
	fmt.Println("DialTimeout:", err)
	d := net.Dialer{Timeout: time.Second, KeepAlive: -1}
	c2, err := d.DialContext(context.Background(), "tcp", ln.Addr().String())
	fmt.Println("Dialer.DialContext:", err)
	fmt.Println("remote is the listener:", c2.RemoteAddr().String() == ln.Addr().String())

	// The server says goodbye and closes before the client writes.
	s1 := <-accepted
	s1.Write([]byte("bye"))
	s1.Close()
	<-accepted
	time.Sleep(10 * time.Millisecond)
	for i := range 3 {
		n, err := c1.Write([]byte("hello"))
		fmt.Println("write", i, n, errors.Is(err, syscall.EPIPE))
	}
	b, err := io.ReadAll(c1)
	fmt.Printf("read %q %v\n", b, err)
	c1.Close()
	c2.Close()

	port, err := net.LookupPort("tcp", "http")
	fmt.Println("LookupPort http:", port, err)
	port, err = net.LookupPort("udp", "domain")
	fmt.Println("LookupPort domain:", port, err)

	ln.Close()
	for range accepted {
	}
	_, err = net.DialTimeout("tcp", ln.Addr().String(), time.Second)
	fmt.Println("refused after close:", errors.Is(err, syscall.ECONNREFUSED))
}

// readdeadline: a read whose peer never writes times out at its deadline;
// a deadline in the past fails at once; a cleared deadline lets the read
// get its data.
package main

import (
	"errors"
	"fmt"
	"net"
	"os"
	"time"
)

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println("listen:", err)
		return
	}
	defer ln.Close()
	accepted := make(chan net.Conn, 1)
	go func() {
		c, err := ln.Accept()
		if err == nil {
			accepted <- c
		}
	}()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		fmt.Println("dial:", err)
		return
	}
	defer c.Close()
	srv := <-accepted
	defer srv.Close()

	start := time.Now()
	c.SetReadDeadline(start.Add(50 * time.Millisecond))
	n, err := c.Read(make([]byte, 1))
	var ne net.Error
	fmt.Println("read:", n, err != nil, errors.As(err, &ne) && ne.Timeout(), errors.Is(err, os.ErrDeadlineExceeded))
	fmt.Println("waited for the deadline:", time.Since(start) >= 50*time.Millisecond)

	c.SetReadDeadline(time.Now().Add(-time.Second))
	_, err = c.Read(make([]byte, 1))
	fmt.Println("past deadline:", errors.Is(err, os.ErrDeadlineExceeded))

	c.SetReadDeadline(time.Time{})
	go func() {
		time.Sleep(10 * time.Millisecond)
		srv.Write([]byte("late"))
	}()
	buf := make([]byte, 4)
	n, err = c.Read(buf)
	fmt.Printf("cleared deadline: %q %v\n", buf[:n], err)

	c.SetWriteDeadline(time.Now().Add(-time.Second))
	_, err = c.Write([]byte("x"))
	fmt.Println("write past deadline:", errors.Is(err, os.ErrDeadlineExceeded))
}

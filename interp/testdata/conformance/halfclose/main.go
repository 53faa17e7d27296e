// halfclose: the client sends its request and closes its side for writing;
// the server reads to EOF, answers and closes; reads after CloseRead see
// EOF.
package main

import (
	"fmt"
	"io"
	"net"
)

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println("listen:", err)
		return
	}
	defer ln.Close()
	done := make(chan string, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			done <- fmt.Sprintln("accept:", err)
			return
		}
		defer c.Close()
		req, err := io.ReadAll(c)
		log := fmt.Sprintf("server got %q %v\n", req, err)
		n, err := fmt.Fprintf(c, "%d bytes received", len(req))
		done <- log + fmt.Sprintln("server wrote", n, err)
	}()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		fmt.Println("dial:", err)
		return
	}
	tc := c.(*net.TCPConn)
	tc.Write([]byte("the whole request"))
	fmt.Println("close write:", tc.CloseWrite())
	resp, err := io.ReadAll(tc)
	fmt.Printf("client got %q %v\n", resp, err)
	fmt.Print(<-done)
	err = tc.CloseRead()
	fmt.Println("close read after both sides closed:", err != nil)
	n, err := tc.Read(make([]byte, 8))
	fmt.Println("read after close read:", n, err)
	fmt.Println("close:", tc.Close())
}

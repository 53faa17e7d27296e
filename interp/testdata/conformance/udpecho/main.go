// udpecho: a UDP server echoes datagrams to the client that sent them.
package main

import (
	"fmt"
	"net"
	"strings"
)

func main() {
	srv, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		fmt.Println("listen:", err)
		return
	}
	defer srv.Close()
	go func() {
		buf := make([]byte, 64)
		for {
			n, from, err := srv.ReadFromUDP(buf)
			if err != nil {
				return
			}
			srv.WriteToUDP([]byte(strings.ToUpper(string(buf[:n]))), from)
		}
	}()
	c, err := net.Dial("udp", srv.LocalAddr().String())
	if err != nil {
		fmt.Println("dial:", err)
		return
	}
	defer c.Close()
	buf := make([]byte, 64)
	for _, m := range []string{"one", "two", "three"} {
		c.Write([]byte(m))
		n, err := c.Read(buf)
		fmt.Println(string(buf[:n]), err)
	}
	fmt.Println(c.RemoteAddr().String() == srv.LocalAddr().String())
}

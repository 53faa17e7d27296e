// Command netdial tries to open a network connection.
package main

import (
	"fmt"
	"net"
)

func main() {
	conn, err := net.Dial("tcp", "127.0.0.1:1") // @dial
	fmt.Println(conn, err)
}

// Command netdial dials an address that does not exist under the virtual
// OS: only loopback addresses do.
package main

import (
	"fmt"
	"net"
)

func main() {
	conn, err := net.Dial("tcp", "10.0.0.1:80") // @dial
	fmt.Println(conn, err)
}

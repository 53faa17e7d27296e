// Command buildinfo asks for its build information, as
// golang.org/x/crypto/acme's init does.
package main

import (
	"fmt"
	"runtime/debug"
)

func main() {
	info, ok := debug.ReadBuildInfo()
	fmt.Println(info == nil, ok)
}

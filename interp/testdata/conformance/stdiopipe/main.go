// Command stdiopipe looks at its standard output and error as packages'
// init functions do to decide on colours (go-chi's middleware.IsTTY, the
// isatty packages): under go test, and here, they are pipes, not
// character devices.
package main

import (
	"fmt"
	"os"
)

func main() {
	for _, f := range []*os.File{os.Stdout, os.Stderr} {
		fi, err := f.Stat()
		if err != nil {
			fmt.Println(err)
			continue
		}
		m := os.ModeDevice | os.ModeCharDevice
		fmt.Println(fi.Mode(), fi.Mode()&os.ModeNamedPipe != 0, fi.Mode()&m == m)
	}
}

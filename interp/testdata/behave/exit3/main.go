// Command exit3 exits with status 3.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Println("exiting")
	os.Exit(3)
}

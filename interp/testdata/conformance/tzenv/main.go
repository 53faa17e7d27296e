// Program tzenv sets $TZ before the first use of time.Local: the local
// zone is the one it names, read from the zone files.
package main

import (
	"fmt"
	"os"
	"time"
)

func main() {
	os.Setenv("TZ", "Asia/Shanghai")
	t := time.Unix(1e9, 0)
	fmt.Println(time.Local, t.Local().Format(time.RFC3339))
	name, off := t.Local().Zone()
	fmt.Println(name, off)
}

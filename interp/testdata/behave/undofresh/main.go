// Command undofresh writes a large byte array that existed at the snapshot
// and large arrays it allocates after it (made, grown by append, copied
// into, written a byte at a time): every run of a snapshot must start from
// the bytes initialization left, and the fresh arrays need no undo log.
package main

import (
	"bytes"
	"fmt"
)

var old = bytes.Repeat([]byte{'o'}, 64<<10)

func main() {
	fmt.Println("start:", string(old[:3]), string(old[len(old)-3:]), len(old))
	fresh := make([]byte, 100<<10)
	copy(fresh, old)
	fresh[5] = 'x'
	grown := append(fresh, 'y')
	copy(grown[1000:], "fresh")
	copy(old, grown[:10])         // the old array: logged
	old[len(old)-1] = grown[1000] // one old byte: logged
	var b bytes.Buffer
	for range 10 {
		b.Write(grown[:40<<10])
	}
	fmt.Println("end:", string(old[:10]), string(old[len(old)-3:]), b.Len(), string(grown[1000:1005]))
}

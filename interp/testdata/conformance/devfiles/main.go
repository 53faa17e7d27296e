// Program devfiles reads the real devices /dev/zero (zeros without end)
// and /dev/null (empty), and writes to /dev/null.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	z, err := os.Open("/dev/zero")
	if err != nil {
		fmt.Println(err)
		return
	}
	buf := []byte("0123456789")
	n, err := z.Read(buf)
	fmt.Println(n, err, buf)
	big := make([]byte, 100000)
	n, err = io.ReadFull(z, big)
	fmt.Println(n, err, big[99999])
	lim, err := io.ReadAll(io.LimitReader(z, 5000))
	fmt.Println(len(lim), err)
	z.Close()

	null, err := os.OpenFile("/dev/null", os.O_RDWR, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	all, err := io.ReadAll(null)
	fmt.Println(len(all), err)
	n, err = null.Write([]byte("discarded"))
	fmt.Println(n, err)
	all, err = io.ReadAll(null)
	fmt.Println(len(all), err)
	null.Close()
}

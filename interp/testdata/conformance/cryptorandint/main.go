// Command cryptorandint draws integers below a bound with crypto/rand.Int
// (which runs from source over the modeled Reader) and prints what holds
// for any draw: every value is in range, and a bound of 1 gives 0.
package main

import (
	"crypto/rand"
	"fmt"
	"math/big"
)

func main() {
	for _, max := range []int64{1, 2, 7, 256, 1000, 1 << 40} {
		bound := big.NewInt(max)
		inRange := true
		for range 50 {
			n, err := rand.Int(rand.Reader, bound)
			if err != nil {
				fmt.Println("error:", err)
				return
			}
			if n.Sign() < 0 || n.Cmp(bound) >= 0 {
				inRange = false
			}
		}
		fmt.Printf("max %d: all in range: %v\n", max, inRange)
	}
	n, _ := rand.Int(rand.Reader, big.NewInt(1))
	fmt.Println("below 1:", n)
	defer func() { fmt.Println("recovered:", recover()) }()
	rand.Int(rand.Reader, big.NewInt(0))
}

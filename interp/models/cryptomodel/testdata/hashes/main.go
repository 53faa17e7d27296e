// Command hashes uses what cryptomodel models: SHA-3 (the Keccak
// permutation), subtle.XORBytes, and P-256's precomputed table (a scalar
// multiplication of the generator). Its output is the same compiled and
// interpreted.
package main

import (
	"crypto/ecdh"
	"crypto/sha3"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
)

func main() {
	fmt.Println("sha3-256:", hex.EncodeToString(func() []byte { s := sha3.Sum256([]byte("vt")); return s[:] }()))
	fmt.Println("shake128:", hex.EncodeToString(sha3.SumSHAKE128([]byte("vt"), 16)))
	x, y := []byte("0123456789abcdef0123"), []byte("fedcba9876543210fedc")
	dst := make([]byte, len(x))
	n := subtle.XORBytes(dst, x, y)
	fmt.Println("xor:", n, hex.EncodeToString(dst))
	subtle.XORBytes(x, x, y)
	fmt.Println("xor in place:", hex.EncodeToString(x))
	k := make([]byte, 32)
	k[31] = 7
	priv, err := ecdh.P256().NewPrivateKey(k)
	if err != nil {
		panic(err)
	}
	fmt.Println("p256 7G:", hex.EncodeToString(priv.PublicKey().Bytes()))
	fmt.Println("constant time:", subtle.ConstantTimeCompare([]byte("a"), []byte("a")))
}

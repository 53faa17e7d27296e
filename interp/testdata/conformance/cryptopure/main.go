// Command cryptopure uses the crypto packages whose compiled code is
// assembly on amd64 and arm64 (sha1, sha256, sha512, md5, aes-gcm,
// P-256, ed25519) and tls.X509KeyPair: the interpreter runs their pure-Go
// code (build tag purego), which gives the same bytes.
package main

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/hmac"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"fmt"
	"hash/crc32"
	"io"
	"strings"
)

const certPEM = `-----BEGIN CERTIFICATE-----
MIIBVTCB/aADAgECAgEqMAoGCCqGSM49BAMCMCIxCzAJBgNVBAoTAnZ0MRMwEQYD
VQQDEwp2dC5leGFtcGxlMB4XDTI1MDEwMTAwMDAwMFoXDTM1MDEwMTAwMDAwMFow
IjELMAkGA1UEChMCdnQxEzARBgNVBAMTCnZ0LmV4YW1wbGUwWTATBgcqhkjOPQIB
BggqhkjOPQMBBwNCAAR+6C6NuhiNANdAlkVOcAkm0horZZk2q/mz11pwm8g3nRM/
Cq8g7rRw37S4V+Sc8+YtzKBEVs3lpuLrX10nvleyoyQwIjAgBgNVHREEGTAXggp2
dC5leGFtcGxlgglsb2NhbGhvc3QwCgYIKoZIzj0EAwIDRwAwRAIgC7eHgFRHFbRl
fd2oihepEAYCcByt49LxQxqmSPVzpI0CIAgzpKn+mpC5T2o1kjm9RZV/tBbilklo
X0PuMHF7cwgZ
-----END CERTIFICATE-----
`

const keyPEM = `-----BEGIN EC PRIVATE KEY-----
MHcCAQEEIAB0XyvtigbV/R6R8VsiKT/6Bq9qyJeNNyeSRHLV6uM7oAoGCCqGSM49
AwEHoUQDQgAEfugujboYjQDXQJZFTnAJJtIaK2WZNqv5s9dacJvIN50TPwqvIO60
cN+0uFfknPPmLcygRFbN5abi619dJ75Xsg==
-----END EC PRIVATE KEY-----
`

// sig is an ECDSA signature of sha256("signed by vt") by the key above.
const sig = "3044022005915a5c05c8d81b510c3ddc68d63dae45853a74b5d7e0dc6cae7ac25ff3018a022060c1ca9fd78d1c84d39508533cb25836dd778f6a6f78d645409c737adf06283d"

func main() {
	data := []byte("The quick brown fox jumps over the lazy dog")
	fmt.Printf("md5    %x\n", md5.Sum(data))
	fmt.Printf("sha1   %x\n", sha1.Sum(data))
	fmt.Printf("sha224 %x\n", sha256.Sum224(data))
	fmt.Printf("sha256 %x\n", sha256.Sum256(data))
	fmt.Printf("sha384 %x\n", sha512.Sum384(data))
	fmt.Printf("sha512 %x\n", sha512.Sum512(data))
	fmt.Printf("sha3   %x\n", sha3.Sum256(data))
	fmt.Printf("crc32  %08x\n", crc32.ChecksumIEEE(data))

	// Streaming over block boundaries: the block functions see partial
	// and whole blocks.
	h := sha256.New()
	long := strings.Repeat("vt", 1000)
	for i := 0; i < len(long); i += 37 {
		io.WriteString(h, long[i:min(i+37, len(long))])
	}
	fmt.Printf("sha256 stream %x\n", h.Sum(nil))
	mac := hmac.New(sha512.New, []byte("key"))
	mac.Write(data)
	fmt.Printf("hmac   %x\n", mac.Sum(nil))

	block, err := aes.NewCipher([]byte("0123456789abcdef"))
	if err != nil {
		panic(err)
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		panic(err)
	}
	nonce := make([]byte, gcm.NonceSize())
	sealed := gcm.Seal(nil, nonce, data, []byte("ad"))
	fmt.Printf("gcm    %x\n", sealed)
	opened, err := gcm.Open(nil, nonce, sealed, []byte("ad"))
	fmt.Printf("open   %q %v\n", opened, err)
	sealed[0] ^= 1
	_, err = gcm.Open(nil, nonce, sealed, []byte("ad"))
	fmt.Println("tampered:", err)

	seed := sha256.Sum256([]byte("ed25519 seed"))
	priv := ed25519.NewKeyFromSeed(seed[:])
	edSig := ed25519.Sign(priv, data)
	fmt.Printf("ed25519 %x %v\n", edSig[:16], ed25519.Verify(priv.Public().(ed25519.PublicKey), data, edSig))

	pair, err := tls.X509KeyPair([]byte(certPEM), []byte(keyPEM))
	if err != nil {
		panic(err)
	}
	fmt.Println("key pair:", len(pair.Certificate), pair.Leaf.Subject.CommonName, pair.Leaf.DNSNames)
	_, err = tls.X509KeyPair([]byte(certPEM), []byte(strings.Replace(keyPEM, "MHcC", "MHcD", 1)))
	fmt.Println("bad key:", err != nil)

	b, _ := pem.Decode([]byte(certPEM))
	cert, err := x509.ParseCertificate(b.Bytes)
	if err != nil {
		panic(err)
	}
	fmt.Println("self-signed:", cert.CheckSignatureFrom(cert))
	pub := cert.PublicKey.(*ecdsa.PublicKey)
	digest := sha256.Sum256([]byte("signed by vt"))
	raw, _ := hex.DecodeString(sig)
	fmt.Println("ecdsa verify:", ecdsa.VerifyASN1(pub, digest[:], raw), ecdsa.VerifyASN1(pub, digest[1:], raw))
}

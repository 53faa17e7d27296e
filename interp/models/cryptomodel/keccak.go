package cryptomodel

import "math/bits"

// keccakRC are the round constants of Keccak-f[1600] (FIPS 202, 3.2.5).
var keccakRC = [24]uint64{
	0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000,
	0x000000000000808b, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
	0x000000000000008a, 0x0000000000000088, 0x0000000080008009, 0x000000008000000a,
	0x000000008000808b, 0x800000000000008b, 0x8000000000008089, 0x8000000000008003,
	0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a,
	0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
}

// keccakF1600 applies the 24 rounds of Keccak-f[1600] to the lanes s
// (s[x+5y] is lane (x, y)), step by step as FIPS 202 defines them.
func keccakF1600(s *[25]uint64) {
	for _, rc := range keccakRC {
		// θ: each lane XORs the parities of two neighbouring columns.
		var c [5]uint64
		for x := range 5 {
			c[x] = s[x] ^ s[x+5] ^ s[x+10] ^ s[x+15] ^ s[x+20]
		}
		for x := range 5 {
			d := c[(x+4)%5] ^ bits.RotateLeft64(c[(x+1)%5], 1)
			for y := 0; y < 25; y += 5 {
				s[x+y] ^= d
			}
		}
		// ρ and π: rotate each lane by its offset, move it to (y, 2x+3y).
		var b [25]uint64
		x, y := 1, 0
		b[0] = s[0]
		for t := range 24 {
			nx, ny := y, (2*x+3*y)%5
			b[nx+5*ny] = bits.RotateLeft64(s[x+5*y], ((t+1)*(t+2)/2)%64)
			x, y = nx, ny
		}
		// χ: each bit XORs the AND of the complement of the next lane
		// of its row with the one after.
		for y := 0; y < 25; y += 5 {
			for x := range 5 {
				s[y+x] = b[y+x] ^ (^b[y+(x+1)%5] & b[y+(x+2)%5])
			}
		}
		// ι
		s[0] ^= rc
	}
}

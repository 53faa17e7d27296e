// Program utf8iter checks ranging over strings with valid and invalid UTF-8
// (byte offsets, U+FFFD for bad bytes, width 1), indexing bytes vs runes,
// utf8 package functions, and conversion of invalid sequences.
package main

import (
	"fmt"
	"unicode/utf8"
)

func main() {
	inputs := []string{
		"abc",
		"héllo",
		"日本語",
		"a\xffb",
		"\xe6\x97",         // truncated 3-byte sequence
		"\xed\xa0\x80x",    // surrogate encoded: invalid
		"\xf0\x9f\x98\x80", // emoji
		"\xc0\xafz",        // overlong
		"",
	}
	for _, s := range inputs {
		fmt.Printf("%q valid=%v bytes=%d runes=%d:", s, utf8.ValidString(s), len(s), utf8.RuneCountInString(s))
		for i, r := range s {
			fmt.Printf(" [%d %U %q]", i, r, r)
		}
		fmt.Println()
		// range with only the index
		n := 0
		for i := range s {
			n += i
		}
		// byte loop
		sum := 0
		for i := 0; i < len(s); i++ {
			sum += int(s[i])
		}
		fmt.Println("  index sum", n, "byte sum", sum, "runes", []rune(s))
	}

	// DecodeRune / EncodeRune / DecodeLastRune
	b := []byte("a€\xff")
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		fmt.Printf("decode %q %d\n", r, size)
		b = b[size:]
	}
	r, size := utf8.DecodeLastRuneInString("x€")
	fmt.Println(string(r), size)
	buf := make([]byte, 4)
	for _, r := range []rune{'a', 'é', '€', '😀', utf8.MaxRune + 1, 0xDFFF} {
		n := utf8.EncodeRune(buf, r)
		fmt.Printf("%U -> % x (%d) RuneLen=%d ValidRune=%v\n", r, buf[:n], n, utf8.RuneLen(r), utf8.ValidRune(r))
	}
	fmt.Println(utf8.AppendRune(nil, '世'), utf8.FullRune([]byte{0xe4, 0xb8}), utf8.RuneStart(0x96))

	// string concatenation with invalid bytes keeps bytes
	s := "x" + string([]byte{0x80}) + "y"
	fmt.Println(len(s), []byte(s), fmt.Sprintf("%x %X % x", s, s, s))

	// reversing by runes
	rev := func(s string) string {
		rs := []rune(s)
		for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
			rs[i], rs[j] = rs[j], rs[i]
		}
		return string(rs)
	}
	fmt.Println(rev("Hello, 世界"), rev("a\xffb"))
}

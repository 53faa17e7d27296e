// Program conversions checks conversions between integers, floats and
// strings: string(rune) for valid/invalid/surrogate code points, []rune and
// []byte round trips, string of byte slices, strconv Itoa/Atoi/ParseInt
// errors, float<->int, and named types.
package main

import (
	"fmt"
	"strconv"
)

type Celsius float64
type Fahrenheit float64
type MyString string
type Bytes []byte

func CToF(c Celsius) Fahrenheit { return Fahrenheit(c*9/5 + 32) }

func main() {
	runes := []rune{'A', 0x263A, 0x10FFFF, 0x110000, -1, 0xD800, 0}
	for _, r := range runes {
		s := string(r)
		fmt.Printf("%d -> %q len=%d bytes=% x\n", r, s, len(s), []byte(s))
	}
	s := "héllo, 世界!"
	rs := []rune(s)
	bs := []byte(s)
	fmt.Println(len(s), len(rs), len(bs), string(rs[1]), string(rs[7:9]), string(bs[:2]))
	rs[0] = 'H'
	bs[0] = 'J'
	fmt.Println(string(rs), string(bs), s)
	fmt.Println([]byte("abc"), []rune("aé"), string([]byte{0xff, 'a'}), []rune(string([]byte{0xff, 'a'})))

	// integer conversions via strconv
	for _, in := range []string{"42", "-17", "0x1f", "9223372036854775807", "9223372036854775808", "abc", "", " 1", "+5", "1_000"} {
		n, err := strconv.Atoi(in)
		fmt.Printf("Atoi(%q) = %d, %v\n", in, n, err)
	}
	for _, in := range []string{"0x1f", "0b101", "0o17", "017", "1_000", "-0x80"} {
		n, err := strconv.ParseInt(in, 0, 8)
		fmt.Printf("ParseInt(%q,0,8) = %d, %v\n", in, n, err)
	}
	u, err := strconv.ParseUint("300", 10, 8)
	fmt.Println(u, err)
	fmt.Println(strconv.Itoa(-2147483648), strconv.FormatInt(-255, 16), strconv.FormatUint(1<<63, 2), strconv.FormatInt(35, 36))
	b, err := strconv.ParseBool("TRUE")
	fmt.Println(b, err, strconv.Quote("tab\there \"q\" é \x01"), strconv.QuoteToASCII("世界"), strconv.QuoteRune('☺'))
	uq, err := strconv.Unquote(`"a\tb\u00e9"`)
	fmt.Println(uq, err)
	_, err = strconv.Unquote(`"unterminated`)
	fmt.Println(err)

	// float <-> int
	f := 3.99
	i := int(f)
	fmt.Println(i, float64(i)/2, int(-f), uint8(int(f*100)), float32(i)/3)
	var c Celsius = 100
	fmt.Println(CToF(c), CToF(-40), Celsius(37.5))
	fmt.Printf("%T %T %v\n", c, CToF(c), float64(c)+0.5)

	// named string and byte types
	ms := MyString("named")
	fmt.Println(string(ms)+"!", MyString(Bytes("xyz")), len(ms), ms[1], Bytes(ms))
	fmt.Printf("%T %T %q\n", ms, Bytes(ms), ms)

	// byte/rune arithmetic
	var ch byte = 'a'
	ch += 25
	fmt.Println(ch, string(rune(ch)), 'z'-'a', string(rune('a'+2)))
	digits := ""
	for d := 0; d < 10; d++ {
		digits += string(rune('0' + d))
	}
	fmt.Println(digits, strconv.Itoa(len(digits)))

	// slice to array conversions
	sl := []int{1, 2, 3, 4}
	arr := [4]int(sl)
	arr[0] = 100
	ap := (*[2]int)(sl)
	ap[1] = 200
	fmt.Println(arr, sl, *ap)
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		_ = [8]int(sl)
	}()
}

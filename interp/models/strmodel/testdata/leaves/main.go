// Program leaves calls every function of strings and strconv that
// strmodel models, on ordinary and edge inputs (errors and panics
// included), and prints the results: interpreted, they must be the
// compiled program's.
package main

import (
	"fmt"
	"strconv"
	"strings"
)

var texts = []string{"", "a", "Hello, World", "  spaced  out\t\n", "ünïcödé ÄÖ", "a,b,,c", "xxxx", "go gopher", "\x00\xff"}

var subs = []string{"", "o", "l", ",", "Wo", "xx", "ö", " ", "zz"}

func main() {
	for _, s := range texts {
		fmt.Printf("%q: %q %q %q\n", s, strings.ToUpper(s), strings.ToLower(s), strings.TrimSpace(s))
		fmt.Printf(" fields %q\n", strings.Fields(s))
		for _, u := range subs {
			fmt.Println(" ", strings.Index(s, u), strings.Contains(s, u), strings.HasPrefix(s, u), strings.HasSuffix(s, u),
				strings.Count(s, u), strings.LastIndex(s, u), strings.IndexAny(s, u), strings.ContainsAny(s, u),
				strings.EqualFold(s, u), strings.Compare(s, u))
			fmt.Printf("  %q %q %q %q %q\n", strings.Trim(s, u), strings.TrimLeft(s, u), strings.TrimRight(s, u),
				strings.TrimPrefix(s, u), strings.TrimSuffix(s, u))
			fmt.Printf("  %q %q %q\n", strings.ReplaceAll(s, u, "<>"), strings.Replace(s, u, "-", 2), strings.Replace(s, u, "", -1))
			fmt.Printf("  %q %q %q\n", strings.Split(s, u), strings.SplitN(s, u, 2), strings.SplitN(s, u, 0))
		}
		for _, b := range []byte{'o', ',', 0xff} {
			fmt.Print(" ", strings.IndexByte(s, b))
		}
		for _, r := range []rune{'o', 'ö', 0xfffd, -1} {
			fmt.Print(" ", strings.IndexRune(s, r), strings.ContainsRune(s, r))
		}
		fmt.Println()
		for _, n := range []int{0, 1, 3} {
			fmt.Printf(" %q", strings.Repeat(s, n))
		}
		fmt.Println()
	}
	fmt.Println(repeat("ab", -1), repeat("ab", 1<<62), len(repeat(" ", 100)), len(repeat("-", 1000)))

	var b strings.Builder
	fmt.Printf("%q\n", b.String())
	for i := range 5 {
		b.WriteString(strconv.Itoa(i * 37))
		fmt.Printf("%q %d\n", b.String(), b.Len())
	}

	for _, i := range []int64{0, 7, 99, 100, -1, -100, 1 << 40, -1 << 63} {
		fmt.Println(strconv.Itoa(int(i)), strconv.FormatInt(i, 10), strconv.FormatInt(i, 2), strconv.FormatInt(i, 36),
			strconv.FormatUint(uint64(i), 10), strconv.FormatUint(uint64(i), 16), strconv.QuoteRune(rune(i)))
	}
	fmt.Println(format(1, 1), format(1, 37), strconv.FormatBool(true), strconv.FormatBool(false))
	for _, s := range texts {
		fmt.Println(strconv.Quote(s), strconv.QuoteToASCII(s))
	}
	for _, s := range []string{"0", "42", "-17", "+8", "0x1f", "1_000", "99999999999999999999", "", "x", " 1", "true", "F", "0b101"} {
		i, err := strconv.Atoi(s)
		fmt.Println(s, "Atoi", i, err)
		for _, base := range []int{0, 10, 16, 37} {
			for _, size := range []int{8, 64} {
				i64, err := strconv.ParseInt(s, base, size)
				u64, uerr := strconv.ParseUint(s, base, size)
				fmt.Println(" ", base, size, i64, err, u64, uerr)
			}
		}
		v, err := strconv.ParseBool(s)
		fmt.Println(" ParseBool", v, err)
	}
	// float32 conversions go through internal/strconv's float32bits.
	for _, f := range []float32{0, 1.5, -3.25e-20, 3.4e38, 1e-45} {
		s := strconv.FormatFloat(float64(f), 'g', -1, 32)
		g, err := strconv.ParseFloat(s, 32)
		fmt.Println(s, g, err)
	}
}

// repeat and format return the result of strings.Repeat and
// strconv.FormatInt, or the panic they raise.
func repeat(s string, n int) (out string) {
	defer func() {
		if r := recover(); r != nil {
			out = fmt.Sprint("panic: ", r)
		}
	}()
	return strings.Repeat(s, n)
}

func format(i int64, base int) (out string) {
	defer func() {
		if r := recover(); r != nil {
			out = fmt.Sprint("panic: ", r)
		}
	}()
	return strconv.FormatInt(i, base) + " " + strconv.FormatUint(uint64(i), base)
}

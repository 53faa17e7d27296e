// Program strbuild checks string building: strings.Builder (Grow, WriteByte,
// WriteRune, WriteString, Len, Reset), bytes.Buffer reads and writes,
// strconv Append* functions, string concatenation in loops, text
// formatting of a table, and strings.Repeat/Map/Title-free helpers.
package main

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
)

func main() {
	var b strings.Builder
	b.Grow(64)
	for i := 0; i < 5; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(i * i))
	}
	b.WriteByte('!')
	b.WriteRune('→')
	b.WriteRune('✓')
	fmt.Fprintf(&b, " %03d", 7)
	fmt.Println(b.String(), b.Len())
	b.Reset()
	fmt.Printf("%q %d\n", b.String(), b.Len())

	// strconv.Append*
	buf := []byte("vals:")
	buf = strconv.AppendInt(buf, -42, 10)
	buf = append(buf, ' ')
	buf = strconv.AppendUint(buf, 255, 16)
	buf = append(buf, ' ')
	buf = strconv.AppendFloat(buf, 3.25, 'f', 3, 64)
	buf = append(buf, ' ')
	buf = strconv.AppendBool(buf, true)
	buf = append(buf, ' ')
	buf = strconv.AppendQuote(buf, "q\"")
	buf = strconv.AppendQuoteRune(buf, 'é')
	fmt.Println(string(buf))

	// bytes.Buffer
	var bb bytes.Buffer
	bb.WriteString("line one\nline two\nthird")
	line, err := bb.ReadString('\n')
	fmt.Printf("%q %v\n", line, err)
	by, _ := bb.ReadByte()
	fmt.Println(string(by), bb.Len())
	bb.UnreadByte()
	rest, _ := io.ReadAll(&bb)
	fmt.Printf("%q %d\n", rest, bb.Len())
	_, err = bb.ReadByte()
	fmt.Println(err == io.EOF)
	bb.Write([]byte{'a', 'b'})
	bb.WriteRune('ü')
	fmt.Println(bb.String(), bb.Len(), bytes.ToUpper(bb.Bytes()))
	bb.Truncate(1)
	fmt.Println(bb.String())

	// concatenation
	s := ""
	for i := 0; i < 10; i++ {
		s += string(rune('a' + i))
		s += strconv.Itoa(i)
	}
	fmt.Println(s, len(s))

	// table formatting
	rows := [][]string{{"name", "qty", "price"}, {"apple", "3", "1.25"}, {"watermelon", "12", "0.5"}, {"kiwi", "100", "10"}}
	widths := make([]int, 3)
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], len(c))
		}
	}
	for ri, r := range rows {
		var lb strings.Builder
		for i, c := range r {
			if i == 0 {
				lb.WriteString(c + strings.Repeat(" ", widths[i]-len(c)))
			} else {
				lb.WriteString(" | " + strings.Repeat(" ", widths[i]-len(c)) + c)
			}
		}
		fmt.Println(lb.String())
		if ri == 0 {
			fmt.Println(strings.Repeat("-", lb.Len()))
		}
	}

	// strings.Map and manual case transforms
	rot13 := func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return 'a' + (r-'a'+13)%26
		case r >= 'A' && r <= 'Z':
			return 'A' + (r-'A'+13)%26
		}
		return r
	}
	enc := strings.Map(rot13, "Hello, World!")
	fmt.Println(enc, strings.Map(rot13, enc))
	dropVowels := strings.Map(func(r rune) rune {
		if strings.ContainsRune("aeiouAEIOU", r) {
			return -1
		}
		return r
	}, "Programming Language")
	fmt.Println(dropVowels)
	camel := func(s string) string {
		var out strings.Builder
		up := false
		for i, r := range s {
			switch {
			case r == '_' || r == '-' || r == ' ':
				up = true
			case up || i == 0:
				out.WriteRune(unicode.ToUpper(r))
				up = false
			default:
				out.WriteRune(r)
			}
		}
		return out.String()
	}
	fmt.Println(camel("hello_big-wide world"), camel("x"))

	// number formatting helpers
	commas := func(n int64) string {
		s := strconv.FormatInt(n, 10)
		neg := strings.HasPrefix(s, "-")
		if neg {
			s = s[1:]
		}
		var out []byte
		for i := range len(s) {
			if i > 0 && (len(s)-i)%3 == 0 {
				out = append(out, ',')
			}
			out = append(out, s[i])
		}
		if neg {
			return "-" + string(out)
		}
		return string(out)
	}
	for _, n := range []int64{0, 999, 1000, -1234567, 9223372036854775807} {
		fmt.Print(commas(n), " ")
	}
	fmt.Println()
	fmt.Println(strconv.FormatFloat(1234.5678, 'f', 2, 64), strconv.FormatFloat(0.000012, 'g', 3, 64), strconv.FormatFloat(-1, 'E', -1, 32))
}

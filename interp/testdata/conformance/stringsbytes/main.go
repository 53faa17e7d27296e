// Program stringsbytes checks functions from strings, bytes, unicode and
// unicode/utf8: Split/SplitN/SplitAfter/Fields/FieldsFunc, Trim variants,
// Index variants, Replace/ReplaceAll/NewReplacer, EqualFold, Title-case
// via unicode, Cut/CutPrefix, Count, Repeat, Compare, strings.Reader,
// bytes equivalents, and unicode classification.
package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

func main() {
	s := "  Hello, World! Hello, Go!  "
	fmt.Printf("%q\n", strings.TrimSpace(s))
	fmt.Printf("%q %q %q\n", strings.Trim(s, " !"), strings.TrimLeft(s, " H"), strings.TrimRight(s, "! "))
	fmt.Printf("%q %q\n", strings.TrimPrefix("prefix-body", "prefix-"), strings.TrimSuffix("file.go", ".go"))
	fmt.Println(strings.Contains(s, "World"), strings.ContainsAny(s, "xyz!"), strings.HasPrefix(s, "  H"), strings.HasSuffix(s, "Go!"))
	fmt.Println(strings.Index(s, "Hello"), strings.LastIndex(s, "Hello"), strings.IndexByte(s, 'W'), strings.IndexRune("chicken", 'k'), strings.IndexAny("golang", "nl"), strings.IndexFunc("abc1", unicode.IsDigit))
	fmt.Println(strings.Count("cheese", "e"), strings.Count("five", ""), strings.Repeat("ab", 3))
	fmt.Printf("%q\n", strings.Split("a,b,,c", ","))
	fmt.Printf("%q\n", strings.SplitN("a,b,c,d", ",", 2))
	fmt.Printf("%q\n", strings.SplitAfter("a,b,c", ","))
	fmt.Printf("%q\n", strings.Split("abc", ""))
	fmt.Printf("%q\n", strings.Fields("  foo bar\tbaz\n qux  "))
	fmt.Printf("%q\n", strings.FieldsFunc("a1b2c33d", unicode.IsDigit))
	fmt.Println(strings.Replace("oink oink oink", "k", "ky", 2), strings.ReplaceAll("oink oink", "oink", "moo"), strings.Replace("abc", "", "-", -1))
	r := strings.NewReplacer("<", "&lt;", ">", "&gt;", "&", "&amp;")
	fmt.Println(r.Replace("<a href=\"x&y\">"))
	fmt.Println(strings.ToUpper("héllo wörld"), strings.ToLower("ÀÉÎ"), strings.EqualFold("Straße", "STRASSE"), strings.EqualFold("Go", "GO"))
	before, after, found := strings.Cut("key=value=x", "=")
	fmt.Println(before, after, found)
	rest, ok := strings.CutPrefix("v1.2.3", "v")
	fmt.Println(rest, ok)
	fmt.Println(strings.Compare("a", "b"), strings.Compare("b", "a"), strings.Compare("x", "x"))
	fmt.Println(strings.Join([]string{"x", "y", "z"}, "/"), strings.Title("deprecated but works"))
	fmt.Println(strings.ContainsFunc("abc", unicode.IsUpper), strings.LastIndexByte("abcabc", 'b'), strings.TrimFunc("123abc456", unicode.IsDigit))

	// strings.Reader
	rd := strings.NewReader("hello reader")
	buf := make([]byte, 5)
	n, err := rd.Read(buf)
	fmt.Println(n, err, string(buf[:n]), rd.Len())
	rd.Seek(-6, io.SeekEnd)
	tail, _ := io.ReadAll(rd)
	fmt.Println(string(tail))

	// bytes
	b := []byte("The quick brown fox")
	fmt.Println(bytes.Contains(b, []byte("quick")), bytes.Index(b, []byte("brown")), bytes.Equal([]byte("a"), []byte("a")), bytes.Compare([]byte("a"), []byte("b")))
	fmt.Printf("%q\n", bytes.Fields(b))
	fmt.Printf("%s|%s|%s\n", bytes.ToUpper(b), bytes.TrimSpace([]byte("  x  ")), bytes.Join([][]byte{[]byte("a"), []byte("b")}, []byte("-")))
	fmt.Printf("%s\n", bytes.ReplaceAll(b, []byte("o"), []byte("0")))
	fmt.Println(bytes.HasPrefix(b, []byte("The")), bytes.Count(b, []byte("o")), bytes.IndexByte(b, 'q'))

	// unicode classification
	for _, c := range "aZ5 _\té世!" {
		fmt.Printf("%q L=%v U=%v l=%v D=%v S=%v P=%v Han=%v up=%q\n", c,
			unicode.IsLetter(c), unicode.IsUpper(c), unicode.IsLower(c), unicode.IsDigit(c),
			unicode.IsSpace(c), unicode.IsPunct(c), unicode.Is(unicode.Han, c), unicode.ToUpper(c))
	}
	fmt.Println(unicode.ToTitle('ǆ'), unicode.SimpleFold('A'), unicode.SimpleFold('k'), unicode.In('я', unicode.Cyrillic))
	fmt.Println(utf8.RuneCountInString("naïve café"), utf8.RuneLen('€'), utf8.ValidString("ok"))

	// palindromes and anagram signatures
	isPal := func(s string) bool {
		var rs []rune
		for _, r := range strings.ToLower(s) {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				rs = append(rs, r)
			}
		}
		for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
			if rs[i] != rs[j] {
				return false
			}
		}
		return true
	}
	for _, p := range []string{"A man, a plan, a canal: Panama", "hello", "Was it a car or a cat I saw?", ""} {
		fmt.Print(isPal(p), " ")
	}
	fmt.Println()
}

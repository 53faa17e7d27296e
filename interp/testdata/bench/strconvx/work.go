// Package strconvx is a benchmark program: strconv and strings (Itoa,
// Atoi, Builder, Split, Join, Contains, Repeat).
package strconvx

import (
	"strconv"
	"strings"
)

// Run formats n integers into comma-separated lines, splits and parses them
// back, and returns a checksum.
func Run(n int) int {
	sum := 0
	var b strings.Builder
	line := make([]string, 0, 16)
	for i := 0; i < n; i += 16 {
		line = line[:0]
		for j := i; j < i+16 && j < n; j++ {
			line = append(line, strconv.Itoa(j*31-n))
		}
		s := strings.Join(line, ",")
		b.WriteString(s)
		b.WriteByte('\n')
	}
	text := b.String()
	for _, l := range strings.Split(text, "\n") {
		if l == "" {
			continue
		}
		for _, f := range strings.Split(l, ",") {
			v, err := strconv.Atoi(f)
			if err != nil {
				return -1
			}
			sum += v
			if strings.HasPrefix(f, "-") {
				sum++
			}
		}
		if strings.Contains(l, "99") {
			sum += 7
		}
	}
	sum += strings.Count(text, "1")
	sum += len(strings.ToUpper(strings.Repeat("ab", 50)))
	sum += len(strconv.Quote("tab\there")) + len(strconv.FormatInt(int64(sum), 16))
	return sum
}

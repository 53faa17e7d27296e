// Program allocs prints testing.AllocsPerRun of the strings and strconv
// functions whose models declare their allocations (model.Func.Allocs):
// the counts are the gc compiler's, and the interpreter must report the
// same.
package main

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

var (
	sinkS  string
	sinkSS []string
)

func report(name string, f func()) {
	fmt.Printf("%-32s %v\n", name, testing.AllocsPerRun(100, f))
}

func main() {
	for _, s := range []string{"", "a", "abc", "Hello, World", "a,b,c,d"} {
		report("ToUpper "+s, func() { sinkS = strings.ToUpper(s) })
		report("ToLower "+s, func() { sinkS = strings.ToLower(s) })
		report("Replace "+s, func() { sinkS = strings.Replace(s, "l", "L", 1) })
		report("ReplaceAll "+s, func() { sinkS = strings.ReplaceAll(s, ",", ";") })
		report("Split "+s, func() { sinkSS = strings.Split(s, ",") })
		report("SplitN "+s, func() { sinkSS = strings.SplitN(s, ",", 2) })
		report("Fields "+s, func() { sinkSS = strings.Fields(s) })
		for _, n := range []int{0, 1, 2, 10} {
			report("Repeat "+s+" "+strconv.Itoa(n), func() { sinkS = strings.Repeat(s, n) })
		}
	}
	report("Repeat spaces", func() { sinkS = strings.Repeat(" ", 100) })
	report("Repeat dashes long", func() { sinkS = strings.Repeat("-", 200) })
	for _, i := range []int64{0, 7, 42, 99, 100, 12345, -5} {
		n := strconv.FormatInt(i, 10)
		report("Itoa "+n, func() { sinkS = strconv.Itoa(int(i)) })
		report("FormatInt 10 "+n, func() { sinkS = strconv.FormatInt(i, 10) })
		report("FormatInt 16 "+n, func() { sinkS = strconv.FormatInt(i, 16) })
		report("FormatUint 10 "+n, func() { sinkS = strconv.FormatUint(uint64(i), 10) })
		report("FormatUint 2 "+n, func() { sinkS = strconv.FormatUint(uint64(i), 2) })
	}
}

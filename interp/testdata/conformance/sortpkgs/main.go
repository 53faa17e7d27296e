// Program sortpkgs checks sort, slices, maps and cmp: sort.Ints/Strings/
// Float64s, sort.Slice and sort.SliceStable with multi-key comparators,
// sort.Sort with a custom type, sort.Search, slices.Sort/SortFunc/
// SortStableFunc/BinarySearch/Index/Contains/Reverse/Max/Min/Compact/
// Equal/Chunk, maps.Keys/Values sorted, and cmp.Compare/Or.
package main

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
)

type Employee struct {
	Name string
	Dept string
	Age  int
}

type byAge []Employee

func (a byAge) Len() int           { return len(a) }
func (a byAge) Swap(i, j int)      { a[i], a[j] = a[j], a[i] }
func (a byAge) Less(i, j int) bool { return a[i].Age < a[j].Age }

func main() {
	ints := []int{5, 2, 8, -1, 9, 2, 0, 7}
	sort.Ints(ints)
	fmt.Println(ints, sort.IntsAreSorted(ints), sort.SearchInts(ints, 7), sort.SearchInts(ints, 3))
	strs := []string{"banana", "Apple", "cherry", "apple", "Banana"}
	sort.Strings(strs)
	fmt.Println(strs)
	fl := []float64{2.5, -1, 3.25, 0}
	sort.Float64s(fl)
	fmt.Println(fl)
	sort.Sort(sort.Reverse(sort.IntSlice(ints)))
	fmt.Println(ints)

	emps := []Employee{
		{"Alice", "eng", 30}, {"Bob", "ops", 25}, {"Carol", "eng", 25},
		{"Dan", "ops", 30}, {"Eve", "eng", 35}, {"Frank", "hr", 25},
	}
	byDeptAge := slices.Clone(emps)
	sort.Slice(byDeptAge, func(i, j int) bool {
		if byDeptAge[i].Dept != byDeptAge[j].Dept {
			return byDeptAge[i].Dept < byDeptAge[j].Dept
		}
		if byDeptAge[i].Age != byDeptAge[j].Age {
			return byDeptAge[i].Age < byDeptAge[j].Age
		}
		return byDeptAge[i].Name < byDeptAge[j].Name
	})
	fmt.Println(byDeptAge)
	stable := slices.Clone(emps)
	sort.SliceStable(stable, func(i, j int) bool { return stable[i].Age < stable[j].Age })
	fmt.Println(stable)
	st2 := slices.Clone(emps)
	sort.Stable(byAge(st2))
	fmt.Println(slices.Equal(stable, st2))
	st3 := slices.Clone(emps)
	slices.SortStableFunc(st3, func(a, b Employee) int { return cmp.Compare(b.Age, a.Age) })
	fmt.Println(st3)
	slices.SortFunc(st3, func(a, b Employee) int {
		return cmp.Or(cmp.Compare(a.Dept, b.Dept), strings.Compare(b.Name, a.Name))
	})
	fmt.Println(st3)

	idx := sort.Search(100, func(i int) bool { return i*i >= 50 })
	fmt.Println("first square >= 50:", idx)
	words := []string{"delta", "alpha", "charlie", "bravo"}
	slices.Sort(words)
	pos, found := slices.BinarySearch(words, "charlie")
	pos2, found2 := slices.BinarySearch(words, "beta")
	fmt.Println(words, pos, found, pos2, found2)
	fmt.Println(slices.Index(words, "delta"), slices.Contains(words, "echo"), slices.Max(words), slices.Min([]int{3, -2, 9}))
	slices.Reverse(words)
	fmt.Println(words, slices.IsSorted(words))
	fmt.Println(slices.Compact([]string{"a", "a", "b", "a", "a"}), slices.Repeat([]int{1, 2}, 3))
	for c := range slices.Chunk([]int{1, 2, 3, 4, 5, 6, 7}, 3) {
		fmt.Print(c, " ")
	}
	fmt.Println()
	fmt.Println(slices.IndexFunc(emps, func(e Employee) bool { return e.Age > 30 }), slices.ContainsFunc(emps, func(e Employee) bool { return e.Dept == "qa" }))

	byDept := map[string][]string{}
	for _, e := range emps {
		byDept[e.Dept] = append(byDept[e.Dept], e.Name)
	}
	for _, d := range slices.Sorted(maps.Keys(byDept)) {
		fmt.Println(d, byDept[d])
	}
	ages := map[string]int{}
	for _, e := range emps {
		ages[e.Name] = e.Age
	}
	fmt.Println(slices.Sorted(maps.Values(ages)))
	names := slices.SortedFunc(maps.Keys(ages), func(a, b string) int {
		return cmp.Or(cmp.Compare(ages[a], ages[b]), cmp.Compare(a, b))
	})
	fmt.Println(names)

	// sorting a large pseudo-random slice deterministically
	xs := make([]int, 1000)
	seed := uint32(12345)
	for i := range xs {
		seed = seed*1664525 + 1013904223
		xs[i] = int(seed >> 16 % 1000)
	}
	ys := slices.Clone(xs)
	sort.Ints(xs)
	slices.Sort(ys)
	fmt.Println(slices.Equal(xs, ys), xs[:10], xs[990:], slices.IsSorted(xs))
	fmt.Println(cmp.Compare(1.0, 2.0), cmp.Less("b", "a"), cmp.Or("", "x", "y"))
}

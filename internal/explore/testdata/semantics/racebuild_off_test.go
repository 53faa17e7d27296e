//go:build !race

package semantics

// raceBuild says whether the package was built with the race build tag, as
// go test -race builds it (and as vt loads every package).
const raceBuild = false

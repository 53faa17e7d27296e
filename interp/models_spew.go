package interp

// Models of go-spew (also vendored inside testify as its internal/spew),
// which reaches into reflect.Value's flag word with pointer arithmetic to
// read unexported fields. Its init only measures that word;
// unsafeReflectValue clears the read-only bits, which the reflect model
// keeps in reflect's own layout.

func spewModels(pkg string) modelTable {
	return modelTable{
		pkg + ".init#1": native("measures reflect.Value's layout with unsafe", func(*machine, []value) value { return value{} }),
		pkg + ".unsafeReflectValue": native("rewrites reflect.Value's flag word with unsafe", func(_ *machine, a []value) value {
			es := a[0].elems()
			if len(es) != 3 || es[0].r == nil {
				return a[0]
			}
			out := []value{es[0], es[1], {n: es[2].n&^(1<<5|1<<6) | 1<<8}}
			return value{r: out}
		}),
	}
}
